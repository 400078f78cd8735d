// The transaction resource createWalletTransaction and confirmWalletTransaction answer, as topUpMachine reads it.
import type { WalletTransaction } from '../../../flows/top-up.machine';

type TransactionResource = { id: string; attributes: Omit<WalletTransaction, 'id'> };

export function transactionOf(resource: TransactionResource): WalletTransaction {
  return { id: resource.id, ...resource.attributes };
}
