// PATCH api/v1/id/apiscope/{id} (updateApiScope): the attributes sent change (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getApiScopeQueryOptions } from './get-api-scope';
import { getApiResourcesQueryOptions } from './list-api-resources';
import { getApiScopesQueryOptions, type ApiScopeRecord } from './list-api-scopes';

export type ApiScopeChanges = components['schemas']['UpdateApiScopeRequest']['data']['attributes'];

export async function updateApiScope({ id, changes }: { id: string; changes: ApiScopeChanges }): Promise<ApiScopeRecord> {
  const { data } = unwrap(
    await api.PATCH('/api/v1/id/apiscope/{id}', { params: { path: { id } }, body: { data: { type: 'Scope', id, attributes: changes } } }),
  );
  return { id: data.id, type: data.type, ...data.attributes };
}

export function useUpdateApiScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiScope,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getApiScopesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getApiScopeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getApiResourcesQueryOptions().queryKey }),
      ]),
  });
}
