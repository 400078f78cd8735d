// GET api/v1/fx?productId= (listForex): the product's forex pairs (identity-and-catalogue §2, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type ForexRecord = { id: string } & components['schemas']['Forex']['attributes'];

export async function listForex(productId: string, signal?: AbortSignal): Promise<ForexRecord[]> {
  return unwrap(await api.GET('/api/v1/fx', { params: { query: { productId } }, signal })).data.map((forex) => ({ id: forex.id, ...forex.attributes }));
}

export function getForexQueryOptions(key?: { productId: string; tenant: string | null }) {
  return queryOptions({
    queryKey: key ? ['forex', key.tenant, key.productId] : ['forex'],
    queryFn: ({ signal }) => listForex(key?.productId ?? '', signal),
    enabled: key !== undefined && key.productId !== '',
  });
}

export function useForex(key: { productId: string; tenant: string | null } | undefined) {
  return useQuery(getForexQueryOptions(key));
}
