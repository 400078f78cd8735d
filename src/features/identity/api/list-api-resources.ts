// GET api/v1/id/apiresource (listApiResources): a page of resources for the resources table, or every resource with
// getAll=true for the scope form's resource choice (IC §2, §7).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/gateway';
import { flattenList, type ListMeta } from '../../../api/jsonapi';

type ListApiResourcesQuery = NonNullable<operations['listApiResources']['parameters']['query']>;

export type ApiResourceRecord = { id: string; type: string } & components['schemas']['ApiResource']['attributes'];

export interface ApiResourcesPage {
  rows: ApiResourceRecord[];
  meta: ListMeta;
}

export async function listApiResources(params: Record<string, string>, signal?: AbortSignal): Promise<ApiResourcesPage> {
  const query = params as unknown as ListApiResourcesQuery;
  const document = unwrap(await api.GET('/api/v1/id/apiresource', { params: { query }, signal }));
  return { rows: document.data.map((resource) => ({ id: resource.id, type: resource.type, ...resource.attributes })), meta: flattenList(document).meta };
}

export interface ApiResourcesListKey {
  tenant: string | null;
  params: Record<string, string>;
}

export function getApiResourcesQueryOptions(key?: ApiResourcesListKey) {
  return queryOptions({
    queryKey: key ? ['api-resources', key.params] : ['api-resources'],
    queryFn: ({ signal }) => listApiResources(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllApiResources() {
  return useQuery(getApiResourcesQueryOptions({ tenant: null, params: { getAll: 'true' } }));
}
