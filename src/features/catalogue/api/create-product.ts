// POST api/v1/product (createProduct): title, subTitle, type (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import type { ProductDetail } from './get-product';
import { getProductsQueryOptions } from './list-products';

export type ProductInput = components['schemas']['CreateProductRequest']['data']['attributes'];

export async function createProduct(attributes: ProductInput): Promise<ProductDetail> {
  const { data } = unwrap(await api.POST('/api/v1/product', { body: { data: { type: 'Product', attributes } } }));
  return { id: data.id, ...data.attributes };
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => queryClient.invalidateQueries({ queryKey: getProductsQueryOptions().queryKey }) });
}
