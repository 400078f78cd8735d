// PUT api/v1/id/apiscope (createApiScope): a new scope of a resource (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getApiResourcesQueryOptions } from './list-api-resources';
import { getApiScopesQueryOptions, type ApiScopeRecord } from './list-api-scopes';

export type ApiScopeInput = components['schemas']['CreateApiScopeRequest']['data']['attributes'];

export async function createApiScope(attributes: ApiScopeInput): Promise<ApiScopeRecord> {
  const { data } = unwrap(await api.PUT('/api/v1/id/apiscope', { body: { data: { type: 'Scope', attributes } } }));
  return { id: data.id, type: data.type, ...data.attributes };
}

export function useCreateApiScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiScope,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getApiScopesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getApiResourcesQueryOptions().queryKey }),
      ]),
  });
}
