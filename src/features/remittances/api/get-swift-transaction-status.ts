// GET api/v1/integration/swift/nip-transactions/{payoutExternalId} (getSwiftTransactionStatus): Analyse Request asks the
// bank about a payout; the answer's code decides what the swift status flow offers (remittances-and-payouts §4, §7).
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { CheckStatusInput, SwiftStatus } from '../../../flows/swift-status.machine';

export async function getSwiftTransactionStatus({ payoutExternalId }: CheckStatusInput, signal?: AbortSignal): Promise<SwiftStatus> {
  const document = unwrap(
    await api.GET('/api/v1/integration/swift/nip-transactions/{payoutExternalId}', { params: { path: { payoutExternalId } }, signal }),
  );
  return { id: document.data.id, ...document.data.attributes };
}

/** swiftStatusMachine's `checkStatus`. */
export const getSwiftTransactionStatusActor = fromPromise<SwiftStatus, CheckStatusInput>(({ input, signal }) =>
  getSwiftTransactionStatus(input, signal),
);
