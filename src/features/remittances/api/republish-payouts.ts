// Kept beside the resource layer: an Idempotency-Key header, a window in the query and a 202 pending approval.
// POST api/v1/integration/swift/republish-bulk-transactions (republishPayouts): bulk reprocessing by count or days back
// (a window spelt filter[startdate] / filter[enddata], as the spec's client sends it) or of the ticked rows, with one
// Idempotency-Key per request (remittances-and-payouts §4, §7).
import { fromPromise } from 'xstate';
import { unlessAwaitingApproval } from '../../../api/approvals/pending';
import { api, unwrap } from '../../../api/client';
import type { ReprocessRequest, ReprocessResult } from '../../../flows/bulk-reprocess.machine';

export async function republishPayouts({ idempotencyKey, attributes, window }: ReprocessRequest, signal?: AbortSignal): Promise<ReprocessResult> {
  const document = unlessAwaitingApproval(unwrap(
    await api.POST('/api/v1/integration/swift/republish-bulk-transactions', {
      params: { header: { 'Idempotency-Key': idempotencyKey }, query: window ?? {} },
      body: { data: { type: 'Transaction', attributes } },
      signal,
    }),
  ));
  return document.data.attributes;
}

/** bulkReprocessMachine's `reprocess`. */
export const republishPayoutsActor = fromPromise<ReprocessResult, ReprocessRequest>(({ input, signal }) => republishPayouts(input, signal));
