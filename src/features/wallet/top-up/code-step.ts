// The OTP action of a transaction list (users-and-wallets §4, remittances-and-payouts §2: a PENDING row opens the code
// step for that transaction, with re-send and Send Request). The top-up machine starts at the amount step, so the
// modal starts it from a snapshot resolved at its code step, holding the pending transaction.
import { createActor, type Snapshot } from 'xstate';
import type { TopUpInput, WalletTransaction, topUpMachine } from '../../../flows/top-up.machine';
import type { WalletTransactionRow } from '../api/list-wallet-transactions';

export function codeStepSnapshot(machine: typeof topUpMachine, input: TopUpInput, transaction: WalletTransaction): Snapshot<unknown> {
  const initial = createActor(machine, { input }).getSnapshot();
  return machine.resolveState({ value: 'codeEntry', context: { ...initial.context, transaction } });
}

/** A list row as the machine's transaction (the list calls the date `created`). */
export function pendingTransactionOf(row: WalletTransactionRow): WalletTransaction {
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    transactionDate: row.created,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    status: row.status,
    type: row.type,
  };
}
