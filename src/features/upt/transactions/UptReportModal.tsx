// remittances-and-payouts §2: the modal a universal payment row opens, listing the configured report fields.
import { Modal } from '@mantine/core';
import type { FlatRecord } from '../../../api/jsonapi';
import { useConfig } from '../../../config/context';
import { FieldList } from '../../../render/FieldList';
import { reportFields } from './report-fields';

export const UPT_REPORT_TABLE = 'upt-transaction-report';

export function UptReportModal({ row, onClose }: { row: FlatRecord | null; onClose: () => void }) {
  const { set } = useConfig();
  const table = set.tables[UPT_REPORT_TABLE];
  if (!table) throw new Error(`The universal payment modal lists schemas/tables/${UPT_REPORT_TABLE}.json; restore it, then run npm run check:config`);
  return (
    <Modal opened={row !== null} onClose={onClose} title={table.title ?? UPT_REPORT_TABLE} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {row && <FieldList fields={reportFields(row, table)} cols={3} />}
    </Modal>
  );
}
