// Test support for the wallet screens: wallet transaction rows shaped like listWalletTransactions answers them, and a
// render with the app's providers and the wallet tables' sources. The gateway in memory is the shared
// src/api/test-support/fake-gateway.ts.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { components } from '../../api/gateway';
import { Toaster } from '../../render/Toaster';
import { TableSourcesProvider } from '../../render/table';
import { tableSources } from './manifest';

type Attributes = components['schemas']['WalletTransaction']['attributes'];

export function transactionResource(id: string, overrides: Partial<Attributes> = {}) {
  const attributes: Attributes = {
    referenceNumber: `WT2026112100${id.padStart(6, '0')}`,
    type: 1,
    typeName: 'Top Up',
    serviceName: 'Top Up',
    amount: '500.00',
    fee: '0.00',
    currency: 'GMD',
    status: 'COMPLETED',
    senderName: 'Olu Officer',
    senderUserId: '3',
    receiverName: 'Isatou Touray',
    receiverUserId: '257',
    remarks: null,
    externalId: null,
    created: '2026-11-21T10:02:11Z',
    ...overrides,
  };
  return { type: 'wallettransaction' as const, id, attributes };
}

export function transactionList(resources: ReturnType<typeof transactionResource>[], meta: Partial<{ itemTotal: number; pageNumber: number; pageSize: number; pageTotal: number }> = {}) {
  return {
    data: resources,
    meta: { itemTotal: resources.length, pageNumber: 1, pageSize: 20, pageTotal: 1, ...meta },
  };
}

export const transactionTypes = {
  data: [
    { type: 'transactiontype', id: '1', attributes: { value: 1, name: 'Top Up' } },
    { type: 'transactiontype', id: '2', attributes: { value: 2, name: 'P2P' } },
    { type: 'transactiontype', id: '4', attributes: { value: 4, name: 'Request Money' } },
    { type: 'transactiontype', id: '32', attributes: { value: 32, name: 'Loan' } },
    { type: 'transactiontype', id: '256', attributes: { value: 256, name: 'Cash Out' } },
  ],
};

export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Toaster />
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={tableSources}>{children}</TableSourcesProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
