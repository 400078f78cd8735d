// A remittance as the table hands it over: the listRemittances row the contract types, flattened (src/api/resource.ts).
import type { FlatRecord } from '../../api/jsonapi';
import type { RowOf } from '../../api/resource';

export type RemittanceRow = RowOf<'listRemittances'>;

/** The table's rows are its list operation's rows; this only names their type. */
export function asRemittanceRow(row: FlatRecord): RemittanceRow {
  return row as RemittanceRow;
}
