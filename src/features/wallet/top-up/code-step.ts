// The OTP action of a transaction list (users-and-wallets §4, remittances-and-payouts §2: a PENDING row opens the code
// step for that transaction, with re-send and Send Request): the row as the top-up machine's `pending` input.
import type { WalletTransaction } from '../../../flows/top-up.machine';
import type { WalletTransactionRow } from '../transactions/transaction-row';

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
