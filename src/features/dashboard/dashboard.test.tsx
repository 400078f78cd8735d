// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../api/test-support/fake-gateway';
import { config, menuFor } from '../../config';
import { CHART_TYPES, periodLabel, rangeLabel } from '../../render/charts';
import { AdminDashboardScreen, DashboardScreen } from './DashboardScreen';
import { listRoute, periodLink, periodRange, widgetLink } from './list-links';
import { DATA_NOT_FOUND } from './messages';
import { renderRoutes, signInAs, statisticsDocument, widgetsDocument } from './test-support';
import { CHART_HEIGHT, COUNT_AXIS, TOTALS, TRANSACTION_SERIES } from './transaction-chart';

const routes = [
  { path: '/dashboard', element: <DashboardScreen /> },
  { path: '/admin/dashboard', element: <AdminDashboardScreen /> },
  { path: '/admin/transactions', element: <AdminDashboardScreen /> },
];
const path = () => screen.getByTestId('path').textContent;

let gateway: FakeGateway;
beforeEach(() => {
  signInAs();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/um/statistics', () => ({ body: widgetsDocument }))
    .on('GET', '/api/v1/wt/statistics', (call) => ({ body: statisticsDocument(call.query.get('filter[timeframe]') === 'monthly' ? 'monthly' : 'weekly') }));
  fetchProxy.handle = gateway.handle;
});

async function showTable(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Show data table' }));
  return screen.findByRole('table', { name: 'Transactions' });
}

function tenant(id: string) {
  const found = config.tenants.find((each) => each.id === id);
  if (!found) throw new Error(`no tenant ${id}`);
  return found;
}

