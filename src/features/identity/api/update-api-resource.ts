// PATCH api/v1/id/apiresource/{id} (updateApiResource): the attributes sent change; `scopes` names the scopes to keep,
// so a scope unchecked on the form is removed (IC §2, §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getApiResourceQueryOptions } from './get-api-resource';
import { getApiResourcesQueryOptions, type ApiResourceRecord } from './list-api-resources';
import { getApiScopesQueryOptions } from './list-api-scopes';

export type ApiResourceChanges = components['schemas']['UpdateApiResourceRequest']['data']['attributes'];

export async function updateApiResource({ id, changes }: { id: string; changes: ApiResourceChanges }): Promise<ApiResourceRecord> {
  const { data } = unwrap(
    await api.PATCH('/api/v1/id/apiresource/{id}', { params: { path: { id } }, body: { data: { type: 'Resource', id, attributes: changes } } }),
  );
  return { id: data.id, type: data.type, ...data.attributes };
}

export function useUpdateApiResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiResource,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getApiResourcesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getApiResourceQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getApiScopesQueryOptions().queryKey }),
      ]),
  });
}
