// One page of a report (GET api/v1/wt/transactions/report, GET api/v1/remittance with page[size] up to 100,000, or a
// report answered whole), fetched without the app's client: the worker has no session store or window, so the gateway
// URL and bearer come in the start message.
import { CONNECTION_ERROR, apiErrorText, isErrorDocument } from '../../api/errors';
import type { FetchReportPage, ReportItem, ReportPage } from './export-report';

/** The table's filters and sort, as query parameters; paging is the exporter's. */
export type ReportFilters = Readonly<Record<string, string>>;

/** Where a report is read: a paged list, or one call that answers every row (`paged: false`, no paging meta). */
export interface ReportSource {
  path: string;
  paged: boolean;
}

/** A failed report call, with the text staff see (users-and-wallets §8) and the HTTP status when there was one. */
export class ExportFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ExportFailure';
  }
}

export function reportPageUrl(gatewayUrl: string, source: ReportSource, filters: ReportFilters, page: { number: number; size: number }): string {
  const query = source.paged ? new URLSearchParams({ 'page[number]': String(page.number), 'page[size]': String(page.size) }) : new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== '') query.set(name, value);
  }
  return `${gatewayUrl.replace(/\/$/, '')}${source.path}?${query.toString()}`;
}

function isItemList(data: unknown): data is ReportItem[] {
  return Array.isArray(data);
}

/** The answer as a page: a whole report is its only page. */
function pageOf(body: unknown, paged: boolean): ReportPage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { data, meta } = body as { data?: unknown; meta?: { itemTotal?: unknown; pageTotal?: unknown } };
  if (!isItemList(data)) return null;
  if (!paged) return { data, meta: { itemTotal: data.length, pageTotal: 1 } };
  return typeof meta?.itemTotal === 'number' && typeof meta.pageTotal === 'number' ? (body as ReportPage) : null;
}

export interface ReportPageFetcherOptions {
  gatewayUrl: string;
  authHeaders: Record<string, string>;
  source: ReportSource;
  filters: ReportFilters;
  fetch?: typeof fetch;
}

export function createReportPageFetcher({ gatewayUrl, authHeaders, source, filters, fetch: fetchImpl = fetch }: ReportPageFetcherOptions): FetchReportPage {
  const headers: Record<string, string> = { ...authHeaders, accept: 'application/json' };

  return async (page, signal) => {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(reportPageUrl(gatewayUrl, source, filters, page), { headers, signal });
      body = await response.json().catch(() => null);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ExportFailure(CONNECTION_ERROR);
    }
    signal.throwIfAborted();
    if (!response.ok) {
      const message = isErrorDocument(body) ? apiErrorText(body.errors) : null;
      throw new ExportFailure(message ?? CONNECTION_ERROR, response.status);
    }
    const answer = pageOf(body, source.paged);
    if (!answer) throw new ExportFailure(CONNECTION_ERROR, response.status);
    return answer;
  };
}
