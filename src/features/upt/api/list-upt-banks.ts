// GET api/v1/upt/bank-data (listUptBanks): the universal payment service's banks, paged, sorted and filtered
// (remittances-and-payouts §2, §7); the same for every tenant.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../../../api/jsonapi';

type ListUptBanksQuery = NonNullable<operations['listUptBanks']['parameters']['query']>;

export type UptBankRow = { id: string } & components['schemas']['UptBank']['attributes'];

/** The contract types the flattened resource; this only names that type. */
export function asUptBankRow(row: FlatRecord): UptBankRow {
  return row as unknown as UptBankRow;
}

export async function listUptBanks(params: Record<string, string>, signal?: AbortSignal): Promise<{ rows: FlatRecord[]; meta: ListMeta }> {
  const query = params as unknown as ListUptBanksQuery;
  return flattenList(unwrap(await api.GET('/api/v1/upt/bank-data', { params: { query }, signal })));
}

export function getUptBanksQueryOptions(key?: { tenant: string | null; params: Record<string, string> }) {
  return queryOptions({
    queryKey: key ? ['upt-banks', key.params] : ['upt-banks'],
    queryFn: ({ signal }) => listUptBanks(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
