// GET api/v1/wallet-transactions (listWalletTransactions): one page of wallet transactions with the list meta
// (users-and-wallets §7: page, sort, filters including the user and the date range; remittances-and-payouts §7).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../../../api/jsonapi';

type ListWalletTransactionsQuery = NonNullable<operations['listWalletTransactions']['parameters']['query']>;

/** A transaction as a row: `{ id, ...attributes }` (the attribute `type`, the type code, replaces the resource type). */
export type WalletTransactionRow = { id: string } & components['schemas']['WalletTransaction']['attributes'];

export interface WalletTransactionsPage {
  /** As the tables take them (src/api/jsonapi.ts); `asTransactionRow` reads one. */
  rows: FlatRecord[];
  meta: ListMeta;
}

/** The contract types the flattened resource; this only names that type. */
export function asTransactionRow(row: FlatRecord): WalletTransactionRow {
  return row as unknown as WalletTransactionRow;
}

/** `params` are list parameters as text (src/render/table listParams plus filter[userId] or the date range). */
export async function listWalletTransactions(params: Record<string, string>, signal?: AbortSignal): Promise<WalletTransactionsPage> {
  // The table files are checked against the contract's parameters (npm run check:config), so the names fit.
  const query = params as unknown as ListWalletTransactionsQuery;
  const document = unwrap(await api.GET('/api/v1/wallet-transactions', { params: { query }, signal }));
  const { rows, meta } = flattenList(document);
  return { rows, meta };
}

export interface WalletTransactionsKey {
  /** The tenant whose token fetches the list: a switch must not show the previous tenant's rows. */
  tenant: string | null;
  params: Record<string, string>;
}

export function getWalletTransactionsQueryOptions(key?: WalletTransactionsKey) {
  return queryOptions({
    queryKey: key ? ['wallet-transactions', key.tenant, key.params] : ['wallet-transactions'],
    queryFn: ({ signal }) => listWalletTransactions(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
