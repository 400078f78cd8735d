// GET api/v1/id/apiresource/{id} (getApiResource): one resource with its scopes' names, for the resource form (IC §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { ApiResourceRecord } from './list-api-resources';

export async function getApiResource(id: string, signal?: AbortSignal): Promise<ApiResourceRecord> {
  const { data } = unwrap(await api.GET('/api/v1/id/apiresource/{id}', { params: { path: { id } }, signal }));
  return { id: data.id, type: data.type, ...data.attributes };
}

export function getApiResourceQueryOptions(id?: string) {
  return queryOptions({
    queryKey: id === undefined ? ['api-resource'] : ['api-resource', id],
    queryFn: ({ signal }) => getApiResource(id ?? '', signal),
    enabled: id !== undefined && id !== '',
  });
}

export function useApiResource(id: string | undefined) {
  return useQuery(getApiResourceQueryOptions(id));
}
