// swiftStatusMachine's calls (src/flows/swift-status.machine.ts declares them), by operationId through the resource
// layer: `swiftStatusMachine.provide({ actors: swiftStatusGatewayActors })`. Tests supply fakes instead.
// Re-Initiate queues the row for the settler; Cancel makes it 128 'Cancelled - {reason}' with the reason and the bank's
// message the admin saw (remittances-and-payouts §4, §7); the screen refetches the table after either.
import { fromPromise } from 'xstate';
import { callOperation } from '../../../api/resource';
import type { CancelPayoutInput, CheckStatusInput, ReinitiateInput, SwiftStatus } from '../../../flows/swift-status.machine';

export const swiftStatusGatewayActors = {
  checkStatus: fromPromise<SwiftStatus, CheckStatusInput>(async ({ input: { payoutExternalId }, signal }) => {
    const { data } = await callOperation('getSwiftTransactionStatus', { path: { payoutExternalId } }, { signal });
    return { id: data.id, ...data.attributes };
  }),
  reinitiate: fromPromise<void, ReinitiateInput>(async ({ input: { id }, signal }) => {
    await callOperation('republishPayout', {}, { body: { data: { type: 'Transaction', attributes: { id } } }, signal });
  }),
  cancelPayout: fromPromise<void, CancelPayoutInput>(async ({ input: { id, reason, responseMessage }, signal }) => {
    const attributes = responseMessage ? { id, reason, responseMessage } : { id, reason };
    await callOperation('cancelPayout', {}, { body: { data: { type: 'Transaction', attributes } }, signal });
  }),
};

export type SwiftStatusActors = typeof swiftStatusGatewayActors;
