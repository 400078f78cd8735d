import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { REVOKE_AFTER_MS, downloadBlob } from './download';
import type { ExportCommand, ExportEvent } from './messages';
import { useExcelExport, type ExportWorker } from './useExcelExport';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

class FakeWorker implements ExportWorker {
  posted: ExportCommand[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<ExportEvent>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(command: ExportCommand) {
    this.posted.push(command);
  }
  terminate() {
    this.terminated = true;
  }
  emit(event: ExportEvent) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: event })));
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const download = vi.fn();
  const hook = renderHook(() =>
    useExcelExport({
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
      download,
    }),
  );
  return { hook, workers, download, worker: () => workers.at(-1) ?? new FakeWorker() };
}

const filters = { 'filter[startDate]': '2025-03-01', 'filter[endDate]': '2025-03-08' };
const request = { report: 'transactions', filters, fileName: 'Transaction List.xlsx' };

describe('useExcelExport', () => {
  beforeEach(() => {
    sessionStore.signIn({ userId: '1', email: 'super@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'dssc', claim: 'dssc', adminTenant: true, expiresAt: Date.now() + 60_000 });
    sessionStore.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'tenant-token' });
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it("starts the worker on the report with the table's filters and the selected tenant's token", () => {
    const { hook, worker } = setup();
    act(() => hook.result.current.start(request));
    expect(worker().posted).toEqual([
      { type: 'start', report: 'transactions', gatewayUrl: window.location.origin, authHeaders: { authorization: 'Bearer tenant-token' }, filters },
    ]);
    expect(hook.result.current.state).toEqual({ status: 'running', done: 0, total: 0, error: null });
  });

  it('follows progress, then downloads the file under the name asked for and lets the worker go', () => {
    const { hook, worker, download } = setup();
    act(() => hook.result.current.start(request));
    worker().emit({ type: 'progress', done: 12_000, total: 20_000 });
    expect(hook.result.current.state).toMatchObject({ status: 'running', done: 12_000, total: 20_000 });

    const blob = new Blob(['xlsx']);
    worker().emit({ type: 'done', blob });
    expect(download).toHaveBeenCalledWith(blob, 'Transaction List.xlsx');
    expect(hook.result.current.state.status).toBe('done');
    expect(worker().terminated).toBe(true);
  });

  it('cancel stops the worker at once', () => {
    const { hook, worker, download } = setup();
    act(() => hook.result.current.start(request));
    worker().emit({ type: 'progress', done: 10_000, total: 100_000 });
    act(() => hook.result.current.cancel());
    expect(worker().terminated).toBe(true);
    expect(hook.result.current.state.status).toBe('cancelled');
    worker().emit({ type: 'done', blob: new Blob([]) });
    expect(download).not.toHaveBeenCalled();
  });

  it("shows the worker's error text, and the connection text when the worker itself fails", () => {
    const { hook, worker } = setup();
    act(() => hook.result.current.start(request));
    worker().emit({ type: 'error', message: 'Forbidden', status: 403 });
    expect(hook.result.current.state).toMatchObject({ status: 'error', error: 'Forbidden' });

    act(() => hook.result.current.start(request));
    act(() => worker().onerror?.(new ErrorEvent('error')));
    expect(hook.result.current.state).toMatchObject({ status: 'error', error: CONNECTION_TEXT });
  });

  it('terminates a running worker when the screen goes away', () => {
    const { hook, worker } = setup();
    act(() => hook.result.current.start(request));
    hook.unmount();
    expect(worker().terminated).toBe(true);
  });
});

describe('downloadBlob', () => {
  afterEach(() => vi.useRealTimers());

  it('saves the file under its name and frees the object URL afterwards', () => {
    vi.useFakeTimers();
    const created = vi.fn(() => 'blob:export');
    const revoked = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const blob = new Blob(['xlsx']);
    downloadBlob(blob, 'Transaction List.xlsx');

    expect(created).toHaveBeenCalledWith(blob);
    expect(clicked[0]?.download).toBe('Transaction List.xlsx');
    expect(clicked[0]?.href).toBe('blob:export');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoked).toHaveBeenCalledWith('blob:export');
    click.mockRestore();
    Object.assign(URL, original);
  });
});
