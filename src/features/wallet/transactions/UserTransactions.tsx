// users-and-wallets §2 "Transactions" tab of the user details: the user's wallet transactions from
// schemas/tables/user-transactions.json (page size 20, sort -referenceNumber, §7), type colours of §4, and the OTP
// action on PENDING rows whose service is not Request Money (a rule of the table file), which opens the code step
// of the top-up modal for that transaction. The list under the panel owns the address, so this query stays here.
import { useState } from 'react';
import type { FlatRecord } from '../../../api/jsonapi';
import type { RuleContext } from '../../../config/rules';
import { SchemaTable, useTableController } from '../../../render/table';
import { asTransactionRow } from './transaction-row';
import type { TopUpActors } from '../top-up/top-up-actors';
import type { WalletSlotProps } from '../slots';
import { PendingCodeModal } from './PendingCodeModal';

export const USER_TRANSACTIONS_TABLE = 'user-transactions';

export interface UserTransactionsProps {
  userId: string;
  /** The details' rule context (role, tenant, payoutAdmin, openedFrom...). */
  context: RuleContext;
  /** After an OTP confirmation: refresh the user (the wallet lists refresh themselves). */
  onChanged?: () => void;
  actors?: TopUpActors;
}

export function UserTransactions({ userId, context, onChanged, actors }: UserTransactionsProps) {
  const list = useTableController(USER_TRANSACTIONS_TABLE, { ruleContext: context, params: { 'filter[userId]': userId }, disableSyncWithLocation: true });
  const [pending, setPending] = useState<FlatRecord | null>(null);
  return (
    <>
      <SchemaTable {...list.tableProps} flows={{ confirmTransaction: setPending }} />
      <PendingCodeModal transaction={pending ? asTransactionRow(pending) : null} onClose={() => setPending(null)} onChanged={onChanged} actors={actors} />
    </>
  );
}

/** The users' Transactions tab slot (../manifest.ts): the transactions of the user the details show. */
export function UserTransactionsSlot({ user, context, onChanged }: WalletSlotProps) {
  return <UserTransactions userId={user.id} context={context} onChanged={onChanged} />;
}
