// DELETE api/v1/feedetail/{id} (deleteFeeDetail): removes a fee band (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { getFeeDetailsQueryOptions } from './list-fee-details';

export async function deleteFeeDetail(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/feedetail/{id}', { params: { path: { id } } }));
}

export function useDeleteFeeDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFeeDetail, onSuccess: () => queryClient.invalidateQueries({ queryKey: getFeeDetailsQueryOptions().queryKey }) });
}
