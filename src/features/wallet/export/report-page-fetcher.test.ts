import { describe, expect, it, vi } from 'vitest';
import { ExportFailure, createReportPageFetcher, reportPageUrl as urlOf, type ReportFilters } from '../../../render/export/report-page-fetcher';
import { WALLET_TRANSACTIONS_REPORT } from './transaction-columns';
import { testTransactions } from './test-transactions';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const page = { number: 2, size: 10_000 };
const source = WALLET_TRANSACTIONS_REPORT;
const reportPageUrl = (gatewayUrl: string, filters: ReportFilters, at: typeof page) => urlOf(gatewayUrl, source, filters, at);
const signal = () => new AbortController().signal;

describe('reportPageUrl', () => {
  it('[RP-7.03] asks the wallet report for one page with the filters and sort', () => {
    const url = new URL(
      reportPageUrl(
        'https://gateway.example/',
        { 'filter[startDate]': '2025-03-01', 'filter[endDate]': '2025-03-08', sort: '-created', 'filter[userId]': '42' },
        page,
      ),
    );
    expect(url.origin + url.pathname).toBe('https://gateway.example/api/v1/wt/transactions/report');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'page[number]': '2',
      'page[size]': '10000',
      'filter[startDate]': '2025-03-01',
      'filter[endDate]': '2025-03-08',
      sort: '-created',
      'filter[userId]': '42',
    });
  });

  it('leaves out empty filters', () => {
    const url = new URL(reportPageUrl('https://gateway.example', { 'filter[currency]': '' }, page));
    expect([...url.searchParams.keys()]).toEqual(['page[number]', 'page[size]']);
  });
});

describe('createReportPageFetcher', () => {
  it('sends the bearer and returns the page', async () => {
    const body = { data: testTransactions(2), meta: { itemTotal: 2, pageNumber: 1, pageSize: 10, pageTotal: 1 } };
    const fetch = vi.fn(async () => json(body));
    const fetchPage = createReportPageFetcher({ source, gatewayUrl: 'https://gw', authHeaders: { authorization: 'Bearer tenant-token' }, filters: {}, fetch });
    await expect(fetchPage(page, signal())).resolves.toEqual(body);
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init[1].headers).get('authorization')).toBe('Bearer tenant-token');
  });

  it("[UW-8.03] fails with the server's message and status", async () => {
    const fetch = vi.fn(async () =>
      json({ errors: [{ status: '422', title: 'Invalid date range', detail: 'The end date is before the start date.' }] }, 422),
    );
    const fetchPage = createReportPageFetcher({ source, gatewayUrl: 'https://gw', authHeaders: {}, filters: {}, fetch });
    const failure = await fetchPage(page, signal()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportFailure);
    expect(failure).toMatchObject({ message: 'The end date is before the start date.', status: 422 });
  });

  it('[UW-8.01] fails with the connection text when the network fails or the answer is not the report', async () => {
    const offline = createReportPageFetcher({ source,
      gatewayUrl: 'https://gw',
      authHeaders: {},
      filters: {},
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline(page, signal())).rejects.toThrow(CONNECTION_TEXT);

    const broken = createReportPageFetcher({ source,
      gatewayUrl: 'https://gw',
      authHeaders: {},
      filters: {},
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(broken(page, signal())).rejects.toMatchObject({ message: CONNECTION_TEXT, status: 502 });
  });

  it('lets a cancel through as an abort, not as an error to show', async () => {
    const controller = new AbortController();
    const fetchPage = createReportPageFetcher({ source,
      gatewayUrl: 'https://gw',
      authHeaders: {},
      filters: {},
      fetch: async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    });
    await expect(fetchPage(page, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
