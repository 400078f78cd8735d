// /wallet/transactions (remittances-and-payouts §2 "Wallet transaction tables"): the tenant's wallet transactions from
// schemas/tables/wallet-transactions.json within the header's date range (last 7 days by default, §9, kept in the
// address); the OTP action opens the code step, and a row opens its user's details, opened from 'transactions'.
// `?transaction=<reference>` opens that transaction's details (the command palette links there).
import { useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { FlatRecord } from '../../../api/jsonapi';
import { SchemaTable, useTableController } from '../../../render/table';
import { asTransactionRow } from './transaction-row';
import { useWalletSlots } from '../slots';
import type { TopUpActors } from '../top-up/top-up-actors';
import { PendingCodeModal } from './PendingCodeModal';
import { rangeFilters, rangeFromSearch } from '../../../render/report-range';
import { TransactionsHeader, type TransactionsHeaderProps } from './TransactionsHeader';
import { TRANSACTION_PARAM, TransactionDetailsPanel } from './TransactionDetailsPanel';

export const WALLET_TRANSACTIONS_TABLE = 'wallet-transactions';

export interface WalletTransactionsScreenProps extends Pick<TransactionsHeaderProps, 'excelExport' | 'savePdf'> {
  /** Test seam: the top-up calls of the code step. */
  actors?: TopUpActors;
}

export default function WalletTransactionsScreen({ excelExport, savePdf, actors }: WalletTransactionsScreenProps) {
  const [search, setSearch] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(search), [search]);
  const list = useTableController(WALLET_TRANSACTIONS_TABLE, { params: rangeFilters(range) });
  const [pending, setPending] = useState<FlatRecord | null>(null);
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  // A transaction's user is its receiver, the wallet user it is for (also for a cash-out, per the contract).
  const openUser = (row: FlatRecord) => {
    const userId = asTransactionRow(row).receiverUserId;
    if (userId) setOpenUserId(userId);
  };
  const UserDetails = useWalletSlots().userDetails;
  const closeTransaction = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete(TRANSACTION_PARAM);
      return next;
    });

  return (
    <Stack gap="md">
      <TransactionsHeader
        title={list.title}
        range={range}
        onRangeChange={(next) => list.setQuery({ ...list.query, page: 1 }, { startDate: next.startDate, endDate: next.endDate })}
        params={list.params}
        excelExport={excelExport}
        savePdf={savePdf}
      />
      <SchemaTable {...list.tableProps} onRowOpen={UserDetails ? openUser : undefined} flows={{ confirmTransaction: setPending }} />
      <PendingCodeModal transaction={pending ? asTransactionRow(pending) : null} onClose={() => setPending(null)} actors={actors} />
      <TransactionDetailsPanel reference={search.get(TRANSACTION_PARAM)} onClose={closeTransaction} />
      {UserDetails && <UserDetails userId={openUserId} onClose={() => setOpenUserId(null)} openedFrom="transactions" />}
    </Stack>
  );
}
