// GET api/v1/id/tenant/claimsprefixes (listClaimsPrefixes): the prefixes in use, offered by the tenant form (IC §3, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export async function listClaimsPrefixes(signal?: AbortSignal): Promise<string[]> {
  return unwrap(await api.GET('/api/v1/id/tenant/claimsprefixes', { signal })).data.map((entry) => entry.attributes.name);
}

export function getClaimsPrefixesQueryOptions() {
  return queryOptions({ queryKey: ['claims-prefixes'], queryFn: ({ signal }) => listClaimsPrefixes(signal) });
}

export function useClaimsPrefixes() {
  return useQuery(getClaimsPrefixesQueryOptions());
}
