// Kept beside the resource layer: an Idempotency-Key header, a 202 pending approval and a count in meta as its answer.
// POST api/v1/bank-payouts/update-bulk-transactions (updatePayoutStatuses): bulk edit applies one status code and
// description to every ticked row, all or nothing, with one Idempotency-Key per request (remittances-and-payouts §4,
// §7); the remittance list refetches after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unlessAwaitingApproval } from '../../../api/approvals/pending';
import { api, unwrap } from '../../../api/client';
import { resourceTypeKey } from '../../../api/resource';

export interface PayoutStatusesChange {
  /** The same key for a retry of the same change. */
  idempotencyKey: string;
  transactionIds: readonly string[];
  statusCode: number;
  statusDescription: string;
}

/** Returns how many rows changed; throws AwaitingApproval when a second person must approve it. */
export async function updatePayoutStatuses({ idempotencyKey, transactionIds, statusCode, statusDescription }: PayoutStatusesChange): Promise<number> {
  const document = unlessAwaitingApproval(unwrap(
    await api.POST('/api/v1/bank-payouts/update-bulk-transactions', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { data: { type: 'Transaction', attributes: { transactionIds: [...transactionIds], statusCode, statusDescription } } },
    }),
  ));
  return document.meta.count;
}

export function useUpdatePayoutStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutStatuses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceTypeKey('remittance') }),
  });
}
