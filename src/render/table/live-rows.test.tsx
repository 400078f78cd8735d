import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_OPERATIONS, patchRow, publishChange, rowParams, useLivePage } from './live-rows';
import { tableSource, type ListPage, type PageKey } from './table-sources';

describe('patchRow', () => {
  const page = { rows: [{ id: '1', type: 'user', status: 'PENDING' }, { id: '2', type: 'user', status: 'PENDING' }], meta: { itemTotal: 2 } };

  it('[LIVE-7] replaces only the changed row: the other rows and the meta stay the same objects', () => {
    const patched = patchRow(page, '2', { id: '2', type: 'user', status: 'COMPLETED' });
    expect(patched.rows.map((row) => row.status)).toEqual(['PENDING', 'COMPLETED']);
    expect(patched.rows[0]).toBe(page.rows[0]);
    expect(patched.meta).toBe(page.meta);
    expect(page.rows[1]?.status).toBe('PENDING');
  });

  it('[LIVE-7] leaves the page as it is for a row it does not hold or a row that did not change', () => {
    expect(patchRow(page, '9', { id: '9', type: 'user', status: 'COMPLETED' })).toBe(page);
    expect(patchRow(page, '1', { id: '1', type: 'user', status: 'PENDING' })).toBe(page);
  });

  it('[LIVE-7] takes out a row that no longer matches the query; the other rows and the meta (its totals) stay the same objects', () => {
    const patched = patchRow(page, '1', undefined);
    expect(patched.rows).toEqual([page.rows[1]]);
    expect(patched.rows[0]).toBe(page.rows[1]);
    expect(patched.meta).toBe(page.meta);
    expect(patchRow(page, '9', undefined)).toBe(page);
  });

  it('narrows the page\'s query to the one row: filter[id] on page 1, every other parameter kept', () => {
    expect(rowParams({ 'page[number]': '3', 'page[size]': '20', 'filter[status]': 'Active', sort: '-created' }, '7')).toEqual({
      'page[number]': '1',
      'page[size]': '20',
      'filter[status]': 'Active',
      sort: '-created',
      'filter[id]': '7',
    });
  });

  it('maps every streamed entity to the list operation a table file names', () => {
    expect(LIVE_OPERATIONS).toEqual({ user: 'listUsers', walletTransaction: 'listWalletTransactions', remittance: 'listRemittances' });
  });
});

describe('useLivePage', () => {
  type Page = { rows: { id: string; type: string; status: string }[]; meta: { itemTotal: number } };
  /** An open users table: its page read with `queryFn` and kept live, rows read again with `readRow`. */
  const renderLivePage = (client: QueryClient, key: QueryKey, queryFn: () => Promise<Page>, readRow: (id: string) => Promise<Page>) =>
    renderHook(
      () => {
        const page = useQuery({ queryKey: key, queryFn, staleTime: Infinity });
        useLivePage({ operation: 'listUsers', queryKey: key, readRow, data: page.data });
        return page;
      },
      { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );

  it('[LIVE-9] patches the changed row of an open page into the query cache, without refetching the cached query', async () => {
    const client = new QueryClient();
    const key = ['users', 'naccug', { 'page[number]': '1' }] as const;
    let reads = 0;
    const cached = { rows: [{ id: '1', type: 'user', status: 'Active' }, { id: '2', type: 'user', status: 'Active' }], meta: { itemTotal: 2 } };
    const fresh = { rows: [{ id: '2', type: 'user', status: 'Sanctioned' }], meta: { itemTotal: 1 } };
    const queryFn = async () => {
      reads++;
      return cached;
    };
    const readRow = async () => {
      reads++;
      return fresh;
    };
    const { result } = renderLivePage(client, key, queryFn, readRow);
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(2));
    const before = result.current.data;
    const fetches = client.getQueryCache().find({ queryKey: key })?.state.dataUpdateCount;

    act(() => publishChange({ entity: 'user', entityId: '2', action: 'account.status', changed: ['status'] }));
    await waitFor(() => expect(result.current.data?.rows[1]?.status).toBe('Sanctioned'));
    expect(result.current.data?.rows[0]).toBe(before?.rows[0]);
    // The page's meta is the cached one, not the one-row read's.
    expect(result.current.data?.meta).toBe(before?.meta);
    // Patched with setQueryData (one update), not a refetch of the cached query.
    expect(client.getQueryCache().find({ queryKey: key })?.state.fetchStatus).toBe('idle');
    expect(client.getQueryCache().find({ queryKey: key })?.state.dataUpdateCount).toBe((fetches ?? 0) + 1);

    // A change to a row the page does not hold reads nothing.
    act(() => publishChange({ entity: 'user', entityId: '99', action: 'account.status', changed: ['status'] }));
    act(() => publishChange({ entity: 'remittance', entityId: '2', action: 'remittance.settle', changed: ['statusId'] }));
    expect(reads).toBe(2);
  });

  it('[LIVE-9] reads the whole page again when the changed row cannot be read (regression: the change was lost)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['users', 'teller', { 'page[number]': '1' }] as const;
    let pageReads = 0;
    const first = { rows: [{ id: '1', type: 'user', status: 'Verified' }], meta: { itemTotal: 1 } };
    const again = { rows: [{ id: '1', type: 'user', status: 'Duplicate' }], meta: { itemTotal: 1 } };
    const queryFn = async () => (pageReads++ === 0 ? first : again);
    const readRow = () => Promise.reject(new TypeError('Failed to fetch'));
    const { result } = renderLivePage(client, key, queryFn, readRow);
    await waitFor(() => expect(result.current.data?.rows[0]?.status).toBe('Verified'));
    act(() => publishChange({ entity: 'user', entityId: '1', action: 'account.status', changed: ['status'] }));
    await waitFor(() => expect(result.current.data?.rows[0]?.status).toBe('Duplicate'));
    expect(pageReads).toBe(2);
  });
});

