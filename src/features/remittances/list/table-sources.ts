// How the remittance table (schemas/tables/remittances.json: operation listRemittances) fetches and shows its rows:
// the Pay-in ID uppercased (remittances-and-payouts §2). The app passes these to every table (src/app/table-sources.ts).
import type { FlatRecord } from '../../../api/jsonapi';
import { tablePageQuery } from '../../../api/resource';
import { tableSource, type TableSources } from '../../../render/table/table-sources';

export function withUppercasePayinId(rows: readonly FlatRecord[]): FlatRecord[] {
  return rows.map((row) => (typeof row.payinId === 'string' ? { ...row, payinId: row.payinId.toUpperCase() } : row));
}

export const remittanceTableSources: TableSources = {
  listRemittances: tableSource(tablePageQuery('listRemittances'), { rows: withUppercasePayinId }),
};
