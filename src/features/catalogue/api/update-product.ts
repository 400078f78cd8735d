// PATCH api/v1/product/{id} (updateProduct): title, subTitle and backgroundUrl; the type is omitted (IC §2, §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getProductQueryOptions, type ProductDetail } from './get-product';
import { getProductsQueryOptions } from './list-products';

export type ProductChanges = components['schemas']['UpdateProductRequest']['data']['attributes'];

export async function updateProduct({ id, changes }: { id: string; changes: ProductChanges }): Promise<ProductDetail> {
  const { data } = unwrap(
    await api.PATCH('/api/v1/product/{id}', { params: { path: { id } }, body: { data: { type: 'Product', id, attributes: changes } } }),
  );
  return { id: data.id, ...data.attributes };
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProductsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getProductQueryOptions().queryKey }),
      ]),
  });
}
