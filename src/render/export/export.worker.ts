// The Excel export runs here, off the main thread (the export's budget: no main-thread task over 200 ms, README "Benchmarks").
// Only this worker imports a writer, so neither fflate nor exceljs lands in the main bundle.
import { createExportSession } from './export-session';
import type { ExportCommand, ExportEvent } from './messages';
import { createStreamingXlsxWriter } from './streaming-xlsx-writer';

// tsconfig carries the DOM lib, not WebWorker; this is the slice of the worker global used here.
const worker = self as unknown as {
  onmessage: ((event: MessageEvent<ExportCommand>) => void) | null;
  postMessage(message: ExportEvent): void;
};

const handle = createExportSession({
  post: (event) => worker.postMessage(event),
  createWriter: () => createStreamingXlsxWriter(),
});

worker.onmessage = (event) => {
  void handle(event.data);
};
