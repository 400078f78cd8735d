// GET api/v1/producttype (listProductTypes): the product types a new product chooses from (IC §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { REFERENCE_STALE_MS, referenceRows } from '../../../api/reference-lists/reference-rows';

export async function listProductTypes(signal?: AbortSignal) {
  return referenceRows(unwrap(await api.GET('/api/v1/producttype', { signal })).data);
}

export function getProductTypesQueryOptions() {
  return queryOptions({ queryKey: ['product-types'], queryFn: ({ signal }) => listProductTypes(signal), staleTime: REFERENCE_STALE_MS });
}

export function useProductTypes() {
  return useQuery(getProductTypesQueryOptions());
}
