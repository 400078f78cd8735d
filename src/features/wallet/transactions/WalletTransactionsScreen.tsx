// /wallet/transactions (remittances-and-payouts §2 "Wallet transaction tables", users-and-wallets §2 "transaction
// date-range picker with Export (Excel, PDF)"): the tenant's wallet transactions from
// schemas/tables/wallet-transactions.json, filtered by a date range (last 7 days by default, §9), with column filters,
// sort and paging from the server meta; Export as 'Transaction List.xlsx' (built in a Web Worker) or as
// Transactions_{start}_{end}.pdf; a row opens its user's details, opened from 'transactions'.
import '@mantine/dates/styles.css';
import { useMemo, useState } from 'react';
import { Button, Group, Menu, Stack, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useSearchParams } from 'react-router';
import { useStaffContext } from '../../../config/staff-context';
import { errorText } from '../../../api/errors';
import { DEFAULT_META, type FlatRecord } from '../../../api/jsonapi';
import { config as bundledConfig } from '../../../config';
import { tableView } from '../../../config/catalogue';
import type { ConfigSet, TableConfig } from '../../../config/types';
import { notifyError } from '../../../render/notify';
import { SchemaTable, initialTableQuery, listParams, type TableQuery } from '../../../render/table';
import { useTransactionsPdf } from '../api/download-transactions-pdf';
import { useTransactionTypes } from '../api/list-transaction-types';
import { asTransactionRow, useWalletTransactions } from '../api/list-wallet-transactions';
import { ExportProgress, useExcelExport, type ReportFilters } from '../export';
import type { UseExcelExportOptions } from '../export/useExcelExport';
import { registeredWalletSlots, type WalletSlots } from '../slots';
import type { TopUpActors } from '../top-up/TopUpModal';
import { walletShows } from '../wallet-rules';
import { PendingCodeModal } from './PendingCodeModal';
import { rangeFilters, rangeFromSearch, type ReportRange } from './report-range';

export const WALLET_TRANSACTIONS_TABLE = 'wallet-transactions';
export const DATE_RANGE_LABEL = 'Date range';
const DATE_RANGE_ID = 'transactions-date-range';

export interface WalletTransactionsScreenProps {
  slots?: WalletSlots;
  configSet?: ConfigSet;
  /** Test seams: the export worker, the PDF download and the top-up calls. */
  excelExport?: UseExcelExportOptions;
  savePdf?: (blob: Blob, fileName: string) => void;
  actors?: TopUpActors;
}

export default function WalletTransactionsScreen(props: WalletTransactionsScreenProps) {
  const staff = useStaffContext();
  // A tenant switch starts the list afresh.
  return <WalletTransactions key={staff.tenant?.id ?? ''} {...props} />;
}

function requireTable(set: ConfigSet, id: string): TableConfig {
  const table = set.tables[id];
  if (!table) throw new Error(`The wallet screens need schemas/tables/${id}.json; restore it or run npm run check:config`);
  return table;
}

