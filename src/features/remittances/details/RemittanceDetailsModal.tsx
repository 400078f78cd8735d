// remittances-and-payouts §2 'Transaction details': the popup a reference or pay-in id opens, or a second click on a
// row that is not reprocessable.
import { Modal } from '@mantine/core';
import type { RemittanceRow } from '../api/list-remittances';
import { FieldList } from '../../../render/FieldList';
import { detailFields, type Field } from './remittance-fields';

export const DETAILS_TITLE = 'Transaction Details';

export interface RemittanceDetailsModalProps {
  row: RemittanceRow | null;
  onClose: () => void;
  /** What the popup lists: every field by default; a reference in the pay-in and pay-out tables shows fewer (§2). */
  fields?: (row: RemittanceRow) => Field[];
}

export function RemittanceDetailsModal({ row, onClose, fields = detailFields }: RemittanceDetailsModalProps) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={DETAILS_TITLE} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {row && <FieldList fields={fields(row)} />}
    </Modal>
  );
}
