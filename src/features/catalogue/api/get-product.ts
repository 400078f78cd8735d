// GET api/v1/product/{id} (getProduct): the product with its four settings lists, SendingCurrency,
// ReceivingCurrency, PaymentOption and Service (identity-and-catalogue §2, §3, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type ProductDetail = { id: string } & components['schemas']['ProductDetail']['attributes'];

export async function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  const { data } = unwrap(await api.GET('/api/v1/product/{id}', { params: { path: { id } }, signal }));
  return { id: data.id, ...data.attributes };
}

export interface ProductKey {
  id: string;
  tenant: string | null;
}

export function getProductQueryOptions(key?: ProductKey) {
  return queryOptions({
    queryKey: key ? ['product', key.tenant, key.id] : ['product'],
    queryFn: ({ signal }) => getProduct(key?.id ?? '', signal),
    enabled: key !== undefined && key.id !== '',
  });
}

export function useProduct(key: ProductKey | undefined) {
  return useQuery(getProductQueryOptions(key));
}
