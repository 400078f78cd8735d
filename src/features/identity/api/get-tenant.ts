// GET api/v1/id/tenant/{id} with include (getTenant): the tenant and its lists, for the update and duplicate forms (IC §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type TenantRecord = { id: string } & components['schemas']['TenantAttributes'];

/** The update form shows every list of the tenant (IC §3). */
export const TENANT_INCLUDE = 'grantTypes,scopes,claims,secrets';

export async function getTenant(id: string, signal?: AbortSignal): Promise<TenantRecord> {
  const { data } = unwrap(await api.GET('/api/v1/id/tenant/{id}', { params: { path: { id }, query: { include: TENANT_INCLUDE } }, signal }));
  return { id: data.id, ...data.attributes };
}

export function getTenantQueryOptions(id?: string) {
  return queryOptions({
    queryKey: id === undefined ? ['tenant'] : ['tenant', id],
    queryFn: ({ signal }) => getTenant(id ?? '', signal),
    enabled: id !== undefined && id !== '',
  });
}

export function useTenant(id: string | undefined) {
  return useQuery(getTenantQueryOptions(id));
}
