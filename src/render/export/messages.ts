// The messages between the page and an export worker.
import type { ReportFilters } from './report-page-fetcher';

export interface StartExport {
  type: 'start';
  /** Which of the worker's reports (its ReportDefinitions) to write. */
  report: string;
  gatewayUrl: string;
  /** How the worker's calls authenticate (src/api/session.ts authHeaders): a bearer token, or a cookie session's headers. */
  authHeaders: Record<string, string>;
  filters: ReportFilters;
  pageSize?: number;
}

export type ExportCommand = StartExport | { type: 'cancel' };

export type ExportEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; blob: Blob }
  | { type: 'error'; message: string; status: number | null }
  | { type: 'cancelled' };
