// One page of GET api/v1/wt/transactions/report, fetched without the app's client: the worker has no
// session store or window, so the gateway URL and bearer come in the start message.
import type { operations } from '../../../api/gateway';
import { CONNECTION_ERROR, apiErrorText, isErrorDocument } from '../../../api/errors';
import type { FetchReportPage, ReportPage } from './export-transactions';

type ReportQuery = NonNullable<operations['getTransactionReport']['parameters']['query']>;
/** The table's filters and sort; paging is the exporter's. */
export type ReportFilters = Omit<ReportQuery, 'page[number]' | 'page[size]'>;

export const REPORT_PATH = '/api/v1/wt/transactions/report';

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

export function reportPageUrl(gatewayUrl: string, filters: ReportFilters, page: { number: number; size: number }): string {
  const query = new URLSearchParams({ 'page[number]': String(page.number), 'page[size]': String(page.size) });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return `${gatewayUrl.replace(/\/$/, '')}${REPORT_PATH}?${query.toString()}`;
}

function isReportPage(body: unknown): body is ReportPage {
  if (typeof body !== 'object' || body === null) return false;
  const { data, meta } = body as { data?: unknown; meta?: { itemTotal?: unknown; pageTotal?: unknown } };
  return Array.isArray(data) && typeof meta?.itemTotal === 'number' && typeof meta.pageTotal === 'number';
}

export interface ReportPageFetcherOptions {
  gatewayUrl: string;
  token: string | null;
  filters: ReportFilters;
  fetch?: typeof fetch;
}

export function createReportPageFetcher({
  gatewayUrl,
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
      response = await fetchImpl(reportPageUrl(gatewayUrl, filters, page), { headers, signal });
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
