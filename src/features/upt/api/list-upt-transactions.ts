// GET api/v1/upt/transaction (listUptTransactions): one page of the tenant's universal payment transactions as last
// synchronised, each row carrying the table's and the report's fields (remittances-and-payouts §2, §3, §7).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../../../api/jsonapi';

type ListUptTransactionsQuery = NonNullable<operations['listUptTransactions']['parameters']['query']>;

export interface UptTransactionsPage {
  rows: FlatRecord[];
  meta: ListMeta;
}

/** `params` are list parameters as text (src/render/table listParams plus the date range). */
export async function listUptTransactions(params: Record<string, string>, signal?: AbortSignal): Promise<UptTransactionsPage> {
  // The table file's filter and sort names are checked against the contract (npm run check:config).
  const query = params as unknown as ListUptTransactionsQuery;
  const document = unwrap(await api.GET('/api/v1/upt/transaction', { params: { query }, signal }));
  const { rows, meta } = flattenList(document);
  return { rows, meta };
}

export interface UptListKey {
  tenant: string | null;
  params: Record<string, string>;
}

export function getUptTransactionsQueryOptions(key?: UptListKey) {
  return queryOptions({
    queryKey: key ? ['upt-transactions', key.tenant, key.params] : ['upt-transactions'],
    queryFn: ({ signal }) => listUptTransactions(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
