import { describe, expect, it, vi } from 'vitest';
import { createExportSession as createSession, type ExportSessionOptions } from '../../../render/export/export-session';
import type { ExportEvent, StartExport } from '../../../render/export/messages';
import type { XlsxWriter } from '../../../render/export/xlsx-writer';
import { WALLET_TRANSACTIONS_REPORT } from './transaction-columns';
import { testTransactions } from './test-transactions';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

const createExportSession = (options: Omit<ExportSessionOptions, 'reports'>) => createSession({ ...options, reports: { transactions: WALLET_TRANSACTIONS_REPORT } });

const file = new Blob(['xlsx']);
const writer = (): XlsxWriter => ({ start: () => undefined, addRows: async () => undefined, finish: async () => file });

const start: StartExport = {
  type: 'start',
  report: 'transactions',
  gatewayUrl: 'https://gw',
  authHeaders: { authorization: 'Bearer t' },
  filters: { 'filter[startDate]': '2025-03-01', 'filter[endDate]': '2025-03-08' },
  pageSize: 10,
};

function pagedFetch(itemTotal: number) {
  return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    init?.signal?.throwIfAborted();
    const number = Number(new URL(String(input)).searchParams.get('page[number]'));
    const body = {
      data: testTransactions(Math.min(10, itemTotal - (number - 1) * 10), (number - 1) * 10),
      meta: { itemTotal, pageNumber: number, pageSize: 10, pageTotal: Math.ceil(itemTotal / 10) },
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

describe('export worker session', () => {
  it('posts progress for every page, then the file', async () => {
    const events: ExportEvent[] = [];
    const handle = createExportSession({ post: (e) => events.push(e), createWriter: writer, fetch: pagedFetch(25) });
    await handle(start);
    expect(events).toEqual([
      { type: 'progress', done: 10, total: 25 },
      { type: 'progress', done: 20, total: 25 },
      { type: 'progress', done: 25, total: 25 },
      { type: 'done', blob: file },
    ]);
  });

  it("[UW-8.03] posts the server's message when the report fails", async () => {
    const events: ExportEvent[] = [];
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ errors: [{ status: '403', title: 'Forbidden' }] }), { status: 403 }),
    );
    await createExportSession({ post: (e) => events.push(e), createWriter: writer, fetch })(start);
    expect(events).toEqual([{ type: 'error', message: 'Forbidden', status: 403 }]);
  });

  it('[UW-8.01] posts the connection text for any other failure', async () => {
    const events: ExportEvent[] = [];
    const failing = (): XlsxWriter => ({ ...writer(), finish: async () => Promise.reject(new RangeError('out of memory')) });
    await createExportSession({ post: (e) => events.push(e), createWriter: failing, fetch: pagedFetch(5) })(start);
    expect(events.at(-1)).toEqual({ type: 'error', message: CONNECTION_TEXT, status: null });
  });

  it('aborts the fetch under way on cancel and posts cancelled', async () => {
    const events: ExportEvent[] = [];
    let seen: AbortSignal | undefined;
    const fetch = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          seen = init?.signal ?? undefined;
          seen?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const handle = createExportSession({ post: (e) => events.push(e), createWriter: writer, fetch });
    const running = handle(start);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await handle({ type: 'cancel' });
    await running;
    expect(seen?.aborted).toBe(true);
    expect(events).toEqual([{ type: 'cancelled' }]);
  });
});
