import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlatRecord, ListMeta } from '../../api/jsonapi';
import { ruleContext } from '../../config/rules';
import type { ColorMap, TableConfig, Tenant } from '../../config/types';
import { renderWithProviders } from '../test-utils';
import { SchemaTable, type SchemaTableProps } from './SchemaTable';
import { initialTableQuery, listParams, type TableQuery } from './table-query';

// Shaped like schemas/tables/users.json and user-transactions.json (users-and-wallets §2, remittances-and-payouts §2).
const usersTable: TableConfig & { toolbarActions: { id: string; label: string; visible?: unknown }[] } = {
  id: 'users',
  title: 'Users',
  labelKey: 'users',
  operation: 'listUsers',
  rowKey: 'id',
  fixedFilters: { 'account.roles': '256' },
  defaultSort: '-created',
  pageSize: 10,
  columns: [
    { id: 'rowNumber', header: '#', format: 'rowNumber' },
    { id: 'accountId', field: 'account.accountId', header: 'Account Id', filter: 'text', sortable: true },
    { id: 'name', field: 'fullname', avatarField: 'photo.url', header: 'Name', format: 'avatarName', filter: 'text', sortable: true },
    { id: 'groups', field: 'account.groups', header: 'Groups' },
    { id: 'email', field: 'email.value', header: 'Email', filter: 'text', filterKey: 'email', sortable: true, sortKey: 'email' },
    { id: 'balance', field: 'wallet.balance', header: 'Wallet Balance', format: 'money', sortable: true },
    { id: 'rate', field: 'rate', header: 'Rate', format: 'number' },
    { id: 'created', field: 'created', header: 'Created', format: 'date', sortable: true },
    {
      id: 'status',
      field: 'account.statusName',
      header: 'Status',
      format: 'badge',
      colorMap: 'userStatus',
      filter: 'select',
      filterKey: 'status',
      filterOptions: [
        { value: 'Active', label: 'Active' },
        { value: 'Pending', label: 'Pending' },
      ],
    },
    { id: 'actions', header: 'Actions', format: 'actions', visible: { '!': { var: 'payoutAdmin' } } },
  ],
  rowActions: [
    { id: 'view', label: 'View', flow: 'openUser' },
    { id: 'otp', label: 'OTP', flow: 'confirmTransaction', visibleForRow: { '==': [{ var: 'account.statusName' }, 'Pending'] } },
  ],
  toolbarActions: [{ id: 'addUser', label: 'Add user', flow: 'createUser', visible: { '==': [{ var: 'role' }, 64] } }],
};

const colorMaps: Record<string, ColorMap> = {
  userStatus: { colors: { Active: 'primary', Pending: 'warning', Sanctioned: 'danger' }, default: 'inactive' },
};

function user(index: number, overrides: Record<string, unknown> = {}): FlatRecord {
  return {
    id: `u${index}`,
    type: 'user',
    fullname: `User ${index}`,
    created: new Date(2025, 0, 5, 15, 4).toISOString(),
    rate: 1234.5,
    account: { accountId: `AC${index}`, groups: 'Banjul', statusName: index % 2 === 0 ? 'Active' : 'Pending' },
    email: { value: `user${index}@demo.test` },
    wallet: { balance: '1250.5' },
    photo: { url: `/files/u${index}.jpg` },
    ...overrides,
  };
}

const rows = [user(1), user(2)];
const meta: ListMeta = { itemTotal: 2, pageNumber: 1, pageSize: 10, pageTotal: 1 };
const admin = ruleContext({ role: 4, tenant: 'teller', tenantType: 'wallet', isMainTenant: true });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderTable(props: Partial<SchemaTableProps> = {}) {
  const onQueryChange = vi.fn();
  const result = renderWithProviders(
    <SchemaTable
      config={usersTable}
      data={rows}
      meta={meta}
      query={initialTableQuery(usersTable)}
      onQueryChange={onQueryChange}
      ruleContext={admin}
      colorMaps={colorMaps}
      flows={{ openUser: () => {}, confirmTransaction: () => {} }}
      {...props}
    />,
  );
  return { onQueryChange, ...result };
}

