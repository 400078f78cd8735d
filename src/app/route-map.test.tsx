// The complete menu and route map (identity-and-catalogue §2 "Per-tenant menus" and "Route map"): for every demo login
// of docs/decisions.md and every tenant type, the menu shows exactly the spec's items, and every item's route renders
// its screen in the app's router without an error. Gateway calls fail as without a network: screens show their
// error texts, which is not an error of the route.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { sessionStore } from '../api/session';
import { getTenant, menuFor, type ResolvedMenuItem } from '../config';
import { findScreenRoute } from '../config/routes';
import { screens } from './screens';
import { renderApp } from './test-support';

vi.setConfig({ testTimeout: 120_000 });

interface Login {
  /** Who signs in: a demo login, or a staff member of the tenant the row is about. */
  who: string;
  tenantId: string;
  roles: number[];
  /** The tenant super@demo.test switched into. */
  selected?: string;
  /** Where the menu is looked at (the identity admin menu shows on /admin/ paths). */
  at?: string;
}

/** [label, route] of each item, a parent's children after it; a parent without a route is [label, null]. */
type Items = Array<[string, string | null]>;

const products: Items = [['Products', null], ['Product List', '/products/list'], ['New Product', '/products/new']];
const currencies: Items = [['Currencies', null], ['Currency List', '/currencies/list'], ['New Currency', '/currencies/new']];
const identityAdmin: Items = [
  ['Main Dashboard', '/remittances/dashboard'],
  ['Dashboard', '/admin/dashboard'],
  ['Tenants', '/admin/tenants'],
  ['Resources', '/admin/resources'],
  ['Scopes', '/admin/scopes'],
  ['Transactions', '/admin/transactions'],
];
const creditUnion = (admins = 'Admins'): Items => [
  ['Dashboard', '/Dashboard'],
  ['Transactions', '/wallet/transactions'],
  [admins, '/wallet/admins'],
  ['Members', '/wallet/users'],
];
const payout: Items = [
  ['Dashboard', '/dashboard'],
  ['Transactions', '/transactions/remittances'],
  ['Admins', '/admins'],
  ['Users', '/users'],
  ...products,
  ...currencies,
  ['Forex', '/forex'],
];

const VARIANTS: Array<[string, Login, Items]> = [
  ['[IC-2.71] super@demo.test on /admin/ pages (identity admin)', { who: 'super@demo.test', tenantId: 'dssc', roles: [4], at: '/admin/tenants' }, identityAdmin],
  ['[IC-2.78] partner@demo.test ({product} wallet, teller)', { who: 'partner@demo.test', tenantId: 'teller', roles: [4] }, creditUnion()],
  ['[IC-2.78] [IC-2.87] group@demo.test (credit union, role 16: teller group)', { who: 'group@demo.test', tenantId: 'naccug', roles: [16] }, creditUnion()],
  ['[IC-2.78] [IC-2.86] officer@demo.test (credit union, role 64)', { who: 'officer@demo.test', tenantId: 'naccug', roles: [64] }, creditUnion()],
  ['[IC-2.76] payout@demo.test (payout, payout admin)', { who: 'payout@demo.test', tenantId: 'tawakal-swift', roles: [4] }, payout],
  ['[IC-2.76] payoutofficer@demo.test (payout, role 64)', { who: 'payoutofficer@demo.test', tenantId: 'tawakal-swift', roles: [64] }, payout],
  [
    '[IC-2.75] payin@demo.test (payin)',
    { who: 'payin@demo.test', tenantId: 'amal', roles: [4] },
    [['Dashboard', '/remittances/dashboard'], ['Transactions', '/transactions/remittances'], ['Admins', '/admins'], ['Users', '/users'], ...products, ['Forex', '/forex']],
  ],
  [
    '[IC-2.85] upt@demo.test (UPT admin variant)',
    { who: 'upt@demo.test', tenantId: 'payinupt', roles: [4] },
    [['Transactions', '/upt/transactions/remittances'], ['Countries', '/upt/settings/countries'], ['Banks', '/upt/settings/banks']],
  ],
  [
    '[IC-2.73] [IC-2.74] wallet type (super@demo.test in guulpay)',
    { who: 'super@demo.test', tenantId: 'dssc', roles: [4], selected: 'guulpay' },
    [['Dashboard', '/dashboard'], ['Transactions', '/wallet/transactions'], ['Admin Users', '/wallet/admins'], ['Users', '/wallet/users'], ...products, ...currencies, ['Fees', '/fees']],
  ],
  [
    '[IC-2.81] [IC-2.82] [IC-2.83] payinpayoutservice type (super@demo.test in nationtransfer)',
    { who: 'super@demo.test', tenantId: 'dssc', roles: [4], selected: 'nationtransfer' },
    [['Dashboard', '/remittances/dashboard'], ['Transactions', '/transactions/remittances'], ['Forex', '/forex'], ['Payout Account', '/payoutAccount'], ['Users', '/remittances/users']],
  ],
  [
    '[IC-2.77] bunna type (super@demo.test in bunna)',
    { who: 'super@demo.test', tenantId: 'dssc', roles: [4], selected: 'bunna' },
    [['Dashboard', '/dashboard'], ['Pay-in', '/remittances/payin'], ['Pay-out', '/remittances/payout'], ['Admins', '/admins'], ['Users', '/users']],
  ],
  [
    '[IC-2.80] nordic admins (a nordic group admin, role 16)',
    { who: 'nordic staff', tenantId: 'nordic', roles: [16] },
    [['Transactions', '/transactions/remittances'], ['Admins', '/wallet/admins'], ['Users', '/wallet/users']],
  ],
  ['[IC-2.79] ss-gmb (admin-side list labelled Agents)', { who: 'ss-gmb staff', tenantId: 'ss-gmb', roles: [4] }, creditUnion('Agents')],
];