describe('the dashboards (identity-and-catalogue §2)', () => {
  it('[IC-2.06] [IC-2.37] [IC-9.02] shows the widget row, each with value (two decimals), name and description', async () => {
    renderRoutes(routes, '/Dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const row = await screen.findByRole('list', { name: 'Widgets' });
    const widgets = within(row).getAllByRole('listitem');
    expect(widgets.map((widget) => widget.textContent)).toEqual([
      '1,240.00UsersAll end users',
      '12.00ActiveEnd users whose status is Active',
      '3.00RestrictedEnd users locked out, on hold or sanctioned',
      '8.00AdminsStaff accounts',
    ]);
    expect(screen.getByText('Figures of Teller Wallet')).toBeVisible();
  });

  it('[IC-2.37] a widget that totals a list opens it filtered as it was counted, in the tenant menu\'s own list', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    const row = await screen.findByRole('list', { name: 'Widgets' });
    expect(within(row).getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/wallet/users');
    expect(within(row).getByRole('link', { name: /Admins/ })).toHaveAttribute('href', '/wallet/admins');
    expect(within(row).queryByRole('link', { name: /Restricted/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: /Active/ }));
    expect(path()).toBe('/wallet/users?filter%5Bstatus%5D=Active');
  });

  it('opens the lists of the tenant\'s own menu: /users for payin and payout tenants, /remittances/admins beside /remittances/users', () => {
    expect(listRoute('users', menuFor(tenant('amal'), 4))).toBe('/users');
    expect(listRoute('admins', menuFor(tenant('tawakal-swift'), 4))).toBe('/admins');
    expect(listRoute('users', menuFor(tenant('naccug'), 16))).toBe('/wallet/users');
    expect(listRoute('users', menuFor(tenant('dssc'), 4))).toBe('/wallet/users');
    // The remittance menus list users only; their admins list is the route map's /remittances/admins.
    expect(listRoute('admins', menuFor(tenant('nationtransfer'), 4))).toBe('/remittances/admins');
    expect(widgetLink({ list: 'users', status: 'On Hold' }, null)).toBe('/wallet/users?filter%5Bstatus%5D=On+Hold');
  });

  it('[IC-2.38] [IC-2.39] [IC-2.40] [IC-2.43] the Transactions panel: weekly by default, totals with the currency, the range and the days DD-MMM-YYYY', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monthly' })).not.toBeChecked();
    expect(gateway.callsTo('GET', '/api/v1/wt/statistics')[0]?.query.get('filter[timeframe]')).toBe('weekly');
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(within(totals).getAllByRole('listitem').map((total) => total.textContent)).toEqual([
      'P2PGMD 12.50',
      'Top UpGMD 1,009.00',
      'DisbursementGMD 40.00',
      'Cash-OutGMD 200.00',
    ]);
    expect(screen.getByText('GMD, 09-Jan-2025 - 15-Jan-2025')).toBeVisible();
    const table = await showTable(user);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Period', 'Transaction Count', 'Top-Up', 'Cash-Out', 'Loans', 'P2P',
    ]);
    expect(rows.slice(1).map((tr) => within(tr).getAllByRole('cell')[0]?.textContent)).toEqual([
      '09-Jan-2025', '10-Jan-2025', '11-Jan-2025', '12-Jan-2025', '13-Jan-2025', '14-Jan-2025', '15-Jan-2025',
    ]);
    expect(within(rows[7] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['15-Jan-2025', '5', '1,009.00', '200.00', '3,000.00', '12.50']);
  });

  it('[IC-2.44] monthly: months labelled MMM-YYYY', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('radio', { name: 'Monthly' }));
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    const table = await showTable(user);
    expect(await within(table).findByRole('link', { name: 'Feb-2024' })).toBeVisible();
    expect(within(table).getByRole('link', { name: 'Jan-2025' })).toBeVisible();
    expect(gateway.callsTo('GET', '/api/v1/wt/statistics').map((call) => call.query.get('filter[timeframe]'))).toEqual(['weekly', 'monthly']);
    expect(screen.getByText('GMD, 01-Feb-2024 - 15-Jan-2025')).toBeVisible();
  });

  it('a period opens the wallet transactions it counts: completed, in the currency, in its days', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    const table = await showTable(user);
    await user.click(within(table).getByRole('link', { name: '14-Jan-2025' }));
    expect(path()).toBe('/wallet/transactions?startDate=2025-01-14&endDate=2025-01-14&filter%5Bstatus%5D=COMPLETED&filter%5Bcurrency%5D=GMD');
    expect(periodRange('2024-02-01', 'monthly', '2025-01-15')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(periodRange('2025-01-01', 'monthly', '2025-01-15')).toEqual({ startDate: '2025-01-01', endDate: '2025-01-15' });
    expect(periodLink('2024-12-01', 'monthly', { currency: 'USD', endDate: '2025-01-15' }, null)).toBe(
      '/wallet/transactions?startDate=2024-12-01&endDate=2024-12-31&filter%5Bstatus%5D=COMPLETED&filter%5Bcurrency%5D=USD',
    );
  });

  it('[IC-2.41] [IC-2.42] the chart: 300 px, Transaction Count as bars on its own (right) axis, Top-Up, Cash-Out, Loans and P2P as lines', () => {
    expect(CHART_HEIGHT).toBe(300);
    expect(TRANSACTION_SERIES.map(({ label, type, yAxisId }) => [label, type, yAxisId ?? 'left'])).toEqual([
      ['Transaction Count', 'bar', COUNT_AXIS],
      ['Top-Up', 'line', 'left'],
      ['Cash-Out', 'line', 'left'],
      ['Loans', 'line', 'left'],
      ['P2P', 'line', 'left'],
    ]);
    expect(TOTALS.map((total) => total.label)).toEqual(['P2P', 'Top Up', 'Disbursement', 'Cash-Out']);
  });

  it('[IC-2.45] labels the four chart types: day, daily (hours), weekly DD-MMM-YYYY, monthly MMM-YYYY', () => {
    expect(CHART_TYPES).toEqual(['day', 'daily', 'weekly', 'monthly']);
    expect(periodLabel('2025-01-15', 'day')).toBe('15-Jan-2025');
    expect(periodLabel('2025-01-15T14:00:00', 'daily')).toBe('2:00pm');
    expect(periodLabel('2025-01-09', 'weekly')).toBe('09-Jan-2025');
    expect(periodLabel('2024-02-01', 'monthly')).toBe('Feb-2024');
    expect(rangeLabel('2025-01-09', '2025-01-15')).toBe('09-Jan-2025 - 15-Jan-2025');
  });

  it('[RP-8.01] [RP-8.02] on failure: the widgets say Data not found, and the chart shows no data', async () => {
    const user = userEvent.setup();
    gateway
      .on('GET', '/api/v1/um/statistics', () => ({ status: 500, body: { errors: [{ status: '500', title: 'boom' }] } }))
      .on('GET', '/api/v1/wt/statistics', () => ({ status: 500, body: { errors: [{ status: '500', title: 'boom' }] } }));
    renderRoutes(routes, '/dashboard');
    // The spec's text has two spaces: compared as written, not collapsed.
    expect(await screen.findByRole('alert')).toHaveTextContent(DATA_NOT_FOUND, { normalizeWhitespace: false });
    expect(DATA_NOT_FOUND).toBe('Data not found.  Please try again later');
    expect(screen.queryByRole('list', { name: 'Widgets' })).not.toBeInTheDocument();
    const table = await showTable(user);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('cell')).toHaveTextContent(DATA_NOT_FOUND, { normalizeWhitespace: false });
    expect(screen.queryByRole('list', { name: 'Totals' })).not.toBeInTheDocument();
  });

  it('[IC-2.08] [IC-2.09] the admin dashboard at /admin/dashboard and /admin/transactions, with the selected tenant\'s figures', async () => {
    signInAs({ userId: '1', email: 'super@demo.test', tenantId: 'dssc', claim: 'dssc', selected: 'naccug' });
    const { unmount } = renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    expect(screen.getByText('Figures of NACCUG')).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Widgets' })).toBeVisible();
    expect(gateway.callsTo('GET', '/api/v1/um/statistics')[0]?.authorization).toBe('Bearer naccug-token');
    // The selected tenant's own menu names its lists, not the Control Panel's.
    expect(screen.getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/wallet/users');
    unmount();
    renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  });
});
