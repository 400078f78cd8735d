// One page of a report (a list operation read in large pages, e.g. GET api/v1/wt/transactions/report), fetched
// without the app's client: the worker has no session store or window, so the gateway URL and bearer come in the
// start message.
import { CONNECTION_ERROR, apiErrorText, isErrorDocument } from '../../api/errors';
import type { FetchReportPage, ReportPage } from './export-report';

/** The list's filters and sort as query parameters; paging is the exporter's. */
export type ReportFilters = Readonly<Record<string, string | number | undefined>>;

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

export function reportPageUrl(gatewayUrl: string, path: string, filters: ReportFilters, page: { number: number; size: number }): string {
  const query = new URLSearchParams({ 'page[number]': String(page.number), 'page[size]': String(page.size) });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return `${gatewayUrl.replace(/\/$/, '')}${path}?${query.toString()}`;
}

function isReportPage(body: unknown): body is ReportPage {
  if (typeof body !== 'object' || body === null) return false;
  const { data, meta } = body as { data?: unknown; meta?: { itemTotal?: unknown; pageTotal?: unknown } };
  return Array.isArray(data) && typeof meta?.itemTotal === 'number' && typeof meta.pageTotal === 'number';
}

export interface ReportPageFetcherOptions {
  gatewayUrl: string;
  /** The list operation's path, e.g. /api/v1/audit. */
  path: string;
  token: string | null;
  filters: ReportFilters;
  fetch?: typeof fetch;
}

export function createReportPageFetcher({
  gatewayUrl,
  path,
  token,
  filters,
  fetch: fetchImpl = fetch,
}: ReportPageFetcherOptions): FetchReportPage {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;

  return async (page, signal) => {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(reportPageUrl(gatewayUrl, path, filters, page), { headers, signal });
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
    if (!isReportPage(body)) throw new ExportFailure(CONNECTION_ERROR, response.status);
    return body;
  };
}
