// GET api/v1/feedetail/{id} (getFeeDetail): one fee detail for its edit form at /fees/{id} (identity-and-catalogue §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { flattenDocument, type FlatRecord } from '../../../api/jsonapi';
import { FEE_DETAIL_INCLUDE } from './list-fee-details';

export async function getFeeDetail(id: string, signal?: AbortSignal): Promise<FlatRecord> {
  return flattenDocument(unwrap(await api.GET('/api/v1/feedetail/{id}', { params: { path: { id }, query: { include: FEE_DETAIL_INCLUDE } }, signal })));
}

export function getFeeDetailQueryOptions(key?: { id: string; tenant: string | null }) {
  return queryOptions({
    queryKey: key ? ['fee-detail', key.tenant, key.id] : ['fee-detail'],
    queryFn: ({ signal }) => getFeeDetail(key?.id ?? '', signal),
    enabled: key !== undefined && key.id !== '',
  });
}

export function useFeeDetail(key: { id: string; tenant: string | null } | undefined) {
  return useQuery(getFeeDetailQueryOptions(key));
}
