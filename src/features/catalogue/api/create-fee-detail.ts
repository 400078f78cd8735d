// POST api/v1/feedetail (createFeeDetail): a fee band of a product and currency (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getFeeDetailsQueryOptions } from './list-fee-details';

export type FeeDetailInput = components['schemas']['CreateFeeDetailRequest']['data']['attributes'];

export async function createFeeDetail(attributes: FeeDetailInput): Promise<string> {
  return unwrap(await api.POST('/api/v1/feedetail', { body: { data: { type: 'FeeDetail', attributes } } })).data.id;
}

export function useCreateFeeDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFeeDetail, onSuccess: () => queryClient.invalidateQueries({ queryKey: getFeeDetailsQueryOptions().queryKey }) });
}
