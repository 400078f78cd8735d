// A wallet transaction as the tables and panels read it: the listWalletTransactions / searchWalletTransactions row
// flattened by src/api/jsonapi.ts (users-and-wallets §7).
import type { components } from '../../../api/gateway';
import type { FlatRecord } from '../../../api/jsonapi';

/** A transaction as a row: `{ id, ...attributes }` (the attribute `type`, the type code, replaces the resource type). */
export type WalletTransactionRow = { id: string } & components['schemas']['WalletTransaction']['attributes'];

/** The contract types the flattened resource; this only names that type. */
export function asTransactionRow(row: FlatRecord): WalletTransactionRow {
  return row as unknown as WalletTransactionRow;
}
