// GET api/v1/um/groups (listGroups): a reference list of users-and-wallets §3.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';
import { REFERENCE_STALE_MS, referenceKey, referenceRows } from './reference-rows';

export type GroupRow = { id: string } & components['schemas']['Group']['attributes'];

export async function listGroups(signal?: AbortSignal): Promise<GroupRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/um/groups', { signal })).data);
}

export function getListGroupsQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: referenceKey('groups', tenant),
    queryFn: ({ signal }) => listGroups(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useGroups(tenant: string | null) {
  return useQuery(getListGroupsQueryOptions(tenant));
}
