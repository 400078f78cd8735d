// Test support: an export worker in memory that records the commands it gets and emits the events a test chooses.
import { act } from '@testing-library/react';
import type { ExportCommand, ExportEvent } from './messages';
import type { ExportWorker } from './useExcelExport';

export class FakeExportWorker implements ExportWorker {
  static last: FakeExportWorker | null = null;
  readonly commands: ExportCommand[] = [];
  onmessage: ((event: MessageEvent<ExportEvent>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor() {
    FakeExportWorker.last = this;
  }
  postMessage(command: ExportCommand) {
    this.commands.push(command);
  }
  terminate() {
    this.terminated = true;
  }
  emit(event: ExportEvent) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: event })));
  }
}
