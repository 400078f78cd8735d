import { describe, expect, it, vi } from 'vitest';
import { MAX_EXPORT_ROWS, PAGES_AHEAD, exportReport, type ExportReportOptions, type FetchReportPage, type ReportPage } from './export-report';
import { testTransactions } from '../../features/wallet/export/test-transactions';
import { TRANSACTION_COLUMNS, type WalletTransaction } from '../../features/wallet/export/transaction-columns';
import type { XlsxColumn, XlsxRow, XlsxWriter } from './xlsx-writer';

function recordingWriter() {
  const written: XlsxRow[] = [];
  let columns: readonly XlsxColumn[] = [];
  const file = new Blob(['xlsx']);
  const writer: XlsxWriter = {
    start: (given) => {
      columns = given;
    },
    addRows: async (rows) => {
      written.push(...rows);
    },
    finish: vi.fn(async () => file),
  };
  return { writer, written, file, headers: () => columns.map((column) => column.header) };
}

/** A report of `rows` served in pages, as the gateway pages it. */
function reportOf(rows: WalletTransaction[], itemTotal = rows.length) {
  const requests: { number: number; size: number }[] = [];
  const fetchPage: FetchReportPage = async (page) => {
    requests.push(page);
    const data = rows.slice((page.number - 1) * page.size, page.number * page.size);
    const meta = { itemTotal, pageNumber: page.number, pageSize: page.size, pageTotal: Math.ceil(itemTotal / page.size) };
    return { data, meta } satisfies ReportPage;
  };
  return { fetchPage, requests };
}

const referenceOf = (row: XlsxRow | undefined) => row?.[0];

/** The wallet transactions' report, the export's first user. */
const exportTransactions = (options: Omit<ExportReportOptions, 'columns'>) => exportReport({ ...options, columns: TRANSACTION_COLUMNS });

