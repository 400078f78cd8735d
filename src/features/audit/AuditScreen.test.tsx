// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/session';
import { FakeGateway } from '../../api/test-support/fake-gateway';
import type { ExportCommand, ExportEvent } from '../../render/export/messages';
import type { ExportWorker } from '../../render/export/useExcelExport';
import { TableSourcesProvider } from '../../render/table';
import AuditScreen from './AuditScreen';
import { AUDIT_FILE_NAME, AUDIT_REPORT } from './export/report';
import { tableSources } from './manifest';

function renderScreen(ui: ReactElement, route = '/audit') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={tableSources}>{children}</TableSourcesProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}

const statusRow = {
  type: 'audit-event',
  id: '90',
  attributes: {
    at: '2026-11-20T10:00:00Z',
    actorId: '1',
    actorEmail: 'partner@demo.test',
    tenant: 'teller',
    action: 'account.status',
    entity: 'account',
    entityId: '7',
    before: { status: 9, statusName: 'Verified' },
    after: { status: 73, statusName: 'On Hold', actionName: 'On Hold' },
    reason: 'Documents under review',
  },
};

class FakeWorker implements ExportWorker {
  static last: FakeWorker | null = null;
  readonly commands: ExportCommand[] = [];
  onmessage: ((event: MessageEvent<ExportEvent>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(command: ExportCommand) {
    this.commands.push(command);
  }
  terminate() {}
  emit(event: ExportEvent) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: event })));
  }
}

let gateway: FakeGateway;
beforeEach(() => {
  localStorage.clear();
  gateway = new FakeGateway().on('GET', /\/api\/v1\/audit$/, () => ({
    body: { data: [statusRow], meta: { itemTotal: 1, pageNumber: 1, pageSize: 20, pageTotal: 1 } },
  }));
  fetchProxy.handle = gateway.handle;
});

function signInAs(tenantId: string, claim = tenantId) {
  sessionStore.signIn({ userId: '2', email: 'partner@demo.test', accessToken: 'token', roles: [4], tenantId, claim, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
}

describe('/audit', () => {
  it('lists who, when, what, entity and reason in the date range, and a row expands to its field-by-field diff', async () => {
    signInAs('teller');
    renderScreen(<AuditScreen />, '/audit?startDate=2026-11-01&endDate=2026-11-22');
    await screen.findByText('Documents under review');
    const table = screen.getByRole('table', { name: 'Audit' });
    const row = within(table).getByText('Documents under review').closest('tr');
    expect(row).not.toBeNull();
    expect(within(table).getByText('partner@demo.test')).toBeInTheDocument();
    expect(within(table).getByText('account.status')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Tenant' })).not.toBeInTheDocument();
    const [call] = gateway.callsTo('GET', /\/api\/v1\/audit$/);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ sort: '-at', 'page[size]': '20', 'filter[startDate]': '2026-11-01', 'filter[endDate]': '2026-11-22' });

    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /expand|details|show/i }));
    const diff = await screen.findByRole('table', { name: 'Changes of account.status account 7' });
    const statusName = within(diff).getByRole('rowheader', { name: /Status name/ }).closest('tr') as HTMLElement;
    expect(within(statusName).getByText('Verified')).toBeInTheDocument();
    expect(within(statusName).getByText('On Hold')).toBeInTheDocument();
  });

  it('shows the tenant column to the admin tenant, which reads every tenant', async () => {
    signInAs('dssc', 'dssc');
    renderScreen(<AuditScreen />);
    await screen.findByText('Documents under review');
    const table = screen.getByRole('table', { name: 'Audit' });
    expect(within(table).getByRole('columnheader', { name: 'Tenant' })).toBeInTheDocument();
    expect(within(table).getByText('teller')).toBeInTheDocument();
  });

  it('exports the rows shown, with their filters and sort, as Audit Trail.xlsx through the export worker', async () => {
    signInAs('teller');
    renderScreen(<AuditScreen excelExport={{ createWorker: () => new FakeWorker() }} />, '/audit?startDate=2026-11-01&endDate=2026-11-22&filter[entity]=account');
    await screen.findByText('Documents under review');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const [command] = FakeWorker.last?.commands ?? [];
    expect(command).toMatchObject({
      type: 'start',
      report: AUDIT_REPORT,
      pageSize: 10_000,
      filters: { sort: '-at', 'filter[entity]': 'account', 'filter[startDate]': '2026-11-01', 'filter[endDate]': '2026-11-22' },
    });
    expect(command && 'filters' in command ? command.filters : {}).not.toHaveProperty('page[size]');
    expect(AUDIT_FILE_NAME).toBe('Audit Trail.xlsx');
  });
});