/** A table whose query follows its own changes, as a feature's would. */
function Stateful(props: { onQueryChange: (query: TableQuery) => void }) {
  const [query, setQuery] = useState(initialTableQuery(usersTable));
  return (
    <SchemaTable
      config={usersTable}
      data={rows}
      meta={meta}
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        props.onQueryChange(next);
      }}
      ruleContext={admin}
      colorMaps={colorMaps}
    />
  );
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

describe('SchemaTable', () => {
  it('[UW-2.27] [UW-2.28] shows the table file columns with their formats', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Users' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 10)).toEqual(
      expect.arrayContaining(['#', expect.stringContaining('Account Id'), expect.stringContaining('Name'), 'Groups', 'Rate', 'Actions']),
    );
    const [first] = bodyRows();
    const cells = within(first as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['1', 'AC1', 'User 1', 'Banjul', 'user1@demo.test', '1,250.50', '1,234.50', '05-Jan-2025 3:04pm', 'Pending', 'ViewOTP']);
    // The photo is decorative beside the name (alt=""): Mantine shows it once the image loads.
    expect((first as HTMLElement).querySelector('.mantine-Avatar-root')).toBeInTheDocument();
  });

  it('[UW-9.10] [UW-9.11] [UW-9.13] formats numbers 0,0.00[00], money with 2 decimals and dates DD-MMM-YYYY h:mma', () => {
    renderTable({ data: [user(1, { rate: '0.12345', wallet: { balance: 7 } })] });
    const [first] = bodyRows();
    expect(first).toHaveTextContent('0.1235');
    expect(first).toHaveTextContent('7.00');
    expect(first).toHaveTextContent('05-Jan-2025 3:04pm');
  });

  it('colours a badge from its colour map', () => {
    renderTable();
    const [first, second] = bodyRows();
    expect(within(first as HTMLElement).getByText('Pending').closest('.mantine-Badge-root')?.getAttribute('style')).toContain('orange');
    expect(within(second as HTMLElement).getByText('Active').closest('.mantine-Badge-root')?.getAttribute('style')).toContain('blue');
  });

  it('keeps the row actions in view at the right edge when a wide table scrolls sideways', () => {
    renderTable();
    expect(screen.getByRole('columnheader', { name: 'Actions' }).style.position).toBe('sticky');
    const viewButton = screen.getAllByRole('button', { name: /view/i })[0];
    expect(viewButton?.closest('td')?.style.position).toBe('sticky');
    expect(screen.getByRole('columnheader', { name: /email/i }).style.position).toBe('');
  });

  it('never pins a cell of the filter row: a filter that scrolls sideways is never under a cell of its own row', () => {
    renderTable();
    const filterRow = screen.getByRole('textbox', { name: 'Filter Email' }).closest('tr');
    if (!filterRow) throw new Error('no filter row');
    expect([...filterRow.cells].map((cell) => cell.style.position)).not.toContain('sticky');
  });

  it('sorts by one field: a header click cycles ascending, descending ("-field") and none', async () => {
    const onQueryChange = vi.fn();
    renderWithProviders(<Stateful onQueryChange={onQueryChange} />);
    const emailHeader = screen.getByRole('columnheader', { name: /Email/ });
    expect(emailHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');

    const button = within(emailHeader).getByRole('button', { name: /Email/ });
    await userEvent.click(button);
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'email', page: 1 }));
    expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(button);
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: '-email' }));
    expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(button);
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: null }));
    expect(emailHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('[UW-9.05] sends a column filter 1000 ms after the last keystroke, back on page 1', () => {
    vi.useFakeTimers();
    const { onQueryChange } = renderTable({ query: { ...initialTableQuery(usersTable), page: 3 } });
    const filter = screen.getByRole('textbox', { name: 'Filter Email' });
    fireEvent.change(filter, { target: { value: 'fa' } });
    act(() => {
      vi.advanceTimersByTime(800);
    });
    // Typing again restarts the wait.
    fireEvent.change(filter, { target: { value: 'fat' } });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(onQueryChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    expect(onQueryChange).toHaveBeenCalledWith(expect.objectContaining({ page: 1, filters: { email: 'fat' } }));
  });

  it('sends a select filter at once', async () => {
    const { onQueryChange } = renderTable();
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    expect(onQueryChange).toHaveBeenCalledWith(expect.objectContaining({ filters: { status: 'Active' } }));
  });

  it('[UW-9.04] changes page with the page number and the page size of the server meta', async () => {
    const { onQueryChange } = renderTable({ meta: { itemTotal: 60, pageNumber: 1, pageSize: 20, pageTotal: 3 } });
    expect(screen.getByText('Showing 1 to 2 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onQueryChange).toHaveBeenCalledWith(expect.objectContaining({ page: 2, pageSize: 20 }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('numbers rows across pages', () => {
    renderTable({ meta: { itemTotal: 12, pageNumber: 2, pageSize: 10, pageTotal: 2 } });
    const [first] = bodyRows();
    expect(within(first as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('11');
  });

  it('selects all rows of the page with select-all', async () => {
    const onSelectionChange = vi.fn();
    renderTable({ selectable: true, onSelectionChange });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
    expect(onSelectionChange).toHaveBeenLastCalledWith(rows);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();
    expect(onSelectionChange).toHaveBeenLastCalledWith([rows[1]]);
  });

  it('shows a loader, an empty text, or the given error message', () => {
    const { rerender } = renderTable({ data: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 0 }, loading: true });
    expect(screen.getByLabelText('Loading...')).toBeInTheDocument();
    const props = { config: usersTable, meta, query: initialTableQuery(usersTable), onQueryChange: () => {}, ruleContext: admin, colorMaps };
    rerender(<SchemaTable {...props} data={[]} meta={{ itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 0 }} />);
    expect(screen.getByText('No records found')).toBeInTheDocument();
    rerender(<SchemaTable {...props} data={rows} error="There was a problem in connecting to the server. Please check your internet and try again." />);
    expect(screen.getByRole('alert')).toHaveTextContent('There was a problem in connecting to the server. Please check your internet and try again.');
    expect(screen.queryByText('User 1')).not.toBeInTheDocument();
  });

  it('[UW-2.31] removes the columns a tenant hides and the columns whose rule fails', () => {
    const ssGmb = { id: 'ss-gmb', hiddenColumns: { users: ['groups'] }, labels: { users: 'Members' } } as unknown as Tenant;
    renderTable({ tenant: ssGmb, ruleContext: ruleContext({ role: 4, tenant: 'ss-gmb', payoutAdmin: true }) });
    const table = screen.getByRole('table', { name: 'Members' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent ?? '');
    expect(headers.some((header) => header.includes('Groups'))).toBe(false);
    expect(headers.some((header) => header.includes('Actions'))).toBe(false);
    expect(headers.some((header) => header.includes('Email'))).toBe(true);
  });

  it('[UW-2.32] opens a row with a click or Enter, and a row action is a labelled button that does not open the row', async () => {
    const onRowOpen = vi.fn();
    const openUser = vi.fn();
    renderTable({ onRowOpen, flows: { openUser } });
    const [first, second] = bodyRows();
    (second as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(rows[1]);
    await userEvent.click(within(first as HTMLElement).getByText('User 1'));
    expect(onRowOpen).toHaveBeenLastCalledWith(rows[0]);
    onRowOpen.mockClear();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'View' }));
    expect(openUser).toHaveBeenCalledWith(rows[0]);
    expect(onRowOpen).not.toHaveBeenCalled();
  });

  it('draws no action whose flow the screen does not run, so no button does nothing', () => {
    renderTable({ flows: { confirmTransaction: () => {} } });
    const [pending] = bodyRows();
    expect(within(pending as HTMLElement).getByRole('button', { name: 'OTP' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
  });

  it('offers a row action only on rows its row rule accepts', () => {
    renderTable();
    const [pending, active] = bodyRows();
    expect(within(pending as HTMLElement).getByRole('button', { name: 'OTP' })).toBeInTheDocument();
    expect(within(active as HTMLElement).queryByRole('button', { name: 'OTP' })).not.toBeInTheDocument();
  });

  it('[UW-2.30] shows a toolbar action only when its rule holds', async () => {
    const createUser = vi.fn();
    const { unmount } = renderTable({ flows: { createUser } });
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    unmount();
    renderTable({ flows: { createUser }, ruleContext: ruleContext({ role: 64, tenant: 'naccug' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(createUser).toHaveBeenCalledTimes(1);
  });

  it('expands a row to show its details', async () => {
    renderTable({ renderExpanded: (row) => <p>{`Details of ${String(row.fullname)}`}</p> });
    expect(screen.queryByText('Details of User 2')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 2' }));
    expect(screen.getByText('Details of User 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse row 2' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('draws the rows further down a long page after a scroll, numbered and striped by their place on the page', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(540);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const many = Array.from({ length: 500 }, (_, index) => user(index + 1));
    renderTable({ data: many, meta: { itemTotal: 500, pageNumber: 1, pageSize: 500, pageTotal: 1 } });
    // A long page's rows come with the virtualizer, which loads on first use.
    await screen.findByText('User 1');
    const scroller = screen.getByRole('table').parentElement as HTMLElement;
    // jsdom scrolls nothing: the container reports the offset a wheel would have reached.
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => 45 * 300 });
    act(() => {
      fireEvent.scroll(scroller);
    });
    const row = (await screen.findByText('User 301')).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('301');
    expect(screen.queryByText('User 1')).not.toBeInTheDocument();
    // Row 301 sits at an odd place on the page, so Mantine's odd-row stripe must fall on it.
    const placed = [...(row.parentElement as HTMLElement).children].filter((element) => element.tagName === 'TR');
    expect(placed.indexOf(row) % 2).toBe(0);
  });

  it('renders only the rows in view when a page holds many rows', async () => {
    // jsdom has no layout: give the scroll container a 540 px high view.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(540);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const many = Array.from({ length: 500 }, (_, index) => user(index + 1));
    renderTable({ data: many, meta: { itemTotal: 500, pageNumber: 1, pageSize: 500, pageTotal: 1 } });
    await screen.findByText('User 1');
    const rendered = bodyRows().filter((row) => !row.hasAttribute('aria-hidden'));
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '502');
  });

  it('[issue 27] keeps a long page’s column widths while it scrolls, and gives a short page its own layout back', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(540);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    // jsdom lays nothing out: each header cell reports the width the browser's automatic layout gave it.
    let laidOut = 120;
    vi.spyOn(HTMLTableCellElement.prototype, 'getBoundingClientRect').mockImplementation(() => new DOMRect(0, 0, laidOut, 40));
    // Created has a width of its own in this table file.
    const config = { ...usersTable, columns: usersTable.columns.map((column) => (column.id === 'created' ? { ...column, width: 170 } : column)) };
    const page = (data: FlatRecord[]) => (
      <SchemaTable
        config={config}
        data={data}
        meta={{ itemTotal: data.length, pageNumber: 1, pageSize: data.length, pageTotal: 1 }}
        query={initialTableQuery(config)}
        onQueryChange={() => {}}
        ruleContext={admin}
        colorMaps={colorMaps}
      />
    );
    const { rerender } = renderWithProviders(page(rows));
    await screen.findByText('User 2');
    const table = screen.getByRole('table') as HTMLTableElement;
    const headers = () => Array.from(table.tHead!.rows[0]!.cells);
    const header = (name: string) => headers().find((cell) => cell.textContent?.startsWith(name)) as HTMLTableCellElement;
    const ownWidths = headers().map((cell) => cell.style.width);
    expect(header('Created').style.width).not.toBe('');
    // The number column is as wide as the page's last number: one digit here, three on a page of 500.
    expect(header('#').style.minWidth).toContain('1ch');
    expect(table.style.tableLayout).toBe('');

    const many = Array.from({ length: 500 }, (_, index) => user(index + 1));
    rerender(page(many));
    await screen.findByText('User 1');
    await waitFor(() => expect(table.style.tableLayout).toBe('fixed'));
    expect(headers().map((cell) => cell.style.width)).toEqual(headers().map(() => '120px'));
    expect(header('#').style.minWidth).toContain('3ch');
    // Rows further down would lay the columns out otherwise: the widths stay as measured.
    laidOut = 300;
    const scroller = table.parentElement as HTMLElement;
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => 45 * 300 });
    act(() => {
      fireEvent.scroll(scroller);
    });
    await screen.findByText('User 301');
    expect(headers().map((cell) => cell.style.width)).toEqual(headers().map(() => '120px'));

    // A short page draws every row and lays itself out, each header cell with its own width again.
    rerender(page(rows));
    await screen.findByText('User 2');
    expect(table.style.tableLayout).toBe('');
    expect(headers().map((cell) => cell.style.width)).toEqual(ownWidths);
  });
});

// Shaped like schemas/tables/admins.json: the role filter is not a column (users-and-wallets §2 admin columns, §6).
const adminsTable: TableConfig = {
  id: 'admins',
  title: 'Admins',
  operation: 'listUsers',
  rowKey: 'id',
  fixedFilters: { 'account.roles': '-256' },
  columns: [
    { id: 'email', field: 'email.value', header: 'Email', filter: 'text', filterKey: 'email' },
    { id: 'name', field: 'fullname', header: 'Name' },
  ],
  toolbarFilters: [
    {
      id: 'role',
      label: 'Role',
      filterKey: 'account.roles',
      filterOptions: { operation: 'listRoles', value: 'value', label: 'name' },
      visible: { '==': [{ var: 'role' }, 16] },
    },
  ],
};
const adminRoles = [
  { value: 16, name: 'Group Admin' },
  { value: 64, name: 'Field Officer' },
];

describe('[UW-6.22] the role filter of the admin lists', () => {
  const renderAdmins = (role: number, props: Partial<SchemaTableProps> = {}) =>
    renderTable({ config: adminsTable, ruleContext: ruleContext({ role, tenant: 'naccug' }), lists: { listRoles: adminRoles }, ...props });

  it('[UW-6.22] shows to the network admin role (16) only, and adds no column', () => {
    renderAdmins(16);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Email', 'Name', '', '']);
  });

  it.each([4, 64])('[UW-6.22] is not shown to role %i', (role) => {
    renderAdmins(role);
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Filter Email' })).toBeInTheDocument();
  });

  it('[UW-6.22] shows when the screen forces it, whatever the role', () => {
    renderAdmins(4, { forceFilters: ['role'] });
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
  });

  it('[UW-6.22] keeps the chosen role when a column filter is typed', () => {
    vi.useFakeTimers();
    const { onQueryChange } = renderAdmins(16, { query: { ...initialTableQuery(adminsTable), filters: { 'account.roles': '64' } } });
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Field Officer');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter Email' }), { target: { value: 'fat' } });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { email: 'fat', 'account.roles': '64' } }));
  });

  it('[UW-6.22] sends the chosen role at once, on page 1, narrowing the fixed -256', async () => {
    const { onQueryChange } = renderAdmins(16, { query: { ...initialTableQuery(adminsTable), page: 3 } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Field Officer' }));
    const chosen = onQueryChange.mock.lastCall?.[0] as TableQuery;
    expect(chosen).toEqual(expect.objectContaining({ page: 1, filters: { 'account.roles': '64' } }));
    expect(listParams(adminsTable, chosen)['filter[account.roles]']).toBe('-256,64');
  });
});

describe('table query', () => {
  it('[UW-9.01] starts on page 1 with the table page size (10 by default) and its default sort', () => {
    expect(initialTableQuery(usersTable)).toEqual({ page: 1, pageSize: 10, sort: '-created', filters: {} });
    expect(initialTableQuery({})).toEqual({ page: 1, pageSize: 10, sort: null, filters: {} });
  });

  it('[UW-9.03] becomes list parameters: 1-based page, size, sort, filters and the fixed filters', () => {
    expect(listParams(usersTable, { page: 2, pageSize: 20, sort: '-created', filters: { email: 'fat', 'account.roles': '-256' } })).toEqual({
      'page[number]': '2',
      'page[size]': '20',
      sort: '-created',
      'filter[email]': 'fat',
      // A value chosen for a fixed key follows it; both must hold, so it cannot widen the list.
      'filter[account.roles]': '256,-256',
    });
    expect(listParams({}, { page: 1, pageSize: 10, sort: null, filters: {} })).toEqual({ 'page[number]': '1', 'page[size]': '10' });
  });
});
