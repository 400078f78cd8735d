// PATCH api/v1/bank-payouts/{id} (updatePayoutStatus): Edit Status overrides one payout's status code and description
// (remittances-and-payouts §4, §5, §7); the remittance list refetches after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { getRemittancesQueryOptions } from './list-remittances';

export interface PayoutStatusChange {
  id: string;
  statusCode: number;
  statusDescription: string;
}

export async function updatePayoutStatus({ id, statusCode, statusDescription }: PayoutStatusChange): Promise<void> {
  unwrap(
    await api.PATCH('/api/v1/bank-payouts/{id}', {
      params: { path: { id } },
      body: { data: { type: 'Transaction', id, attributes: { StatusCode: statusCode, StatusDescription: statusDescription } } },
    }),
  );
}

export function useUpdatePayoutStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getRemittancesQueryOptions().queryKey }),
  });
}
