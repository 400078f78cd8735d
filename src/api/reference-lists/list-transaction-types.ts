// GET api/v1/tx/transactiontypes (listTransactionTypes): the options of the Service Type filter (users-and-wallets §3).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';
import { REFERENCE_STALE_MS, referenceKey, referenceRows } from './reference-rows';

export type TransactionTypeRow = { id: string } & components['schemas']['TransactionType']['attributes'];

export async function listTransactionTypes(signal?: AbortSignal): Promise<TransactionTypeRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/tx/transactiontypes', { signal })).data);
}

export function getTransactionTypesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: referenceKey('transaction-types', tenant),
    queryFn: ({ signal }) => listTransactionTypes(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}
