// GET api/v1/id/tenant/granttypes (listGrantTypes): the grant types the tenant form offers (IC §3, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export async function listGrantTypes(signal?: AbortSignal): Promise<string[]> {
  return unwrap(await api.GET('/api/v1/id/tenant/granttypes', { signal })).data.map((entry) => entry.attributes.name);
}

export function getGrantTypesQueryOptions() {
  return queryOptions({ queryKey: ['grant-types'], queryFn: ({ signal }) => listGrantTypes(signal) });
}

export function useGrantTypes() {
  return useQuery(getGrantTypesQueryOptions());
}
