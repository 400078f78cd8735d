// The remittance exports as the screen starts them (remittances-and-payouts §2 Export, §9 file names): the worker, the
// reports in it, and the names the files are saved under.
import type { ExportWorker } from '../../../render/export';

export function createRemittanceExportWorker(): ExportWorker {
  return new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
}

/** RP §9 'Transaction_Report_{start}_{end}', an Excel file. */
export function transactionReportFileName(startDate: string, endDate: string): string {
  return `Transaction_Report_${startDate}_${endDate}.xlsx`;
}

/** RP §9 'Daily_Transaction_Report_{start}_{end}', an Excel file. */
export function dailyReportFileName(startDate: string, endDate: string): string {
  return `Daily_Transaction_Report_${startDate}_${endDate}.xlsx`;
}

/** RP §9 Transactions_{start}_{end}.pdf, the payout PDF. */
export function payoutPdfFileName(startDate: string, endDate: string): string {
  return `Transactions_${startDate}_${endDate}.pdf`;
}
