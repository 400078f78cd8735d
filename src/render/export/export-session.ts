// What the export worker does with each message, apart from the Worker global so a test can drive it.
import { CONNECTION_ERROR } from '../../api/errors';
import { exportReport } from './export-report';
import type { ExportCommand, ExportEvent } from './messages';
import { ExportFailure, createReportPageFetcher } from './report-page-fetcher';
import type { XlsxWriter } from './xlsx-writer';

export interface ExportSessionOptions {
  post: (event: ExportEvent) => void;
  createWriter: () => XlsxWriter;
  fetch?: typeof fetch;
}

/** Returns the message handler: one export at a time; 'cancel' aborts the fetch under way and stops. */
export function createExportSession({ post, createWriter, fetch: fetchImpl }: ExportSessionOptions) {
  let running: AbortController | null = null;

  async function run(command: Extract<ExportCommand, { type: 'start' }>, controller: AbortController) {
    try {
      const { gatewayUrl, token, path, filters, columns } = command;
      const fetchPage = createReportPageFetcher({ gatewayUrl, path, token, filters, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
      const blob = await exportReport({
        fetchPage,
        columns,
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
