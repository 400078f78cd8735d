// An Excel export as seen from a screen: start a report with the table's filters, watch its progress, cancel it.
// The work runs in the feature's export worker (its reports, this folder's writer); this hook only talks to it, so
// no writer code reaches the main bundle.
import { useCallback, useEffect, useRef, useState } from 'react';
import { onSessionExpired } from '../../api/client';
import { CONNECTION_ERROR, SESSION_EXPIRED_REJECT } from '../../api/errors';
import { gatewayUrl } from '../../api/runtime-config';
import { sessionStore } from '../../api/session';
import { downloadBlob } from './download';
import type { ExportCommand, ExportEvent } from './messages';
import type { ReportFilters } from './report-page-fetcher';

export type ExcelExportStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

export interface ExcelExportState {
  status: ExcelExportStatus;
  done: number;
  total: number;
  error: string | null;
}

/** The part of a Worker the hook uses, so a test can stand in for it. */
export interface ExportWorker {
  postMessage(command: ExportCommand): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<ExportEvent>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** What to export: one of the worker's reports, with the table's filters, saved under `fileName`. */
export interface ExcelExportRequest {
  report: string;
  filters: ReportFilters;
  fileName: string;
}

export interface UseExcelExportOptions {
  /** The feature's worker: `new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' })`. */
  createWorker: () => ExportWorker;
  download?: (blob: Blob, fileName: string) => void;
  pageSize?: number;
}

const IDLE: ExcelExportState = { status: 'idle', done: 0, total: 0, error: null };

export function useExcelExport({ createWorker, download = downloadBlob, pageSize }: UseExcelExportOptions) {
  const [state, setState] = useState<ExcelExportState>(IDLE);
  const current = useRef<ExportWorker | null>(null);

  const stop = useCallback(() => {
    current.current?.terminate();
    current.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    ({ report, filters, fileName }: ExcelExportRequest) => {
      stop();
      const worker = createWorker();
      current.current = worker;
      setState({ status: 'running', done: 0, total: 0, error: null });

      worker.onmessage = ({ data: event }) => {
        if (current.current !== worker) return;
        if (event.type === 'progress') {
          setState({ status: 'running', done: event.done, total: event.total, error: null });
          return;
        }
        stop();
        if (event.type === 'done') {
          download(event.blob, fileName);
          setState((previous) => ({ ...previous, status: 'done' }));
        } else if (event.type === 'cancelled') {
          setState((previous) => ({ ...previous, status: 'cancelled' }));
        } else {
          let message = event.message;
          // users-and-wallets §8: a 401 ends the session, as in the main client.
          if (event.status === 401 && sessionStore.get().session) {
            onSessionExpired.handle();
            message = SESSION_EXPIRED_REJECT;
          }
          setState((previous) => ({ ...previous, status: 'error', error: message }));
        }
      };
      worker.onerror = () => {
        if (current.current !== worker) return;
        stop();
        setState((previous) => ({ ...previous, status: 'error', error: CONNECTION_ERROR }));
      };

      worker.postMessage({
        type: 'start',
        report,
        gatewayUrl: gatewayUrl() || window.location.origin,
        authHeaders: sessionStore.authHeaders() ?? {},
        filters,
        ...(pageSize ? { pageSize } : {}),
      });
    },
    [createWorker, download, pageSize, stop],
  );

  /** Stops the export at once: terminating the worker also aborts its fetch. */
  const cancel = useCallback(() => {
    if (!current.current) return;
    stop();
    setState((previous) => ({ ...previous, status: 'cancelled' }));
  }, [stop]);

  const reset = useCallback(() => {
    stop();
    setState(IDLE);
  }, [stop]);

  return { state, start, cancel, reset };
}
