// PATCH api/v1/feedetail/{id} (updateFeeDetail): the values change, the product and currency do not (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getFeeDetailQueryOptions } from './get-fee-detail';
import { getFeeDetailsQueryOptions } from './list-fee-details';

export type FeeDetailChanges = components['schemas']['UpdateFeeDetailRequest']['data']['attributes'];

export async function updateFeeDetail({ id, changes }: { id: string; changes: FeeDetailChanges }): Promise<void> {
  unwrap(await api.PATCH('/api/v1/feedetail/{id}', { params: { path: { id } }, body: { data: { type: 'FeeDetail', id, attributes: changes } } }));
}

export function useUpdateFeeDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeDetail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getFeeDetailsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getFeeDetailQueryOptions().queryKey }),
      ]),
  });
}
