// One wallet transaction's details in the side panel, addressable as /wallet/transactions?transaction=<reference>
// (the command palette opens it). Found by its reference through searchWalletTransactions, so any date and only
// what the staff member's scope lists.
import { Alert, Stack, Text } from '@mantine/core';
import { FieldList } from '../../../render/FieldList';
import { SidePanel } from '../../../render/SidePanel';
import { formatDate, formatMoney } from '../../../render/format';
import { useList } from '../../../api/resource';
import { MIN_SEARCH_LENGTH, SEARCH_STALE_MS } from '../../../api/search';
import type { WalletTransactionRow } from './transaction-row';

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
  // By reference over every date, scoped by the gateway as the wallet transactions list is.
  const asked = reference.trim().length >= MIN_SEARCH_LENGTH ? { query: { 'filter[query]': reference, 'page[size]': 8 } } : undefined;
  const found = useList('searchWalletTransactions', asked, { staleTime: SEARCH_STALE_MS });
  if (found.isPending) return <Text c="dimmed">Loading...</Text>;
  const row = found.data?.rows.find((candidate) => candidate.referenceNumber === reference);
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
