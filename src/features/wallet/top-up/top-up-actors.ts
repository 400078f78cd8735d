// topUpMachine's calls (src/flows/top-up.machine.ts declares them), through the resource layer and the wallet's one
// kept call file: `topUpMachine.provide({ actors: topUpGatewayActors })`. Tests supply fakes instead (fake-top-up-actors.ts).
import { fromPromise } from 'xstate';
import { callOperation } from '../../../api/resource';
import type { ConfirmTransactionInput, ResendOtpInput, WalletTransaction } from '../../../flows/top-up.machine';
import { createWalletTransactionActor, transactionOf } from '../api/create-wallet-transaction';

export const topUpGatewayActors = {
  createTransaction: createWalletTransactionActor,
  // users-and-wallets §4, §7: Send Request confirms the PENDING transaction with its one-time code; only then does
  // money move.
  confirmTransaction: fromPromise<WalletTransaction, ConfirmTransactionInput>(async ({ input: { id, otp }, signal }) => {
    const body = { data: { type: 'wallettransaction' as const, id, attributes: { Otp: otp } } };
    return transactionOf((await callOperation('confirmWalletTransaction', { path: { id } }, { body, signal })).data);
  }),
  // 'Re-send code': a new code resets the attempt count of a still PENDING transaction.
  resendOtp: fromPromise<void, ResendOtpInput>(async ({ input: { id }, signal }) => {
    await callOperation('resendWalletTransactionOtp', { path: { id } }, { signal });
  }),
};

export type TopUpActors = typeof topUpGatewayActors;
