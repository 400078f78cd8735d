// GET api/v1/id/apiscope/{resourceId}/{id} (getApiScope): one scope of a resource, for the scope form (IC §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { ApiScopeRecord } from './list-api-scopes';

export async function getApiScope(resourceId: string, id: string, signal?: AbortSignal): Promise<ApiScopeRecord> {
  const { data } = unwrap(await api.GET('/api/v1/id/apiscope/{resourceId}/{id}', { params: { path: { resourceId, id } }, signal }));
  return { id: data.id, type: data.type, ...data.attributes };
}

export function getApiScopeQueryOptions(key?: { resourceId: string; id: string }) {
  return queryOptions({
    queryKey: key ? ['api-scope', key.resourceId, key.id] : ['api-scope'],
    queryFn: ({ signal }) => getApiScope(key?.resourceId ?? '', key?.id ?? '', signal),
    enabled: key !== undefined && key.id !== '',
  });
}

export function useApiScope(key: { resourceId: string; id: string } | undefined) {
  return useQuery(getApiScopeQueryOptions(key));
}
