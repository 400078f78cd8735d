// PUT api/v1/id/tenant (createTenant): a new tenant, which is at once an identity client (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import type { TenantRecord } from './get-tenant';
import { getTenantsQueryOptions } from './list-tenants';
import { TENANT_SELECTIONS_KEY } from './tenant-selections';

export type CreateTenantInput = components['schemas']['CreateTenantRequest']['data'];

export async function createTenant(input: CreateTenantInput): Promise<TenantRecord> {
  const { data } = unwrap(await api.PUT('/api/v1/id/tenant', { body: { data: input } }));
  return { id: data.id, ...data.attributes };
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTenantsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: TENANT_SELECTIONS_KEY }),
      ]),
  });
}
