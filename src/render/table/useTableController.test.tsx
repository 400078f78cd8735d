import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FlatRecord } from '../../api/jsonapi';
import { config } from '../../config';
import { ConfigContext } from '../../config/context';
import { ruleContext, type RuleContext } from '../../config/rules';
import type { ConfigSet, TableConfig } from '../../config/types';
import { SchemaTable } from './SchemaTable';
import { tableSource, TableSourcesProvider, type PageKey, type TableSources } from './table-sources';
import { useTableController, type TableControllerOptions } from './useTableController';

// Shaped like a list of schemas/tables/ (users-and-wallets §9): 10 a page, newest first, a text and a select filter.
const remittances: TableConfig = {
  id: 'remittances',
  title: 'Remittances',
  operation: 'listRemittances',
  rowKey: 'id',
  defaultSort: '-created',
  pageSize: 10,
  columns: [
    { id: 'reference', field: 'reference', header: 'Reference', filter: 'text', sortable: true },
    { id: 'status', field: 'status', header: 'Status', filter: 'select', filterOptions: [{ value: 'PAID', label: 'PAID' }, { value: 'HELD', label: 'HELD' }] },
    { id: 'created', field: 'created', header: 'Created', sortable: true },
  ],
};
const set: ConfigSet = { ...config, tables: { ...config.tables, remittances } };

function fakeSource() {
  const asked: PageKey[] = [];
  const sources: TableSources = {
    listRemittances: tableSource((key: PageKey) =>
      queryOptions({
        queryKey: ['remittances', key.tenant, key.params],
        queryFn: () => {
          asked.push(key);
          const page = Number(key.params['page[number]']);
          const rows: FlatRecord[] = [{ id: `r${page}`, type: 'remittance', reference: `RM-${page}`, status: 'PAID', created: '2026-11-21T10:00:00Z' }];
          return Promise.resolve({ rows, meta: { itemTotal: 30, pageNumber: page, pageSize: 10, pageTotal: 3 } });
        },
      }),
    ),
  };
  return { asked, sources, lastParams: () => asked.at(-1)?.params };
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{decodeURIComponent(search)}</output>;
}

function RemittancesScreen(options: TableControllerOptions) {
  const list = useTableController('remittances', options);
  return <SchemaTable {...list.tableProps} />;
}

function renderScreen(sources: TableSources, { route = '/remittances', context = teller }: { route?: string; context?: RuleContext } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfigContext.Provider value={set}>
          <TableSourcesProvider sources={sources}>
            <MemoryRouter initialEntries={[route]}>
              {children}
              <Address />
            </MemoryRouter>
          </TableSourcesProvider>
        </ConfigContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(<RemittancesScreen ruleContext={context} />, { wrapper });
  return { ...view, switchTo: (next: RuleContext) => view.rerender(<RemittancesScreen ruleContext={next} />) };
}

const teller = ruleContext({ role: 4, roles: [4], tenant: 'teller', tenantType: 'wallet' });
const naccug = ruleContext({ role: 4, roles: [4], tenant: 'naccug', tenantType: 'wallet' });
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('useTableController', () => {
  it('fetches the first page by the table’s operation with the table file’s defaults, and a plain address', async () => {
    const fake = fakeSource();
    renderScreen(fake.sources);
    expect(await screen.findByText('RM-1')).toBeInTheDocument();
    expect(fake.lastParams()).toEqual({ 'page[number]': '1', 'page[size]': '10', sort: '-created' });
    expect(fake.asked.at(-1)?.tenant).toBe('teller');
    expect(screen.getByRole('table', { name: 'Remittances' })).toBeInTheDocument();
    expect(address()).toBe('');
  });

  it('keeps page, sort and filters in the address, so the same address (a reload, Back) shows the same page', async () => {
    const fake = fakeSource();
    const first = renderScreen(fake.sources);
    await screen.findByText('RM-1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('RM-2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'HELD' }));
    await userEvent.click(screen.getByRole('button', { name: /Reference/ }));
    await waitFor(() => expect(address()).toBe('?sort=reference&filter[status]=HELD'));
    const shown = address() ?? '';
    first.unmount();

    const again = fakeSource();
    renderScreen(again.sources, { route: `/remittances${shown}` });
    await screen.findByText('RM-1');
    expect(again.lastParams()).toEqual({ 'page[number]': '1', 'page[size]': '10', sort: 'reference', 'filter[status]': 'HELD' });
    expect(screen.getByRole('combobox', { name: 'Filter Status' })).toHaveValue('HELD');
    expect(screen.getByRole('columnheader', { name: /Reference/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('reads a page and an empty sort (none of its own) from the address', async () => {
    const fake = fakeSource();
    renderScreen(fake.sources, { route: '/remittances?page=3&sort=&pageSize=20&startDate=2026-11-01' });
    await screen.findByText('RM-3');
    expect(fake.lastParams()).toEqual({ 'page[number]': '3', 'page[size]': '20' });
  });

  it('a tenant switch starts the list afresh, page 1 without filters, and keeps the screen’s own parameters', async () => {
    const fake = fakeSource();
    const view = renderScreen(fake.sources, { route: '/remittances?startDate=2026-11-01' });
    await screen.findByText('RM-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Reference' }), 'RM');
    await waitFor(() => expect(address()).toBe('?startDate=2026-11-01&filter[reference]=RM'));
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(address()).toBe('?startDate=2026-11-01&page=3&filter[reference]=RM'));

    view.switchTo(naccug);
    await waitFor(() => expect(address()).toBe('?startDate=2026-11-01'));
    expect(fake.asked.at(-1)).toEqual({ tenant: 'naccug', params: { 'page[number]': '1', 'page[size]': '10', sort: '-created' } });
    expect(fake.asked.some((key) => key.tenant === 'naccug' && key.params['page[number]'] !== '1')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Filter Reference' })).toHaveValue('');
  });

  it('keeps the query in the component when told to (a table in a panel): the address stays as it is', async () => {
    const fake = fakeSource();
    const queryClient = new QueryClient();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <ConfigContext.Provider value={set}>
            <TableSourcesProvider sources={fake.sources}>
              <MemoryRouter initialEntries={['/wallet/users?page=2']}>
                <RemittancesScreen ruleContext={teller} params={{ 'filter[userId]': '257' }} disableSyncWithLocation />
                <Address />
              </MemoryRouter>
            </TableSourcesProvider>
          </ConfigContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByText('RM-1');
    expect(fake.lastParams()).toEqual({ 'page[number]': '1', 'page[size]': '10', sort: '-created', 'filter[userId]': '257' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('RM-3');
    expect(address()).toBe('?page=2');
  });

  it('names the missing table file and the checker, and the operation no feature fetches', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { admins: _admins, ...withoutAdmins } = set.tables;
    const Missing = () => {
      useTableController('admins');
      return null;
    };
    expect(() => render(<ConfigContext.Provider value={{ ...set, tables: withoutAdmins }}><MemoryRouter><Missing /></MemoryRouter></ConfigContext.Provider>)).toThrow(
      'No table "admins": the screen draws schemas/tables/admins.json; restore it, then run npm run check:config',
    );
    expect(() => renderScreen({})).toThrow('schemas/tables/remittances.json lists with operation "listRemittances", which no feature gives a source for');
    vi.restoreAllMocks();
  });
});
