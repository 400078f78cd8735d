// PATCH api/v1/id/tenant/{id} (updateTenant): the attributes sent change, lists replace lists (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getTenantQueryOptions, type TenantRecord } from './get-tenant';
import { getTenantsQueryOptions } from './list-tenants';
import { TENANT_SELECTIONS_KEY } from './tenant-selections';

export type TenantChanges = components['schemas']['UpdateTenantRequest']['data']['attributes'];

export async function updateTenant({ id, changes }: { id: string; changes: TenantChanges }): Promise<TenantRecord> {
  const { data } = unwrap(
    await api.PATCH('/api/v1/id/tenant/{id}', { params: { path: { id } }, body: { data: { type: 'Tenant', id, attributes: changes } } }),
  );
  return { id: data.id, ...data.attributes };
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTenantsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getTenantQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: TENANT_SELECTIONS_KEY }),
      ]),
  });
}
