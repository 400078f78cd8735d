// GET api/v1/search/wallet-transactions (searchWalletTransactions): transactions by reference over every date,
// scoped by the gateway as the wallet transactions list is (the command palette, a transaction's details).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { flattenList } from '../../../api/jsonapi';
import { MIN_SEARCH_LENGTH } from '../../../api/search';
import { asTransactionRow, type WalletTransactionRow } from './list-wallet-transactions';

export async function searchWalletTransactions(text: string, signal?: AbortSignal): Promise<WalletTransactionRow[]> {
  const query = { 'filter[query]': text, 'page[size]': 8 };
  const document = unwrap(await api.GET('/api/v1/search/wallet-transactions', { params: { query }, signal }));
  return flattenList(document).rows.map(asTransactionRow);
}

export function searchWalletTransactionsQueryOptions(tenant: string | null, text: string) {
  return queryOptions({
    queryKey: ['search-wallet-transactions', tenant, text],
    queryFn: ({ signal }) => searchWalletTransactions(text, signal),
    enabled: text.trim().length >= MIN_SEARCH_LENGTH,
    staleTime: 30_000,
  });
}
