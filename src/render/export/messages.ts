// The messages between the page and the export worker.
import type { ReportColumn } from './report-columns';
import type { ReportFilters } from './report-page-fetcher';

/** What to export: the list operation's path and filters, the sheet's columns, the file's name. */
export interface ReportRequest {
  path: string;
  filters: ReportFilters;
  columns: readonly ReportColumn[];
  fileName: string;
}

export interface StartExport {
  type: 'start';
  gatewayUrl: string;
  token: string | null;
  path: string;
  filters: ReportFilters;
  columns: readonly ReportColumn[];
  pageSize?: number;
}

export type ExportCommand = StartExport | { type: 'cancel' };

export type ExportEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; blob: Blob }
  | { type: 'error'; message: string; status: number | null }
  | { type: 'cancelled' };
