// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlatRecord } from '../../api/jsonapi';
import { FakeGateway } from '../../api/test-support/fake-gateway';
import { config } from '../../config';
import { ConfigContext } from '../../config/context';
import { ruleContext } from '../../config/rules';
import type { ConfigSet, TableConfig } from '../../config/types';
import { SchemaTable } from './SchemaTable';
import { tableSource, TableSourcesProvider, type PageKey, type TableSources } from './table-sources';
import { useTableController } from './useTableController';

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
const teller = ruleContext({ role: 64, roles: [64], tenant: 'teller', tenantType: 'wallet' });

const asked: PageKey[] = [];
const sources: TableSources = {
  listRemittances: tableSource((key: PageKey) =>
    queryOptions({
      queryKey: ['remittances', key.tenant, key.params],
      queryFn: () => {
        asked.push(key);
        const rows: FlatRecord[] = [{ id: 'r1', type: 'remittance', reference: 'RM-1', status: 'HELD', created: '2026-11-21T10:00:00Z' }];
        return Promise.resolve({ rows, meta: { itemTotal: 1, pageNumber: 1, pageSize: Number(key.params['page[size]']), pageTotal: 1 } });
      },
    }),
  ),
};

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{decodeURIComponent(search)}</output>;
}

function Screen() {
  const list = useTableController('remittances', { ruleContext: teller });
  return <SchemaTable {...list.tableProps} />;
}

function renderScreen(route = '/remittances') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConfigContext.Provider value={set}>
          <TableSourcesProvider sources={sources}>
            <MemoryRouter initialEntries={[route]}>
              <Screen />
              <Address />
            </MemoryRouter>
          </TableSourcesProvider>
        </ConfigContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
/** The header row's names (the filter row under it is left out). */
const headers = () => {
  const [row] = within(screen.getByRole('table', { name: 'Remittances' })).getAllByRole('row');
  return within(row as HTMLElement).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
};

function view(id: string, attributes: Record<string, unknown>) {
  return {
    type: 'view',
    id,
    attributes: {
      table: 'remittances', scope: 'private', role: null, isDefault: false, mine: true, ownerEmail: 'officer@demo.test',
      dropped: [], created: '2026-11-21T10:00:00Z', updated: '2026-11-21T10:00:00Z', ...attributes,
    },
  };
}

let gateway: FakeGateway;
let views: ReturnType<typeof view>[];
beforeEach(() => {
  asked.length = 0;
  views = [];
  gateway = new FakeGateway()
    .on('GET', '/api/v1/views', () => ({ body: { data: views } }))
    .on('POST', '/api/v1/views', (call) => {
      const attributes = (call.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      const saved = view('41', attributes);
      views.push(saved);
      return { status: 201, body: { data: saved } };
    });
  fetchProxy.handle = gateway.handle;
});

describe('the views menu of a table', () => {
  it('hides and reorders columns, and the address carries the choice', async () => {
    renderScreen();
    await screen.findByText('RM-1');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = within(await screen.findByRole('group', { name: 'Columns' }));
    await userEvent.click(chooser.getByRole('checkbox', { name: 'Created' }));
    await userEvent.click(chooser.getByRole('button', { name: 'Move Status up' }));
    await waitFor(() => expect(headers()).toEqual(['Status', 'Reference']));
    expect(address()).toBe('?columns=status,reference');
  });

  it('opens an address with columns and filters exactly as its sender saw it', async () => {
    renderScreen('/remittances?filter[status]=HELD&columns=status,reference&view=41');
    await screen.findByText('RM-1');
    expect(headers()).toEqual(['Status', 'Reference']);
    expect(asked.at(-1)?.params).toMatchObject({ 'filter[status]': 'HELD' });
    expect(screen.getByRole('combobox', { name: 'Filter Status' })).toHaveValue('HELD');
  });

  it('saves the table as it is as a view shared with a role, and names it in the address', async () => {
    renderScreen('/remittances?filter[status]=HELD&columns=status,reference&sort=reference');
    await screen.findByText('RM-1');
    await userEvent.click(screen.getByRole('button', { name: 'Views' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Save as new view…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save view' }));
    expect(dialog.queryByRole('radio', { name: 'Everyone in the tenant' })).not.toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /View name/ }), 'Held first');
    await userEvent.click(dialog.getByRole('radio', { name: 'Everyone with a role' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Group admins (16)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address()).toContain('view=41'));
    const [call] = gateway.callsTo('POST', '/api/v1/views');
    expect(call?.body).toEqual({
      data: {
        type: 'View',
        attributes: {
          table: 'remittances', name: 'Held first', scope: 'role', role: 16, isDefault: false,
          state: { columns: ['status', 'reference'], filters: { status: 'HELD' }, sort: 'reference', pageSize: 10 },
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Views: Held first' })).toBeInTheDocument();
  });

  it("opens a plain address with the tenant's default view, and a saved view from the menu", async () => {
    views = [
      view('7', { name: 'Tenant default', scope: 'tenant', isDefault: true, mine: false, state: { columns: ['reference', 'status'], filters: { status: 'PAID' }, sort: null, pageSize: 20 } }),
      view('8', { name: 'Mine', state: { columns: ['created', 'reference'], filters: {}, sort: '-created', pageSize: 50 } }),
    ];
    renderScreen();
    await waitFor(() => expect(address()).toBe('?pageSize=20&sort=&filter[status]=PAID&columns=reference,status&view=7'));
    await waitFor(() => expect(asked.at(-1)?.params).toEqual({ 'page[number]': '1', 'page[size]': '20', 'filter[status]': 'PAID' }));
    expect(headers()).toEqual(['Reference', 'Status']);

    await userEvent.click(screen.getByRole('button', { name: 'Views: Tenant default' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Mine/ }));
    await waitFor(() => expect(headers()).toEqual(['Created', 'Reference']));
    expect(asked.at(-1)?.params).toEqual({ 'page[number]': '1', 'page[size]': '50', sort: '-created' });
  });

  it('opens a tenant default that no longer fits the list without its bad parts, with a notice naming what was left out', async () => {
    // The gateway lists it as it can be used now: the stored status "0" and a column gone from the table file are out.
    views = [
      view('9', {
        name: 'Broken default', scope: 'tenant', isDefault: true, mine: false,
        state: { columns: ['reference', 'status'], filters: { reference: 'RM' }, sort: '-created', pageSize: 20 },
        dropped: [
          { pointer: '/columns/1', value: 'shoeSize', detail: 'remittances has no column shoeSize' },
          { pointer: '/filters/status', value: '0', detail: 'filter[status] must be equal to one of the allowed values' },
        ],
      }),
    ];
    renderScreen();
    const notice = await screen.findByRole('status', { name: 'Part of this view was left out' });
    expect(notice).toHaveTextContent('“Broken default” no longer fits this list, so it opened without the column “shoeSize” and the Status filter “0”.');
    await waitFor(() => expect(asked.at(-1)?.params).toEqual({ 'page[number]': '1', 'page[size]': '20', 'filter[reference]': 'RM', sort: '-created' }));
    expect(await screen.findByText('RM-1')).toBeInTheDocument();
    expect(headers()).toEqual(['Reference', 'Status']);

    // Another view chosen: the notice goes with the view it was about.
    await userEvent.click(screen.getByRole('button', { name: 'Views: Broken default' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Table as configured' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Part of this view was left out' })).not.toBeInTheDocument());
  });
});
