// remittances-and-payouts §2 'Transaction details': the popup a reference or pay-in id opens, or a second click on a
// row that is not reprocessable. Its History tab (schemas/screens/remittances.json history) shows the row's audit trail.
import { Modal, Tabs } from '@mantine/core';
import type { RemittanceRow } from '../remittance-row';
import { RecordHistory } from '../../../render/audit';
import { FieldList } from '../../../render/FieldList';
import { detailFields, type Field } from './remittance-fields';

export const DETAILS_TITLE = 'Transaction Details';
/** The audit entity of a remittance's rows (the contract's "Remittances and payouts" Audit). */
const REMITTANCE_AUDIT_ENTITIES = ['remittance'] as const;

export interface RemittanceDetailsModalProps {
  row: RemittanceRow | null;
  onClose: () => void;
  /** What the popup lists: every field by default; a reference in the pay-in and pay-out tables shows fewer (§2). */
  fields?: (row: RemittanceRow) => Field[];
  /** Whether the History tab shows (the audit trail is role 4's). */
  showsHistory?: boolean;
}

export function RemittanceDetailsModal({ row, onClose, fields = detailFields, showsHistory = false }: RemittanceDetailsModalProps) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={DETAILS_TITLE} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {row &&
        (showsHistory ? (
          <Tabs defaultValue="details" keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="history">History</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <FieldList fields={fields(row)} />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <RecordHistory entities={REMITTANCE_AUDIT_ENTITIES} entityId={row.id} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <FieldList fields={fields(row)} />
        ))}
    </Modal>
  );
}
