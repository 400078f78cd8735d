// POST api/v1/integration/swift/republish-transactions (republishPayout): Re-Initiate one payout after its status
// check; the row is queued for the settler, so the staff member is asked to wait and refresh (remittances-and-payouts
// §4, §7).
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { ReinitiateInput } from '../../../flows/swift-status.machine';
import { asRemittanceRow, type RemittanceRow } from './list-remittances';

export async function republishPayout({ id }: ReinitiateInput, signal?: AbortSignal): Promise<RemittanceRow> {
  const document = unwrap(
    await api.POST('/api/v1/integration/swift/republish-transactions', {
      body: { data: { type: 'Transaction', attributes: { id } } },
      signal,
    }),
  );
  return asRemittanceRow({ id: document.data.id, type: document.data.type, ...document.data.attributes });
}

/** swiftStatusMachine's `reinitiate`. */
export const republishPayoutActor = fromPromise<void, ReinitiateInput>(async ({ input, signal }) => {
  await republishPayout(input, signal);
});
