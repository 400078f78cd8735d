// One wallet transaction's details in the side panel, addressable as /wallet/transactions?transaction=<reference>
// (the command palette opens it). Found by its reference through searchWalletTransactions, so any date and only
// what the staff member's scope lists.
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useStaffContext } from '../../../config/staff-context';
import { FieldList } from '../../../render/FieldList';
import { SidePanel } from '../../../render/SidePanel';
import { formatDate, formatMoney } from '../../../render/format';
import { searchWalletTransactionsQueryOptions } from '../api/search-wallet-transactions';
import type { WalletTransactionRow } from '../api/list-wallet-transactions';

export const TRANSACTION_PARAM = 'transaction';

function transactionFields(row: WalletTransactionRow) {
  return [
    { label: 'Reference', value: row.referenceNumber },
    { label: 'Type', value: row.typeName },
    { label: 'Service', value: row.serviceName ?? '' },
    { label: 'Status', value: row.status },
    { label: 'Amount', value: formatMoney(row.amount, row.currency) },
    { label: 'Fee', value: formatMoney(row.fee, row.currency) },
    { label: 'Sender', value: row.senderName ?? '' },
    { label: 'Receiver', value: row.receiverName },
    { label: 'Remarks', value: row.remarks ?? '' },
    { label: 'External id', value: row.externalId ?? '' },
    { label: 'Date and Time', value: formatDate(row.created) },
  ];
}

function TransactionDetails({ reference }: { reference: string }) {
  const { tenant } = useStaffContext();
  const found = useQuery(searchWalletTransactionsQueryOptions(tenant?.id ?? null, reference));
  if (found.isPending) return <Text c="dimmed">Loading...</Text>;
  const row = found.data?.find((candidate) => candidate.referenceNumber === reference);
  if (!row) {
    return (
      <Alert color="red" variant="light" role="alert">
        {found.isError ? found.error.message : `No transaction ${reference} found`}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <FieldList fields={transactionFields(row)} />
    </Stack>
  );
}

export function TransactionDetailsPanel({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  return (
    <SidePanel opened={reference !== null} onClose={onClose} title="Transaction details" size="lg">
      {reference !== null && <TransactionDetails reference={reference} />}
    </SidePanel>
  );
}
