// GET api/v1/product (listProducts): a page of the tenant's products for the products table, or the first 100 for a
// product selector (identity-and-catalogue §2, §7).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { flattenList, type ListMeta } from '../../../api/jsonapi';

type ListProductsQuery = NonNullable<operations['listProducts']['parameters']['query']>;


export interface ProductsPage {
  rows: ({ id: string; type: string } & Record<string, unknown>)[];
  meta: ListMeta;
}

/** A product as selectors show it. */
export type ProductChoice = { id: string; title: string };

export async function listProducts(params: Record<string, string>, signal?: AbortSignal): Promise<ProductsPage> {
  const query = params as unknown as ListProductsQuery;
  return flattenList(unwrap(await api.GET('/api/v1/product', { params: { query }, signal })));
}

export interface ProductsListKey {
  tenant: string | null;
  params: Record<string, string>;
}

export function getProductsQueryOptions(key?: ProductsListKey) {
  return queryOptions({
    queryKey: key ? ['products', key.tenant, key.params] : ['products'],
    queryFn: ({ signal }) => listProducts(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}

/** The products a selector offers: the contract's largest page, by title. */
export function useProductChoices(tenant: string | null) {
  return useQuery({
    ...getProductsQueryOptions({ tenant, params: { 'page[size]': '100', sort: 'title' } }),
    select: (page): ProductChoice[] => page.rows.map((row) => ({ id: row.id, title: typeof row.title === 'string' ? row.title : row.id })),
  });
}
