// Kept beside the resource layer: the call sends an Idempotency-Key header and turns a 202 into AwaitingApproval.
// POST api/v1/wallet-transactions (createWalletTransaction): the top-up flow's Verify Request makes a PENDING
// transaction with its fees (or, when a four-eyes rule holds, throws AwaitingApproval); one Idempotency-Key per attempt makes a retry the same transaction (users-and-wallets §4, §7).
import { fromPromise } from 'xstate';
import { unlessAwaitingApproval } from '../../../api/approvals/pending';
import { api, unwrap } from '../../../api/client';
import type { CreateTransactionInput, WalletTransaction } from '../../../flows/top-up.machine';

type TransactionResource = { id: string; attributes: Omit<WalletTransaction, 'id'> };

/** The transaction resource createWalletTransaction and confirmWalletTransaction answer, as topUpMachine reads it. */
export function transactionOf(resource: TransactionResource): WalletTransaction {
  return { id: resource.id, ...resource.attributes };
}

export async function createWalletTransaction(
  { idempotencyKey, attributes }: CreateTransactionInput,
  signal?: AbortSignal,
): Promise<WalletTransaction> {
  const document = unlessAwaitingApproval(unwrap(
    await api.POST('/api/v1/wallet-transactions', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { data: { type: 'wallettransaction', attributes } },
      signal,
    }),
  ));
  return transactionOf(document.data);
}

/** topUpMachine's `createTransaction`. */
export const createWalletTransactionActor = fromPromise<WalletTransaction, CreateTransactionInput>(({ input, signal }) =>
  createWalletTransaction(input, signal),
);
