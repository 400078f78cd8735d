// GET api/v1/um/roles (listRoles): a reference list of users-and-wallets §3.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';
import { REFERENCE_STALE_MS, referenceKey, referenceRows } from './reference-rows';

export type RoleRow = { id: string } & components['schemas']['RoleEntry']['attributes'];

export async function listRoles(signal?: AbortSignal): Promise<RoleRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/um/roles', { signal })).data);
}

export function getListRolesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: referenceKey('roles', tenant),
    queryFn: ({ signal }) => listRoles(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useRoles(tenant: string | null) {
  return useQuery(getListRolesQueryOptions(tenant));
}
