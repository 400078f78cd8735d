// topUpMachine's calls (src/flows/top-up.machine.ts declares them), supplied from the wallet's api/ files:
// `topUpMachine.provide({ actors: topUpGatewayActors })`. Tests supply fakes instead (fake-top-up-actors.ts).
import { confirmWalletTransactionActor } from '../api/confirm-wallet-transaction';
import { createWalletTransactionActor } from '../api/create-wallet-transaction';
import { resendWalletTransactionOtpActor } from '../api/resend-wallet-transaction-otp';

export const topUpGatewayActors = {
  createTransaction: createWalletTransactionActor,
  confirmTransaction: confirmWalletTransactionActor,
  resendOtp: resendWalletTransactionOtpActor,
};

export type TopUpActors = typeof topUpGatewayActors;
