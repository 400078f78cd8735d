// remittances-and-payouts §2 'Transaction details': the popup a reference or pay-in id opens, or a second click on a
// row that is not reprocessable.
import { Modal } from '@mantine/core';
import type { RemittanceRow } from '../api/list-remittances';
import { FieldList } from '../../../render/FieldList';
import { detailFields } from './remittance-fields';

export const DETAILS_TITLE = 'Transaction Details';

export function RemittanceDetailsModal({ row, onClose }: { row: RemittanceRow | null; onClose: () => void }) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={DETAILS_TITLE} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {row && <FieldList fields={detailFields(row)} />}
    </Modal>
  );
}
