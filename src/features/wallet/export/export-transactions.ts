// Paging the report into a writer: the worker's whole job, kept free of Worker and fetch so a test can drive it.
import type { components } from '../../../api/gateway';
import { TRANSACTION_COLUMNS, toTransactionRow, type WalletTransaction } from './transaction-columns';
import type { XlsxRow, XlsxWriter } from './xlsx-writer';

/** Issue 4: the export stops at 100,000 rows (the report's largest page, RP §7). */
export const MAX_EXPORT_ROWS = 100_000;
/** Rows per request: small enough for steady progress, large enough that 100,000 rows take ten calls. */
export const DEFAULT_EXPORT_PAGE_SIZE = 10_000;

export interface ReportPage {
  data: WalletTransaction[];
  meta: components['schemas']['PageMeta'];
}

export type FetchReportPage = (page: { number: number; size: number }, signal: AbortSignal) => Promise<ReportPage>;

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportTransactionsOptions {
  fetchPage: FetchReportPage;
  writer: XlsxWriter;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  pageSize?: number;
  maxRows?: number;
}

/**
 * Fetches the report page by page into `writer` and returns the finished file. The total is the first page's
 * itemTotal (capped at `maxRows`); rows seen on an earlier page are skipped, since a transaction made during the
 * export shifts later pages by one.
 */
export async function exportTransactions({
  fetchPage,
  writer,
  onProgress,
  signal = new AbortController().signal,
  pageSize = DEFAULT_EXPORT_PAGE_SIZE,
  maxRows = MAX_EXPORT_ROWS,
}: ExportTransactionsOptions): Promise<Blob> {
  const size = Math.max(1, Math.min(pageSize, maxRows));
  const seen = new Set<string>();
  let done = 0;
  let total = 0;
  writer.start(TRANSACTION_COLUMNS);

  for (let number = 1; ; number += 1) {
    signal.throwIfAborted();
    const page = await fetchPage({ number, size }, signal);
    signal.throwIfAborted();
    if (number === 1) total = Math.min(page.meta.itemTotal, maxRows);

    const rows: XlsxRow[] = [];
    for (const transaction of page.data) {
      if (done + rows.length >= total) break;
      if (seen.has(transaction.id)) continue;
      seen.add(transaction.id);
      rows.push(toTransactionRow(transaction));
    }
    await writer.addRows(rows);
    done += rows.length;

    const last = page.data.length === 0 || done >= total || number >= page.meta.pageTotal;
    // Fewer rows than announced (deleted meanwhile): the bar still ends full.
    onProgress?.({ done, total: last ? done : total });
    if (last) break;
  }

  signal.throwIfAborted();
  return writer.finish();
}
