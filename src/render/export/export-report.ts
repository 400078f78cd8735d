// Paging a report into a writer: the worker's whole job, kept free of Worker and fetch so a test can drive it.
import type { XlsxColumn, XlsxRow, XlsxWriter } from './xlsx-writer';

/** The export stops at 100,000 rows (the report's largest page, remittances-and-payouts §7, §9). */
export const MAX_EXPORT_ROWS = 100_000;
/** Rows per request: small enough for steady progress, large enough that 100,000 rows take ten calls. */
export const DEFAULT_EXPORT_PAGE_SIZE = 10_000;

/** A report's resources carry an id: a row seen on an earlier page is not written twice. */
export interface ReportItem {
  id: string;
}

export interface ReportPage<T extends ReportItem = ReportItem> {
  data: T[];
  meta: { itemTotal: number; pageTotal: number };
}

export type FetchReportPage<T extends ReportItem = ReportItem> = (page: { number: number; size: number }, signal: AbortSignal) => Promise<ReportPage<T>>;

/** What a report's file shows: its columns and how one resource becomes a row. */
export interface ReportSheet<T extends ReportItem = ReportItem> {
  columns: readonly XlsxColumn[];
  toRow: (item: T) => XlsxRow;
  /** The worksheet's name (SHEET_NAME, 'Transactions', when not given). */
  sheetName?: string;
}

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportReportOptions<T extends ReportItem> {
  fetchPage: FetchReportPage<T>;
  sheet: ReportSheet<T>;
  writer: XlsxWriter;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  pageSize?: number;
  maxRows?: number;
}

/**
 * Pages requested ahead of the one being written: the gateway builds them while this worker writes, and the next
 * page's transfer and parsing never leave the gateway idle (the budget: 100,000 rows in under 5 s, README "Benchmarks").
 */
export const PAGES_AHEAD = 2;

/**
 * Fetches the report page by page into `writer` and returns the finished file. The total is the first page's
 * itemTotal (capped at `maxRows`); rows seen on an earlier page are skipped, since a transaction made during the
 * export shifts later pages by one.
 */
export async function exportReport<T extends ReportItem>({
  fetchPage,
  sheet,
  writer,
  onProgress,
  signal = new AbortController().signal,
  pageSize = DEFAULT_EXPORT_PAGE_SIZE,
  maxRows = MAX_EXPORT_ROWS,
}: ExportReportOptions<T>): Promise<Blob> {
  const size = Math.max(1, Math.min(pageSize, maxRows));
  const seen = new Set<string>();
  let done = 0;
  let total = 0;
  writer.start(sheet.columns, sheet.sheetName);

  const ahead: Promise<ReportPage<T>>[] = [];
  let requested = 0;
  /** The pages the export needs: the first until its meta tells the total. */
  let needed = 1;
  const requestAhead = () => {
    while (ahead.length < PAGES_AHEAD && requested < needed && !signal.aborted) {
      requested += 1;
      const page = fetchPage({ number: requested, size }, signal);
      // Awaited in turn; a page left behind by a failure or a cancel must not surface as an unhandled rejection.
      page.catch(() => undefined);
      ahead.push(page);
    }
  };

  signal.throwIfAborted();
  requestAhead();
  for (let number = 1; ; number += 1) {
    const next = ahead.shift();
    if (!next) throw new Error(`Report page ${number} was never requested.`);
    const page = await next;
    signal.throwIfAborted();
    if (number === 1) {
      total = Math.min(page.meta.itemTotal, maxRows);
      needed = Math.min(page.meta.pageTotal, Math.ceil(total / size));
    }
    requestAhead();

    const rows: XlsxRow[] = [];
    for (const item of page.data) {
      if (done + rows.length >= total) break;
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(sheet.toRow(item));
    }
    await writer.addRows(rows);
    done += rows.length;

    const last = page.data.length === 0 || done >= total || number >= page.meta.pageTotal;
    if (!last && requested === number) {
      // Repeats left the pages short of the total: one more page after all.
      needed = number + 1;
      requestAhead();
    }
    // Fewer rows than announced (deleted meanwhile): the bar still ends full.
    onProgress?.({ done, total: last ? done : total });
    if (last) break;
  }

  signal.throwIfAborted();
  return writer.finish();
}
