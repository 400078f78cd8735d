// What an export worker does with each message, apart from the Worker global so a test can drive it. A feature's
// worker names its reports (where each is read and what its sheet shows); the paging, writing and cancelling are here.
import { CONNECTION_ERROR } from '../../api/errors';
import { exportReport, type ReportItem, type ReportSheet } from './export-report';
import type { ExportCommand, ExportEvent } from './messages';
import { ExportFailure, createReportPageFetcher, type ReportSource } from './report-page-fetcher';
import type { XlsxWriter } from './xlsx-writer';

/** A report a worker can write. */
export interface ReportDefinition<T extends ReportItem = ReportItem> extends ReportSource, ReportSheet<T> {}

/** Keeps each definition's item type while the worker holds them side by side. */
export function reportDefinition<T extends ReportItem>(definition: ReportDefinition<T>): ReportDefinition {
  return definition as unknown as ReportDefinition;
}

export interface ExportSessionOptions {
  post: (event: ExportEvent) => void;
  createWriter: () => XlsxWriter;
  reports: Readonly<Record<string, ReportDefinition>>;
  fetch?: typeof fetch;
}

/** Returns the message handler: one export at a time; 'cancel' aborts the fetch under way and stops. */
export function createExportSession({ post, createWriter, reports, fetch: fetchImpl }: ExportSessionOptions) {
  let running: AbortController | null = null;

  async function run(command: Extract<ExportCommand, { type: 'start' }>, controller: AbortController) {
    try {
      const { gatewayUrl, authHeaders, filters } = command;
      const report = reports[command.report];
      if (!report) throw new Error(`This worker has no report ${command.report}.`);
      const fetchPage = createReportPageFetcher({ gatewayUrl, authHeaders, source: report, filters, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
      const blob = await exportReport({
        fetchPage,
        sheet: report,
        writer: createWriter(),
        signal: controller.signal,
        ...(command.pageSize ? { pageSize: command.pageSize } : {}),
        onProgress: ({ done, total }) => post({ type: 'progress', done, total }),
      });
      post({ type: 'done', blob });
    } catch (error) {
      if (controller.signal.aborted) post({ type: 'cancelled' });
      else if (error instanceof ExportFailure) post({ type: 'error', message: error.message, status: error.status });
      else post({ type: 'error', message: CONNECTION_ERROR, status: null });
    } finally {
      if (running === controller) running = null;
    }
  }

  return (command: ExportCommand): Promise<void> => {
    if (command.type === 'cancel') {
      running?.abort();
      return Promise.resolve();
    }
    running?.abort();
    const controller = new AbortController();
    running = controller;
    return run(command, controller);
  };
}
