// The remittance table's Export (remittances-and-payouts §2 Export, §9): Excel is the Transaction_Report of the
// table's filters and range (the remittance list, RP §1 payin tenants), Daily Report the range's days, both written
// in a worker with progress and Cancel; PDF, where schemas/screens/remittances.json offers it (pdfExport), the payout PDF.
import { useMemo } from 'react';
import { Button, Menu } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { ExportProgress, useExcelExport, type ReportFilters, type UseExcelExportOptions } from '../../../render/export';
import { notifyError } from '../../../render/notify';
import { rangeFilters, type ReportRange } from '../../../render/report-range';
import { useRemittancePdf } from '../api/download-remittance-pdf';
import { createRemittanceExportWorker, dailyReportFileName, transactionReportFileName } from './report';

export const EXPORT_TEXT = { export: 'Export', excel: 'Excel', daily: 'Daily Report', pdf: 'PDF' } as const;

export interface RemittanceExportProps {
  range: ReportRange;
  /** The list's parameters: the report takes its filters and sort, with its own paging (up to 100,000 rows). */
  params: Readonly<Record<string, string>>;
  offersPdf: boolean;
  /** Test seams: the export worker and the PDF download. */
  excelExport?: Partial<UseExcelExportOptions>;
  savePdf?: (blob: Blob, fileName: string) => void;
}

/** The Export button and menu, and the running export's progress under the header (`progress`). */
export function useRemittanceExport({ range, params, offersPdf, excelExport, savePdf }: RemittanceExportProps) {
  const excel = useExcelExport({ createWorker: createRemittanceExportWorker, ...excelExport });
  const pdf = useRemittancePdf(savePdf);
  const reportFilters = useMemo(() => {
    const { 'page[number]': _page, 'page[size]': _size, ...filters } = params;
    return filters satisfies ReportFilters;
  }, [params]);
  const { startDate, endDate } = range;

  const menu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={pdf.isPending} disabled={excel.state.status === 'running'}>
          {EXPORT_TEXT.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => excel.start({ report: 'remittances', filters: reportFilters, fileName: transactionReportFileName(startDate, endDate) })}>
          {EXPORT_TEXT.excel}
        </Menu.Item>
        <Menu.Item onClick={() => excel.start({ report: 'daily', filters: rangeFilters(range), fileName: dailyReportFileName(startDate, endDate) })}>
          {EXPORT_TEXT.daily}
        </Menu.Item>
        {offersPdf && (
          <Menu.Item
            onClick={() =>
              pdf.mutate({ ...reportFilters, ...rangeFilters(range) }, { onError: (error) => notifyError(errorText(error)) })
            }
          >
            {EXPORT_TEXT.pdf}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
  const progress = <ExportProgress state={excel.state} onCancel={excel.cancel} onDismiss={excel.reset} />;
  return { menu, progress };
}
