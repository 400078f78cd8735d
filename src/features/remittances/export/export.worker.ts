// The remittance reports are written here, off the main thread, by the shared streaming writer (src/render/export).
import { createExportSession } from '../../../render/export/export-session';
import type { ExportCommand, ExportEvent } from '../../../render/export/messages';
import { createStreamingXlsxWriter } from '../../../render/export/streaming-xlsx-writer';
import { REMITTANCE_REPORTS } from './report-columns';

// tsconfig carries the DOM lib, not WebWorker; this is the slice of the worker global used here.
const worker = self as unknown as {
  onmessage: ((event: MessageEvent<ExportCommand>) => void) | null;
  postMessage(message: ExportEvent): void;
};

const handle = createExportSession({
  post: (event) => worker.postMessage(event),
  createWriter: () => createStreamingXlsxWriter(),
  reports: REMITTANCE_REPORTS,
});

worker.onmessage = (event) => {
  void handle(event.data);
};
