// The head of /wallet/transactions (users-and-wallets §2 "transaction date-range picker with Export (Excel, PDF)"):
// the title, the date range, and Export as 'Transaction List.xlsx' (built in a Web Worker, with its progress below)
// or as Transactions_{start}_{end}.pdf where schemas/screens/wallet-transactions.json offers it (pdfExport).
import { useMemo } from 'react';
import { Button, Group, Menu, Title } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useConfig } from '../../../config/context';
import { useStaffContext } from '../../../config/staff-context';
import { DateRangeInput } from '../../../render/DateRangeInput';
import { notifyError } from '../../../render/notify';
import { rangeFilters, type ReportRange } from '../../../render/report-range';
import { useTransactionsPdf } from '../api/download-transactions-pdf';
import { ExportProgress, useExcelExport, type ReportRequest, type UseExcelExportOptions } from '../../../render/export';
import { EXPORT_FILE_NAME, REPORT_PATH, TRANSACTION_COLUMNS, type TransactionReportFilters } from '../export/transaction-columns';
import { walletShows } from '../wallet-rules';


export interface TransactionsHeaderProps {
  title: string;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
  /** The list's parameters: the report takes its filters and sort, with its own paging (up to 100,000 rows). */
  params: Readonly<Record<string, string>>;
  /** Test seams: the export worker and the PDF download. */
  excelExport?: UseExcelExportOptions;
  savePdf?: (blob: Blob, fileName: string) => void;
}

export function TransactionsHeader({ title, range, onRangeChange, params, excelExport, savePdf }: TransactionsHeaderProps) {
  const staff = useStaffContext();
  const { set } = useConfig();
  const excel = useExcelExport(excelExport);
  const pdf = useTransactionsPdf(savePdf);
  const offersPdf = walletShows('pdfExport', staff.ruleContext, set);
  const reportFilters = useMemo(() => {
    const { 'page[number]': _page, 'page[size]': _size, ...filters } = params;
    // The table file's filter names are checked against the contract (npm run check:config).
    return filters as unknown as TransactionReportFilters;
  }, [params]);
  const report = useMemo(
    (): ReportRequest => ({ path: REPORT_PATH, filters: reportFilters, columns: TRANSACTION_COLUMNS, fileName: EXPORT_FILE_NAME }),
    [reportFilters],
  );

  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group align="flex-end" gap="sm">
          <DateRangeInput range={range} onChange={onRangeChange} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" loading={pdf.isPending} disabled={excel.state.status === 'running'}>
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => excel.start(report)}>Excel</Menu.Item>
              {offersPdf && (
                <Menu.Item
                  onClick={() => pdf.mutate({ ...reportFilters, ...rangeFilters(range) }, { onError: (error) => notifyError(errorText(error)) })}
                >
                  PDF
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <ExportProgress state={excel.state} onCancel={excel.cancel} onDismiss={excel.reset} />
    </>
  );
}