describe('exportReport', () => {
  it('fetches every page in order and reports progress against the first page total', async () => {
    const { fetchPage, requests } = reportOf(testTransactions(25));
    const { writer, written, file, headers } = recordingWriter();
    const progress: { done: number; total: number }[] = [];

    const result = await exportTransactions({ fetchPage, writer, pageSize: 10, onProgress: (p) => progress.push(p) });

    expect(result).toBe(file);
    expect(requests).toEqual([
      { number: 1, size: 10 },
      { number: 2, size: 10 },
      { number: 3, size: 10 },
    ]);
    expect(written.map(referenceOf)).toEqual(testTransactions(25).map((tx) => tx.attributes.referenceNumber));
    expect(progress).toEqual([
      { done: 10, total: 25 },
      { done: 20, total: 25 },
      { done: 25, total: 25 },
    ]);
    expect(headers()).toEqual([
      'Reference Number',
      'Date',
      'Type',
      'Service',
      'Sender',
      'Receiver',
      'Amount',
      'Fee',
      'Currency',
      'Status',
      'Remarks',
    ]);
  });

  it('asks for the next two pages before writing the current one, and for none after the last', async () => {
    const { fetchPage, requests } = reportOf(testTransactions(45));
    const requestedWhenWriting: number[] = [];
    const writer: XlsxWriter = {
      start: () => undefined,
      addRows: async () => {
        requestedWhenWriting.push(requests.length);
      },
      finish: async () => new Blob(['xlsx']),
    };
    await exportTransactions({ fetchPage, writer, pageSize: 10 });
    // Page 1 is written while pages 2 and 3 are on their way, page 2 while 3 and 4 are; page 5 is the last.
    expect(PAGES_AHEAD).toBe(2);
    expect(requestedWhenWriting).toEqual([3, 4, 5, 5, 5]);
    expect(requests.map((request) => request.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves a prefetched page unread when writing fails', async () => {
    const { fetchPage, requests } = reportOf(testTransactions(25));
    const writer: XlsxWriter = {
      start: () => undefined,
      addRows: async () => Promise.reject(new RangeError('out of memory')),
      finish: vi.fn(async () => new Blob(['xlsx'])),
    };
    await expect(exportTransactions({ fetchPage, writer, pageSize: 10 })).rejects.toThrow('out of memory');
    expect(requests.map((request) => request.number)).toEqual([1, 2, 3]);
    expect(writer.finish).not.toHaveBeenCalled();
  });

  it('[RP-7.03] stops at 100,000 rows however many the report holds', async () => {
    const requests: number[] = [];
    const fetchPage: FetchReportPage = async ({ number, size }) => {
      requests.push(number);
      const meta = { itemTotal: 150_000, pageNumber: number, pageSize: size, pageTotal: Math.ceil(150_000 / size) };
      return { data: testTransactions(size, (number - 1) * size), meta };
    };
    const { writer, written } = recordingWriter();
    let last = { done: 0, total: 0 };

    await exportTransactions({ fetchPage, writer, onProgress: (p) => (last = p) });

    expect(MAX_EXPORT_ROWS).toBe(100_000);
    expect(written).toHaveLength(100_000);
    expect(requests).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(last).toEqual({ done: 100_000, total: 100_000 });
  });

  it('cuts the last page at the cap', async () => {
    const { fetchPage, requests } = reportOf(testTransactions(250));
    const { writer, written } = recordingWriter();
    await exportTransactions({ fetchPage, writer, pageSize: 40, maxRows: 100 });
    expect(written).toHaveLength(100);
    expect(referenceOf(written[99])).toBe('WT0000000100');
    expect(requests.map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it('writes a row once when a new transaction shifts it onto the next page', async () => {
    const rows = testTransactions(20);
    const shifted = [...rows.slice(0, 10), rows[9], ...rows.slice(10)].filter((row) => row !== undefined);
    const { fetchPage } = reportOf(shifted);
    const { writer, written } = recordingWriter();
    await exportTransactions({ fetchPage, writer, pageSize: 10 });
    expect(written.map(referenceOf)).toEqual(rows.map((tx) => tx.attributes.referenceNumber));
  });

  it('writes a header-only file for an empty report', async () => {
    const { fetchPage, requests } = reportOf([]);
    const { writer, written, headers } = recordingWriter();
    const progress: { done: number; total: number }[] = [];
    await exportTransactions({ fetchPage, writer, onProgress: (p) => progress.push(p) });
    expect(requests).toHaveLength(1);
    expect(written).toHaveLength(0);
    expect(headers()).toHaveLength(11);
    expect(progress).toEqual([{ done: 0, total: 0 }]);
  });

  it('ends the bar full when the report holds fewer rows than it announced', async () => {
    const { fetchPage } = reportOf(testTransactions(25), 30);
    const { writer } = recordingWriter();
    const progress: { done: number; total: number }[] = [];
    await exportTransactions({ fetchPage, writer, pageSize: 10, onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toEqual({ done: 25, total: 25 });
  });

  it('stops when cancelled during a fetch, without finishing the file', async () => {
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const fetchPage: FetchReportPage = async ({ number, size }, signal) => {
      seen.push(signal);
      if (number === 2) controller.abort();
      const meta = { itemTotal: 30, pageNumber: number, pageSize: size, pageTotal: 3 };
      return { data: testTransactions(size, (number - 1) * size), meta };
    };
    const { writer, written } = recordingWriter();

    await expect(exportTransactions({ fetchPage, writer, pageSize: 10, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.aborted).toBe(true);
    expect(written).toHaveLength(10);
    expect(writer.finish).not.toHaveBeenCalled();
  });

  it('passes a failed page on to the caller', async () => {
    const fetchPage: FetchReportPage = async () => {
      throw new Error('boom');
    };
    const { writer } = recordingWriter();
    await expect(exportTransactions({ fetchPage, writer })).rejects.toThrow('boom');
    expect(writer.finish).not.toHaveBeenCalled();
  });
});
