// GET api/v1/um/status (listStatuses): a reference list of users-and-wallets §3.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';
import { REFERENCE_STALE_MS, referenceKey, referenceRows } from './reference-rows';

export type StatusRow = { id: string } & components['schemas']['StatusEntry']['attributes'];

export async function listStatuses(signal?: AbortSignal): Promise<StatusRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/um/status', { signal })).data);
}

export function getListStatusesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: referenceKey('statuses', tenant),
    queryFn: ({ signal }) => listStatuses(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}
