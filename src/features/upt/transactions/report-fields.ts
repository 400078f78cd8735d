// remittances-and-payouts §2: a universal payment row's modal lists the configured report fields, the columns of
// schemas/tables/upt-transaction-report.json in their order, formatted as the table formats them (§9).
import { readPath, type FlatRecord } from '../../../api/jsonapi';
import type { TableConfig } from '../../../config/types';
import type { Field } from '../../../render/FieldList';
import { formatAmount, formatDate, formatNumber } from '../../../render/format';

function shown(value: unknown, format: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (format === 'money') return formatAmount(value as string | number);
  if (format === 'number') return formatNumber(value as string | number);
  if (format === 'date') return formatDate(value as string);
  return String(value);
}

export function reportFields(row: FlatRecord, table: TableConfig): Field[] {
  return table.columns.flatMap((column) => (column.field ? [{ label: column.header, value: shown(readPath(row, column.field), column.format) }] : []));
}