/** Not in the spec: the tenants with four-eyes rules (schemas/approvals/) have Approvals before Audit. */
const APPROVAL_TENANTS = ['teller', 'ss-swift'];

/** Not in the spec: the audit trail (role 4) closes every menu, after the Control Panel's Config page (role 4). */
function withAudit(login: Login, items: Items): Items {
  const approvals: Items = APPROVAL_TENANTS.includes(login.selected ?? login.tenantId) ? [['Approvals', '/approvals']] : [];
  if (!login.roles.includes(4)) return [...items, ...approvals];
  const controlPanel = login.tenantId === 'dssc' && login.at?.startsWith('/admin/') === true;
  return [...items, ...approvals, ...(controlPanel ? ([['Config', '/admin/config']] satisfies Items) : []), ['Audit', '/audit']];
}

function signIn({ who, tenantId, roles, selected }: Login): void {
  const email = who.includes('@') ? who : `${tenantId}@demo.test`;
  sessionStore.signIn({ userId: '1', email, accessToken: 'session-token', roles, tenantId, claim: tenantId, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
  const tenant = selected ? getTenant(selected) : undefined;
  if (tenant) sessionStore.selectTenant({ id: tenant.id, name: tenant.name, type: tenant.type, accessToken: `${tenant.id}-token` });
}

function itemsOf(items: readonly ResolvedMenuItem[]): Items {
  return items.flatMap((item): Items => [[item.label, item.route ?? null], ...itemsOf(item.children ?? [])]);
}

function menuOf(login: Login): Items {
  const tenant = getTenant(login.selected ?? login.tenantId);
  if (!tenant) throw new Error(`no tenants/${login.selected ?? login.tenantId}.json`);
  const role = Math.min(...login.roles);
  const known = { isAdminTenant: login.tenantId === 'dssc', path: login.at ?? '/', payoutAdmin: tenant.payoutAdmin === true && login.roles.includes(4) };
  return itemsOf(menuFor(tenant, role, known).items);
}

beforeEach(() => {
  localStorage.clear();
  // No gateway: every call fails as without a network.
  fetchProxy.handle = undefined;
});
afterEach(() => act(() => notifications.clean()));

describe('the menu of every login and tenant type (identity-and-catalogue §2)', () => {
  it.each(VARIANTS)('%s shows exactly the spec\'s items', (_name, login, specItems) => {
    const expected = withAudit(login, specItems);
    expect(menuOf(login)).toEqual(expected);
  });

  it.each(VARIANTS)('%s: the shell draws that menu, and every item\'s route renders its screen', async (_name, login, specItems) => {
    const expected = withAudit(login, specItems);
    signIn(login);
    const routes = expected.flatMap(([, route]) => (route === null ? [] : [route]));
    for (const route of routes) {
      expect(findScreenRoute(route), `${route} is in the route map`).toBeDefined();
      const errors = await renderApp(route);
      expect(errors.map(String), route).toEqual([]);
      expect(screen.queryByText('Sorry, page not found!'), route).not.toBeInTheDocument();
      if (route === routes[0]) {
        // Every entry as drawn, a folded parent's children included.
        const nav = screen.getByRole('navigation', { name: 'Main menu' });
        const drawn = within(nav)
          .getAllByRole('link', { hidden: true })
          .map((link) => [link.textContent, link.getAttribute('href')]);
        expect(drawn).toEqual(expected.filter(([, itemRoute]) => itemRoute !== null));
        for (const [parent] of expected.filter(([, itemRoute]) => itemRoute === null)) {
          expect(within(nav).getByRole('button', { name: parent }), `${parent} folds its entries`).toHaveAttribute('aria-expanded');
        }
      }
      cleanup();
    }
  });

  it.each([
    ['[IC-2.07] /user/profile shows the own profile', 'teller', '/user/profile', 'My Profile'],
    ['[IC-2.22] /wallet/users shows the wallet users (Members in a credit union)', 'teller', '/wallet/users', 'Members'],
    ['[IC-2.23] /wallet/admins shows the wallet admins', 'teller', '/wallet/admins', 'Admins'],
    ['[IC-2.32] /remittances/users shows the remittance users', 'nationtransfer', '/remittances/users', 'Users'],
    ['[IC-2.33] /remittances/users/{id} shows one remittance user', 'nationtransfer', '/remittances/users/7', 'User Information'],
    ['[IC-2.34] /remittances/admins shows the remittance admins', 'nationtransfer', '/remittances/admins', 'Admins'],
    ['[IC-2.35] /admins shows the admins list of the payin and payout menus', 'amal', '/admins', 'Admins'],
    ['[IC-2.36] /users shows the users list of the payin and payout menus', 'amal', '/users', 'Users'],
  ])('%s', async (_name, tenantId, route, heading) => {
    signIn({ who: `${tenantId} staff`, tenantId, roles: [4] });
    expect(await renderApp(route)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('[IC-2.01] [IC-2.06] [IC-2.08] the home, dashboards, identity and catalogue screens of the route map are built, none a placeholder', () => {
    const missing = new Set(
      ['dashboard', 'adminDashboard', 'tenants', 'tenantForm', 'scopes', 'scopeForm', 'resources', 'resourceForm', 'products', 'productForm', 'productDetail', 'currencies', 'currencyForm', 'fees', 'feeForm', 'feeDetail', 'forex', 'home', 'profile'].filter(
        (id) => screens[id] === undefined,
      ),
    );
    expect([...missing]).toEqual([]);
  });
});
