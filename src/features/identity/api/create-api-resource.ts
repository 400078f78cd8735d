// PUT api/v1/id/apiresource (createApiResource): a new resource, without scopes (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getApiResourcesQueryOptions, type ApiResourceRecord } from './list-api-resources';

export type ApiResourceInput = components['schemas']['CreateApiResourceRequest']['data']['attributes'];

export async function createApiResource(attributes: ApiResourceInput): Promise<ApiResourceRecord> {
  const { data } = unwrap(await api.PUT('/api/v1/id/apiresource', { body: { data: { type: 'Resource', attributes } } }));
  return { id: data.id, type: data.type, ...data.attributes };
}

export function useCreateApiResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiResource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiResourcesQueryOptions().queryKey }),
  });
}
