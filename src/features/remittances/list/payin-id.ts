// remittances-and-payouts §2: the remittance table shows the Pay-in ID uppercased (the table source in ../manifest.ts).
import type { FlatRecord } from '../../../api/jsonapi';

export function withUppercasePayinId(rows: readonly FlatRecord[]): FlatRecord[] {
  return rows.map((row) => (typeof row.payinId === 'string' ? { ...row, payinId: row.payinId.toUpperCase() } : row));
}
