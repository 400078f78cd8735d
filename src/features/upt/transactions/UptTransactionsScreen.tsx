// /upt/transactions/remittances (remittances-and-payouts §2 'Universal payment transactions'): the tenant's
// transactions from schemas/tables/upt-transactions.json within the header's date range (last 7 days by default,
// §9, kept in the address); Force Sync posts that range (YYYY-MM-DD, §5) and the table refetches, Refresh refetches,
// both disabled while loading; PDF saves the filtered rows as UPT_{start}_{end}.pdf (§7); a row opens its report fields. Failures show the server's message, else the
// connection text (§8).
import { useMemo, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../api/errors';
import type { FlatRecord } from '../../../api/jsonapi';
import { resourceTypeKey, useMutate, type RecordOf } from '../../../api/resource';
import { DateRangeInput } from '../../../render/DateRangeInput';
import { notifyError, notifySuccess } from '../../../render/notify';
import { rangeFilters, rangeFromSearch, type ReportRange } from '../../../render/report-range';
import { SchemaTable, useTableController } from '../../../render/table';
import { useUptPdf } from '../api/download-upt-pdf';
import { UptReportModal } from './UptReportModal';

export const UPT_TEXT = {
  forceSync: 'Force Sync',
  refresh: 'Refresh',
  pdf: 'PDF',
  synced: (sync: RecordOf<'syncUptTransactions'>) => `${sync.received} received, ${sync.added} added, ${sync.updated} updated.`,
} as const;

export interface UptTransactionsScreenProps {
  /** Test seam: the PDF download. */
  savePdf?: (blob: Blob, fileName: string) => void;
}

export default function UptTransactionsScreen({ savePdf }: UptTransactionsScreenProps) {
  const [search] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(search), [search]);
  const list = useTableController('upt-transactions', { params: rangeFilters(range) });
  const sync = useMutate('syncUptTransactions');
  const pdf = useUptPdf(savePdf);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<FlatRecord | null>(null);
  const loading = list.tableProps.loading === true || sync.isPending;

  const changeRange = (next: ReportRange) => list.setQuery({ ...list.query, page: 1 }, { startDate: next.startDate, endDate: next.endDate });
  const forceSync = () =>
    // §5: the range's dates as YYYY-MM-DD.
    sync.mutate({ attributes: { STARTDATE: range.startDate, ENDDATE: range.endDate } }, {
      onSuccess: (result) => {
        if (result) notifySuccess(UPT_TEXT.synced(result));
      },
      onError: (error) => notifyError(errorText(error)),
    });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceTypeKey('upt-transaction') });
  const downloadPdf = () => {
    const { 'page[number]': _page, 'page[size]': _size, ...filters } = list.params;
    pdf.mutate({ ...filters, ...rangeFilters(range) }, { onError: (error) => notifyError(errorText(error)) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h3">
          {list.title}
        </Title>
        <Group align="flex-end" gap="sm">
          <DateRangeInput range={range} onChange={changeRange} />
          <Button onClick={forceSync} disabled={loading}>
            {UPT_TEXT.forceSync}
          </Button>
          <Button variant="default" onClick={refresh} disabled={loading}>
            {UPT_TEXT.refresh}
          </Button>
          <Button variant="default" onClick={downloadPdf} loading={pdf.isPending}>
            {UPT_TEXT.pdf}
          </Button>
        </Group>
      </Group>
      <SchemaTable {...list.tableProps} onRowOpen={setOpen} />
      <UptReportModal row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
