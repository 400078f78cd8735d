// The wallet's Excel export as its screens start it: the worker, the report's name in it, the file name.
import type { ExportWorker } from '../../../render/export/useExcelExport';

/** users-and-wallets §9 (RP-9.08): the list export's file name. */
export const EXPORT_FILE_NAME = 'Transaction List.xlsx';

export const WALLET_REPORT = 'transactions';

export function createWalletExportWorker(): ExportWorker {
  return new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
}
