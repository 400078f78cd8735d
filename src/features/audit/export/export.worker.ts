// The audit trail's Excel export runs here, off the main thread (the export's budget: no main-thread task over 200 ms,
// README "Benchmarks"). Only a worker imports a writer, so neither fflate nor exceljs lands in the main bundle.
import { createExportSession } from '../../../render/export/export-session';
import type { ExportCommand, ExportEvent } from '../../../render/export/messages';
import { createStreamingXlsxWriter } from '../../../render/export/streaming-xlsx-writer';
import { AUDIT_REPORT } from './report';
import { AUDIT_TRAIL_REPORT } from './audit-columns';

// tsconfig carries the DOM lib, not WebWorker; this is the slice of the worker global used here.
const worker = self as unknown as {
  onmessage: ((event: MessageEvent<ExportCommand>) => void) | null;
  postMessage(message: ExportEvent): void;
};

const handle = createExportSession({
  post: (event) => worker.postMessage(event),
  createWriter: () => createStreamingXlsxWriter(),
  reports: { [AUDIT_REPORT]: AUDIT_TRAIL_REPORT },
});

worker.onmessage = (event) => {
  void handle(event.data);
};
