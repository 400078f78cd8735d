// POST api/v1/integration/swift/cancel-transactions (cancelPayout): Cancel one payout after its status check, with the
// reason and the bank's message the admin saw; the row becomes 128 'Cancelled - {reason}' (remittances-and-payouts §4;
// the path and payload are the contract's, §7 does not show them).
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { CancelPayoutInput } from '../../../flows/swift-status.machine';
import { asRemittanceRow, type RemittanceRow } from './list-remittances';

export async function cancelPayout({ id, reason, responseMessage }: CancelPayoutInput, signal?: AbortSignal): Promise<RemittanceRow> {
  const attributes = responseMessage ? { id, reason, responseMessage } : { id, reason };
  const document = unwrap(
    await api.POST('/api/v1/integration/swift/cancel-transactions', { body: { data: { type: 'Transaction', attributes } }, signal }),
  );
  return asRemittanceRow({ id: document.data.id, type: document.data.type, ...document.data.attributes });
}

/** swiftStatusMachine's `cancelPayout`. */
export const cancelPayoutActor = fromPromise<void, CancelPayoutInput>(async ({ input, signal }) => {
  await cancelPayout(input, signal);
});
