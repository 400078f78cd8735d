import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteChangeCursor } from '../api/change-cursor';
import { sessionStore } from '../api/session';
import { useChangeStream } from './useChangeStream';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('useChangeStream', () => {
  it('reads the open lists again when the gateway refuses the tab’s cursor (a database restored under it), and streams from the newest event', async () => {
    sessionStore.signIn({ userId: '1', email: 'partner@demo.test', accessToken: 'outlived-restore', roles: [4], tenantId: 'teller', claim: 'teller', adminTenant: false, expiresAt: Date.now() + 3_600_000 });
    // The tab's first list read carried a cursor the restored database never wrote.
    noteChangeCursor('Bearer outlived-restore', '9000');
    const sent: Array<string | null> = [];
    // The stream opens after the first page was read, as afterFirstScreen holds it on a cold load.
    let firstPageRead: () => void = () => undefined;
    const pageShown = new Promise<void>((resolve) => (firstPageRead = resolve));
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      await pageShown;
      const cursor = new Headers(init.headers).get('last-event-id');
      sent.push(cursor);
      if (cursor !== null) return new Response(JSON.stringify({ errors: [{ status: '400', title: 'Last-Event-ID must be the id of an event this stream sent' }] }), { status: 400 });
      // From the newest event: a stream that stays open until the tab closes it.
      return new Response(new ReadableStream({ start: (stream) => init.signal?.addEventListener('abort', () => stream.error(new DOMException('closed', 'AbortError'))) }), { status: 200 });
    });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    let reads = 0;
    const { result, unmount } = renderHook(
      () => {
        useChangeStream();
        return useQuery({ queryKey: ['members', 'teller', { 'page[number]': '1' }], queryFn: async () => ++reads });
      },
      { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    firstPageRead();
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(sent).toEqual(['9000', null]);
    unmount();
  });
});