/** `?pageSize=` asks for another page size than the table file's (the gateway caps list pages at 100). */
function pageSizeFromSearch(search: URLSearchParams): number | null {
  const value = Number(search.get('pageSize'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The user a transaction belongs to: its receiver, the wallet user it is for (also for a cash-out, per the contract). */
function transactionUser(row: FlatRecord): string | null {
  return asTransactionRow(row).receiverUserId || null;
}

function WalletTransactions({ slots = registeredWalletSlots(), configSet = bundledConfig, excelExport, savePdf, actors }: WalletTransactionsScreenProps) {
  const staff = useStaffContext();
  const tenant = staff.tenant?.id ?? null;
  const table = requireTable(configSet, WALLET_TRANSACTIONS_TABLE);
  const title = tableView(table, staff.tenant, staff.ruleContext).title ?? table.id;

  const [search, setSearch] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(search), [search]);
  const [query, setQuery] = useState<TableQuery>(() => {
    const initial = initialTableQuery(table);
    return { ...initial, pageSize: pageSizeFromSearch(search) ?? initial.pageSize };
  });
  const params = useMemo<Record<string, string>>(() => ({ ...listParams(table, query), ...rangeFilters(range) }), [table, query, range]);
  const transactions = useWalletTransactions({ tenant, params });
  const types = useTransactionTypes(tenant);

  const excel = useExcelExport(excelExport);
  const pdf = useTransactionsPdf(savePdf);
  const offersPdf = walletShows('pdfExport', staff.ruleContext, configSet);
  // The report takes the list's filters and sort; its own paging goes up to 100,000 rows.
  const reportFilters = useMemo(() => {
    const { 'page[number]': _page, 'page[size]': _size, ...filters } = params;
    // The table file's filter names are checked against the contract (npm run check:config).
    return filters as unknown as ReportFilters;
  }, [params]);

  const changeRange = (next: ReportRange) => {
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('startDate', next.startDate);
        updated.set('endDate', next.endDate);
        return updated;
      },
      { replace: true },
    );
    setQuery((current) => ({ ...current, page: 1 }));
  };

  const [pending, setPending] = useState<FlatRecord | null>(null);
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const UserDetails = slots.userDetails;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group align="flex-end" gap="sm">
          <TransactionDateRange range={range} onChange={changeRange} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" loading={pdf.isPending} disabled={excel.state.status === 'running'}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => excel.start(reportFilters)}>Excel</Menu.Item>
              {offersPdf && (
                <Menu.Item
                  onClick={() =>
                    pdf.mutate(
                      { ...reportFilters, ...rangeFilters(range) },
                      { onError: (error) => notifyError(errorText(error)) },
                    )
                  }
                >
                  PDF
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <ExportProgress state={excel.state} onCancel={excel.cancel} onDismiss={excel.reset} />
      <SchemaTable
        config={table}
        title={title}
        data={transactions.data?.rows ?? []}
        meta={transactions.data?.meta ?? DEFAULT_META}
        query={query}
        onQueryChange={setQuery}
        ruleContext={staff.ruleContext}
        tenant={staff.tenant}
        loading={transactions.isFetching}
        error={transactions.isError ? errorText(transactions.error) : null}
        colorMaps={configSet.colorMaps}
        lists={{ listTransactionTypes: types.data ?? [] }}
        onRowOpen={
          UserDetails
            ? (row) => {
                const userId = transactionUser(row);
                if (userId) setOpenUserId(userId);
              }
            : undefined
        }
        onRowAction={(actionId, row) => {
          if (actionId === 'otp') setPending(row);
        }}
      />
      <PendingCodeModal transaction={pending ? asTransactionRow(pending) : null} onClose={() => setPending(null)} actors={actors} />
      {UserDetails && <UserDetails userId={openUserId} onClose={() => setOpenUserId(null)} openedFrom="transactions" />}
    </Stack>
  );
}

/** users-and-wallets §2 "transaction date-range picker": a range of days; the list follows once both ends are picked. */
function TransactionDateRange({ range, onChange }: { range: ReportRange; onChange: (range: ReportRange) => void }) {
  const [value, setValue] = useState<DatesRangeValue<string>>([range.startDate, range.endDate]);
  return (
    <DatePickerInput
      type="range"
      id={DATE_RANGE_ID}
      label={DATE_RANGE_LABEL}
      valueFormat="DD-MMM-YYYY"
      value={value}
      maxDate={new Date()}
      allowSingleDateInRange
      w={260}
      // The calendar dialog is labelled by its target; with the field's id as the popover's id, that is the field.
      popoverProps={{ withinPortal: true, id: DATE_RANGE_ID }}
      onChange={(next) => {
        setValue(next);
        const [startDate, endDate] = next;
        if (startDate && endDate) onChange({ startDate, endDate });
      }}
    />
  );
}
