// GET api/v1/tx/transactiontypes (listTransactionTypes): the options of the Service Type filter (users-and-wallets §3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type TransactionTypeRow = { id: string } & components['schemas']['TransactionType']['attributes'];

/** Reference lists change only when an admin edits them. */
const REFERENCE_STALE_MS = 10 * 60_000;

export async function listTransactionTypes(signal?: AbortSignal): Promise<TransactionTypeRow[]> {
  const document = unwrap(await api.GET('/api/v1/tx/transactiontypes', { signal }));
  return document.data.map((entry) => ({ id: entry.id, ...entry.attributes }));
}

export function getTransactionTypesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: tenant === undefined ? ['transaction-types'] : ['transaction-types', tenant],
    queryFn: ({ signal }) => listTransactionTypes(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useTransactionTypes(tenant: string | null) {
  return useQuery(getTransactionTypesQueryOptions(tenant));
}
