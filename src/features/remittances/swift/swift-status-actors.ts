// swiftStatusMachine's calls (src/flows/swift-status.machine.ts declares them), supplied from the remittances' api/
// files: `swiftStatusMachine.provide({ actors: swiftStatusGatewayActors })`. Tests supply fakes instead.
import { cancelPayoutActor } from '../api/cancel-payout';
import { getSwiftTransactionStatusActor } from '../api/get-swift-transaction-status';
import { republishPayoutActor } from '../api/republish-payout';

export const swiftStatusGatewayActors = {
  checkStatus: getSwiftTransactionStatusActor,
  reinitiate: republishPayoutActor,
  cancelPayout: cancelPayoutActor,
};

export type SwiftStatusActors = typeof swiftStatusGatewayActors;
