// GET api/v1/id/apiscope (listApiScopes): a page of scopes for the scopes table, or every scope with getAll=true for
// the tenant form's scope choice and a resource's scope list (IC §2, §7).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/gateway';
import { flattenList, type ListMeta } from '../../../api/jsonapi';

type ListApiScopesQuery = NonNullable<operations['listApiScopes']['parameters']['query']>;

export type ApiScopeRecord = { id: string; type: string } & components['schemas']['ApiScope']['attributes'];

export interface ApiScopesPage {
  rows: ApiScopeRecord[];
  meta: ListMeta;
}

export async function listApiScopes(params: Record<string, string>, signal?: AbortSignal): Promise<ApiScopesPage> {
  const query = params as unknown as ListApiScopesQuery;
  const document = unwrap(await api.GET('/api/v1/id/apiscope', { params: { query }, signal }));
  return { rows: document.data.map((scope) => ({ id: scope.id, type: scope.type, ...scope.attributes })), meta: flattenList(document).meta };
}

export interface ApiScopesListKey {
  tenant: string | null;
  params: Record<string, string>;
}

export function getApiScopesQueryOptions(key?: ApiScopesListKey) {
  return queryOptions({
    queryKey: key ? ['api-scopes', key.params] : ['api-scopes'],
    queryFn: ({ signal }) => listApiScopes(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every scope, or every scope of one resource. */
export function useAllApiScopes(apiResourceId?: string) {
  const params: Record<string, string> = { getAll: 'true', ...(apiResourceId ? { 'filter[apiResourceId]': apiResourceId } : {}) };
  return useQuery(getApiScopesQueryOptions({ tenant: null, params }));
}
