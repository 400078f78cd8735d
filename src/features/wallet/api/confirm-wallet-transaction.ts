// PATCH api/v1/wallet-transactions/{id} (confirmWalletTransaction): the top-up flow's Send Request confirms the
// PENDING transaction with its one-time code; only then does money move (users-and-wallets §4, §7).
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { ConfirmTransactionInput, WalletTransaction } from '../../../flows/top-up.machine';
import { transactionOf } from './wallet-transaction-resource';

export async function confirmWalletTransaction({ id, otp }: ConfirmTransactionInput, signal?: AbortSignal): Promise<WalletTransaction> {
  const document = unwrap(
    await api.PATCH('/api/v1/wallet-transactions/{id}', {
      params: { path: { id } },
      body: { data: { type: 'wallettransaction', id, attributes: { Otp: otp } } },
      signal,
    }),
  );
  return transactionOf(document.data);
}

/** topUpMachine's `confirmTransaction`. */
export const confirmWalletTransactionActor = fromPromise<WalletTransaction, ConfirmTransactionInput>(({ input, signal }) =>
  confirmWalletTransaction(input, signal),
);