describe('tableSource', () => {
  it('[LIVE-9] reads a changed row with the table\'s query plus filter[id], not the page, and drops a row that no longer matches', async () => {
    const client = new QueryClient();
    const asked: Array<Record<string, string>> = [];
    const meta = (itemTotal: number) => ({ itemTotal, pageNumber: 1, pageSize: 3, pageTotal: 1 });
    const rows = [{ id: '1', type: 'user', status: 'Active' }, { id: '2', type: 'user', status: 'Active' }, { id: '3', type: 'user', status: 'Active' }];
    const answers: Record<string, ListPage> = { '2': { rows: [{ id: '2', type: 'user', status: 'Active', email: 'new@x.test' }], meta: meta(1) }, '3': { rows: [], meta: meta(0) } };
    const source = tableSource(({ tenant, params }: PageKey) => ({
      queryKey: ['users', tenant, params] as const,
      queryFn: async (): Promise<ListPage> => {
        asked.push(params);
        const id = params['filter[id]'];
        return id === undefined ? { rows, meta: meta(3) } : (answers[id] ?? { rows: [], meta: meta(0) });
      },
      staleTime: Infinity,
    }));
    const key: PageKey = { tenant: 'naccug', params: { 'page[number]': '2', 'page[size]': '3', 'filter[status]': 'Active' } };
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => source.usePage(key, {}, 'listUsers'), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    const before = result.current.page.data;

    act(() => publishChange({ entity: 'user', entityId: '2', action: 'user.update', changed: ['email'] }));
    await waitFor(() => expect(result.current.rows[1]?.email).toBe('new@x.test'));
    expect(asked[1]).toEqual({ 'page[number]': '1', 'page[size]': '3', 'filter[status]': 'Active', 'filter[id]': '2' });
    expect(result.current.rows[0]).toBe(before?.rows[0]);
    expect(result.current.rows[2]).toBe(before?.rows[2]);

    // Row 3 no longer has status Active: it leaves the cached page; the totals stay as they were.
    act(() => publishChange({ entity: 'user', entityId: '3', action: 'account.status', changed: ['status'] }));
    await waitFor(() => expect(result.current.rows.map((row) => row.id)).toEqual(['1', '2']));
    expect(asked[2]?.['filter[id]']).toBe('3');
    expect(result.current.page.data?.meta).toBe(before?.meta);
    expect(asked).toHaveLength(3);
  });
});
