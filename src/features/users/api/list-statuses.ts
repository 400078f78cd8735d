// GET api/v1/um/status (listStatuses): a reference list of users-and-wallets §3.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { REFERENCE_STALE_MS, referenceRows } from './reference-list';

export type StatusRow = { id: string } & components['schemas']['StatusEntry']['attributes'];

export async function listStatuses(signal?: AbortSignal): Promise<StatusRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/um/status', { signal })).data);
}

export function getListStatusesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: tenant === undefined ? ['statuses'] : ['statuses', tenant],
    queryFn: ({ signal }) => listStatuses(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useStatuses(tenant: string | null) {
  return useQuery(getListStatusesQueryOptions(tenant));
}
