// GET api/v1/feedetail (listFeeDetails): a page of a product and currency's fee details, with the product and the
// currency included (identity-and-catalogue §2, §7, §9: page size 20).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { flattenList } from '../../../api/jsonapi';

type ListFeeDetailsQuery = NonNullable<operations['listFeeDetails']['parameters']['query']>;

export const FEE_DETAIL_INCLUDE = 'product,currency';

export async function listFeeDetails(params: Record<string, string>, signal?: AbortSignal) {
  const query = { include: FEE_DETAIL_INCLUDE, ...params } as unknown as ListFeeDetailsQuery;
  return flattenList(unwrap(await api.GET('/api/v1/feedetail', { params: { query }, signal })));
}

export function getFeeDetailsQueryOptions(key?: { tenant: string | null; params: Record<string, string> }) {
  return queryOptions({
    queryKey: key ? ['fee-details', key.tenant, key.params] : ['fee-details'],
    queryFn: ({ signal }) => listFeeDetails(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
