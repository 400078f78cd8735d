// GET api/v1/id/tenant (listTenants): one page of tenants, every column filterable, paged by the server (IC §2, §7).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../../../api/jsonapi';

type ListTenantsQuery = NonNullable<operations['listTenants']['parameters']['query']>;

export interface TenantsPage {
  rows: FlatRecord[];
  meta: ListMeta;
}

/** `params` are the table's list parameters (page, sort, filter[...]) as text. */
export async function listTenants(params: Record<string, string>, signal?: AbortSignal): Promise<TenantsPage> {
  // The table file is checked against the contract's parameters (npm run check:config), so the names fit.
  const query = params as unknown as ListTenantsQuery;
  return flattenList(unwrap(await api.GET('/api/v1/id/tenant', { params: { query }, signal })));
}

export interface TenantsListKey {
  tenant: string | null;
  params: Record<string, string>;
}

export function getTenantsQueryOptions(key?: TenantsListKey) {
  return queryOptions({
    queryKey: key ? ['tenants', key.params] : ['tenants'],
    queryFn: ({ signal }) => listTenants(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
