import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_OPERATIONS, patchRow, publishChange, useLivePage } from './live-rows';

describe('patchRow', () => {
  const page = { rows: [{ id: '1', type: 'user', status: 'PENDING' }, { id: '2', type: 'user', status: 'PENDING' }], meta: { itemTotal: 2 } };

  it('[LIVE-7] replaces only the changed row: the other rows and the meta stay the same objects', () => {
    const patched = patchRow(page, { id: '2', type: 'user', status: 'COMPLETED' });
    expect(patched.rows.map((row) => row.status)).toEqual(['PENDING', 'COMPLETED']);
    expect(patched.rows[0]).toBe(page.rows[0]);
    expect(patched.meta).toBe(page.meta);
    expect(page.rows[1]?.status).toBe('PENDING');
  });

  it('[LIVE-7] leaves the page as it is for a row it does not hold or a row that did not change', () => {
    expect(patchRow(page, { id: '9', type: 'user', status: 'COMPLETED' })).toBe(page);
    expect(patchRow(page, { id: '1', type: 'user', status: 'PENDING' })).toBe(page);
  });

  it('maps every streamed entity to the list operation a table file names', () => {
    expect(LIVE_OPERATIONS).toEqual({ user: 'listUsers', walletTransaction: 'listWalletTransactions', remittance: 'listRemittances' });
  });
});

describe('useLivePage', () => {
  it('[LIVE-9] patches the changed row of an open page into the query cache, without refetching the cached query', async () => {
    const client = new QueryClient();
    const key = ['users', 'naccug', { 'page[number]': '1' }] as const;
    let reads = 0;
    const cached = { rows: [{ id: '1', type: 'user', status: 'Active' }, { id: '2', type: 'user', status: 'Active' }], meta: { itemTotal: 2 } };
    const fresh = { rows: [{ id: '1', type: 'user', status: 'Active' }, { id: '2', type: 'user', status: 'Sanctioned' }], meta: { itemTotal: 2 } };
    const queryFn = async () => (reads++ === 0 ? cached : fresh);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => {
        const page = useQuery({ queryKey: key, queryFn, staleTime: Infinity });
        useLivePage({ operation: 'listUsers', queryKey: key, queryFn, data: page.data });
        return page;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(2));
    const before = result.current.data;
    const fetches = client.getQueryCache().find({ queryKey: key })?.state.dataUpdateCount;

    act(() => publishChange({ entity: 'user', entityId: '2', action: 'account.status', changed: ['status'] }));
    await waitFor(() => expect(result.current.data?.rows[1]?.status).toBe('Sanctioned'));
    expect(result.current.data?.rows[0]).toBe(before?.rows[0]);
    // Patched with setQueryData (one update), not a refetch of the cached query.
    expect(client.getQueryCache().find({ queryKey: key })?.state.fetchStatus).toBe('idle');
    expect(client.getQueryCache().find({ queryKey: key })?.state.dataUpdateCount).toBe((fetches ?? 0) + 1);

    // A change to a row the page does not hold reads nothing.
    act(() => publishChange({ entity: 'user', entityId: '99', action: 'account.status', changed: ['status'] }));
    act(() => publishChange({ entity: 'remittance', entityId: '2', action: 'remittance.settle', changed: ['statusId'] }));
    expect(reads).toBe(2);
  });
});
