// GET api/v1/wallet-transaction-otp/{id} (resendWalletTransactionOtp): the top-up flow's 'Re-send code'; a new code
// resets the attempt count of a still PENDING transaction (users-and-wallets §4, §7).
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { ResendOtpInput } from '../../../flows/top-up.machine';

export async function resendWalletTransactionOtp({ id }: ResendOtpInput, signal?: AbortSignal): Promise<void> {
  unwrap(await api.GET('/api/v1/wallet-transaction-otp/{id}', { params: { path: { id } }, signal }));
}

/** topUpMachine's `resendOtp`. */
export const resendWalletTransactionOtpActor = fromPromise<void, ResendOtpInput>(({ input, signal }) =>
  resendWalletTransactionOtp(input, signal),
);
