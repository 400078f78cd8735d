// The per-tenant menus of identity-and-catalogue §2 as each demo login and tenant gets them, from the real files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configApi, firstMenuRoute } from '../../src/config/catalogue.ts';
import type { ResolvedMenu, ResolvedMenuItem } from '../../src/config/catalogue.ts';
import { loadConfigSet } from '../../src/config/fs-source.ts';
import { findScreenRoute } from '../../src/config/routes.ts';
import type { Tenant } from '../../src/config/types.ts';
import { REPOSITORY_ROOT } from './config-copy.ts';

const set = loadConfigSet(REPOSITORY_ROOT);
const config = configApi(set);

function tenant(id: string): Tenant {
  const found = config.getTenant(id);
  if (!found) throw new Error(`no tenant ${id} in tenants/`);
  return found;
}

const flatten = (items: ResolvedMenuItem[]): ResolvedMenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
const allRoutes = (menu: ResolvedMenu) => flatten(menu.items).flatMap((item) => (item.route ? [item.route] : []));
/** The spec's items (IC §2): the Audit, Config and Approvals screens, which the spec does not have, are checked on their own below. */
const routes = (menu: ResolvedMenu) => allRoutes(menu).filter((route) => route !== AUDIT_ROUTE && route !== CONFIG_ROUTE && route !== APPROVALS_ROUTE);
const AUDIT_ROUTE = '/audit';
const CONFIG_ROUTE = '/admin/config';
const APPROVALS_ROUTE = '/approvals';
const labelOf = (menu: ResolvedMenu, route: string) => flatten(menu.items).find((item) => item.route === route)?.label;

describe('menus by tenant type', () => {
  it('[IC-2.71] [IC-2.72] shows the identity admin menu and its banner on /admin/ paths to admin-tenant users, whatever tenant is selected', () => {
    const menu = config.menuFor(tenant('amal'), 4, { isAdminTenant: true, path: '/admin/tenants' });
    expect(menu.id).toBe('identity-admin');
    expect(menu.banner).toBe('Admin Control Panel');
    expect(routes(menu)).toEqual(['/remittances/dashboard', '/admin/dashboard', '/admin/tenants', '/admin/resources', '/admin/scopes', '/admin/transactions']);
    expect(labelOf(menu, '/remittances/dashboard')).toBe('Main Dashboard');
  });

  it('[IC-2.72] [IC-6.03] shows the banner on Control Panel pages only: not on / where the admin tenant has the same menu as its own', () => {
    const menu = config.menuFor(tenant('dssc'), 4, { isAdminTenant: true, path: '/' });
    expect(menu.id).toBe('identity-admin');
    expect(menu.banner).toBeUndefined();
  });

  it('[IC-6.04] keeps the tenant menu on /admin/ paths for users outside the admin tenant', () => {
    const menu = config.menuFor(tenant('amal'), 4, { isAdminTenant: false, path: '/admin/tenants' });
    expect(menu.id).toBe('payin');
    expect(menu.banner).toBeUndefined();
  });

  it('[IC-2.73] [IC-2.74] wallet type: dashboard, transactions, Admin Users, users, products, currencies, fees', () => {
    const menu = config.menuFor(tenant('guulpay'), 4);
    expect(routes(menu)).toEqual([
      '/dashboard', '/wallet/transactions', '/wallet/admins', '/wallet/users',
      '/products/list', '/products/new', '/currencies/list', '/currencies/new', '/fees',
    ]);
    expect(labelOf(menu, '/wallet/admins')).toBe('Admin Users');
  });

  it('[IC-2.75] payin type: remittances dashboard, transactions, admins, users, products, forex', () => {
    expect(routes(config.menuFor(tenant('amal'), 4))).toEqual([
      '/remittances/dashboard', '/transactions/remittances', '/admins', '/users', '/products/list', '/products/new', '/forex',
    ]);
  });

  it('[IC-2.76] payout type: dashboard, transactions, admins, users, products, currencies, forex', () => {
    expect(routes(config.menuFor(tenant('tawakal-swift'), 4))).toEqual([
      '/dashboard', '/transactions/remittances', '/admins', '/users',
      '/products/list', '/products/new', '/currencies/list', '/currencies/new', '/forex',
    ]);
  });

  it('[IC-2.77] Bunna and Nordic default: dashboard, pay-in, pay-out, admins, users', () => {
    const expected = ['/dashboard', '/remittances/payin', '/remittances/payout', '/admins', '/users'];
    expect(routes(config.menuFor(tenant('bunna'), 4))).toEqual(expected);
    expect(routes(config.menuFor(tenant('bunna'), 16))).toEqual(expected);
    expect(routes(config.menuFor(tenant('nordic'), 64))).toEqual(expected);
  });

  it('[IC-2.80] Nordic admins (teller group): remittance transactions, wallet admins, wallet users', () => {
    const menu = config.menuFor(tenant('nordic'), 16);
    expect(menu.group).toBe('Admins');
    expect(routes(menu)).toEqual(['/transactions/remittances', '/wallet/admins', '/wallet/users']);
  });

  it('[IC-2.78] credit union, microfinance and main wallet: /Dashboard, transactions, admins, users labelled Members, for admin and teller', () => {
    for (const id of ['naccug', 'smfi', 'teller']) {
      for (const role of [4, 16, 64]) {
        const menu = config.menuFor(tenant(id), role);
        expect(routes(menu)).toEqual(['/Dashboard', '/wallet/transactions', '/wallet/admins', '/wallet/users']);
        expect(labelOf(menu, '/wallet/users')).toBe('Members');
      }
    }
  });

  it('Approvals shows in the menus of the tenants with four-eyes rules (schemas/approvals/), for every staff role, and nowhere else', () => {
    const withRules = readdirSync(join(REPOSITORY_ROOT, 'schemas/approvals')).map((name) => name.replace(/\.json$/, ''));
    expect(withRules.sort()).toEqual(['ss-swift', 'teller']);
    for (const { id } of set.tenants) {
      for (const role of [4, 16, 64]) {
        const shown = allRoutes(config.menuFor(tenant(id), role));
        if (withRules.includes(id)) expect(shown, `${id} ${role}`).toContain(APPROVALS_ROUTE);
        else expect(shown, `${id} ${role}`).not.toContain(APPROVALS_ROUTE);
      }
    }
  });

  it('[IC-2.79] [UW-1.03] labels the admin-side list Agents for ss-gmb only', () => {
    expect(labelOf(config.menuFor(tenant('ss-gmb'), 4), '/wallet/admins')).toBe('Agents');
    expect(labelOf(config.menuFor(tenant('naccug'), 4), '/wallet/admins')).toBe('Admins');
  });

  it('[IC-2.81] [IC-2.82] [IC-2.83] remittances variants: Payout Account only in Admins variants, users only in WithUsers variants', () => {
    const variant = (menu: string) => routes(config.menuFor({ ...tenant('nationtransfer'), menu }, 4));
    const base = ['/remittances/dashboard', '/transactions/remittances', '/forex'];
    expect(variant('remittances')).toEqual(base);
    expect(variant('remittances-admins')).toEqual([...base, '/payoutAccount']);
    expect(variant('remittances-with-users')).toEqual([...base, '/remittances/users']);
    expect(variant('remittances-admins-with-users')).toEqual([...base, '/payoutAccount', '/remittances/users']);
    expect(labelOf(config.menuFor(tenant('nationtransfer'), 4), '/payoutAccount')).toBe('Payout Account');
  });

  it('[IC-2.84] [IC-2.85] UPT, and its admin variant with countries and banks', () => {
    expect(routes(config.menuFor({ ...tenant('payinupt'), menu: 'upt' }, 4))).toEqual(['/upt/transactions/remittances']);
    expect(routes(config.menuFor(tenant('payinupt'), 4))).toEqual(['/upt/transactions/remittances', '/upt/settings/countries', '/upt/settings/banks']);
  });

  it('[IC-2.86] [IC-2.87] roles 4 and 64 get the default group, roles 16 and 256 the Admins group', () => {
    expect([4, 16, 64, 256].map((role) => config.menuFor(tenant('naccug'), role).group)).toEqual(['default', 'Admins', 'default', 'Admins']);
  });

  it('[UW-4.58] knows the first menu item a tenant switch lands on', () => {
    expect(firstMenuRoute(config.menuFor(tenant('naccug'), 64))).toBe('/Dashboard');
    expect(firstMenuRoute(config.menuFor(tenant('amal'), 4))).toBe('/remittances/dashboard');
    expect(firstMenuRoute(config.menuFor(tenant('payinupt'), 4))).toBe('/upt/transactions/remittances');
  });

  it('every tenant has a menu for every role, and every menu route opens a screen', () => {
    for (const each of config.loadTenants()) {
      for (const role of [4, 16, 64, 256]) {
        const menu = config.menuFor(each, role);
        expect(routes(menu).length).toBeGreaterThan(0);
        for (const route of routes(menu)) expect(findScreenRoute(route), `${each.id} ${route}`).toBeDefined();
      }
    }
  });
});

describe('the demo logins (docs/decisions.md) and the menu each gets', () => {
  it.each([
    ['super@demo.test', 'dssc', 4, { isAdminTenant: true, path: '/' }, 'identity-admin', 'default'],
    ['partner@demo.test', 'teller', 4, {}, 'credit-union', 'default'],
    ['group@demo.test', 'naccug', 16, {}, 'credit-union', 'Admins'],
    ['officer@demo.test', 'naccug', 64, {}, 'credit-union', 'default'],
    ['payout@demo.test', 'tawakal-swift', 4, { payoutAdmin: true }, 'payout', 'default'],
    ['payin@demo.test', 'amal', 4, {}, 'payin', 'default'],
  ] as const)('%s in %s (role %i)', (_login, tenantId, role, known, menuId, group) => {
    const menu = config.menuFor(tenant(tenantId), role, known);
    expect(menu.id).toBe(menuId);
    expect(menu.group).toBe(group);
  });
});

describe('the tenants', () => {
  it('[UW-1.05] include a wallet-type and a payin-type client, one admin tenant with claim dssc and one main tenant', () => {
    const tenants = config.loadTenants();
    expect(tenants.some((each) => each.type === 'wallet')).toBe(true);
    expect(tenants.some((each) => each.type === 'payin')).toBe(true);
    expect(config.adminTenant()).toMatchObject({ id: 'dssc', type: 'identity', claim: 'dssc' });
    expect(config.mainTenant()?.id).toBe('teller');
  });

  it('[IC-1.01] [UW-3.17] every tenant kind of §1 has its file; {product} is the product\'s own wallet tenant, teller (the main tenant)', () => {
    const kinds = ['{product}', 'naccug', 'smfi', 'xdigital', 'reliance', 'ss-gmb', 'nordic', 'payinupt', 'roxe', 'tawakal-swift', 'ss-swift', 'cp-swift', 'swift', 'ss-vas', 'guulpay', 'supersonicz', 'nationtransfer', 'amal'];
    const ids = new Set(config.loadTenants().map((each) => each.id));
    expect(kinds.map((kind) => (kind === '{product}' ? 'teller' : kind)).filter((id) => !ids.has(id))).toEqual([]);
    expect(tenant('teller')).toMatchObject({ type: 'wallet', main: true, menu: 'credit-union', labels: { users: 'Members' } });
    // identity-and-catalogue §4: after login, {product}, naccug, reliance, xdigital, ss-gmb and nordic load roles, groups, statuses and countries.
    for (const id of ['teller', 'naccug', 'reliance', 'xdigital', 'ss-gmb', 'nordic']) {
      expect(tenant(id).referenceLists, id).toEqual(expect.arrayContaining(['listRoles', 'listGroups', 'listStatuses', 'listCountries']));
    }
  });

  it('[IC-1.02] the tenant types are wallet, payin, payout, payinpayoutservice, bunna and identity, each with a tenant', () => {
    const types = ['wallet', 'payin', 'payout', 'payinpayoutservice', 'bunna', 'identity'];
    const meta = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'schemas/meta/tenant.schema.json'), 'utf8')) as { properties: { type: { enum: string[] } } };
    expect(meta.properties.type.enum).toEqual(types);
    expect([...new Set(config.loadTenants().map((each) => each.type))].sort()).toEqual([...types].sort());
  });

  it('[UW-1.06] group users in a credit union labelled Credit Union, member id Member ID (naccug)', () => {
    expect(tenant('naccug').creditUnion).toEqual({ groupLabel: 'Credit Union', memberIdLabel: 'Member ID' });
  });

  it('[IC-6.05] each carry their own logo', () => {
    const logos = config.loadTenants().map((each) => each.logo);
    expect(new Set(logos).size).toBe(logos.length);
  });

  it('every menu ends with Audit for the top admin (role 4), and only for them', () => {
    for (const menuId of Object.keys(set.menus)) {
      const carrier = set.tenants.find((candidate) => candidate.menu === menuId);
      if (!carrier) continue;
      expect(allRoutes(config.menuFor(carrier, 4)).at(-1), menuId).toBe(AUDIT_ROUTE);
      for (const role of [16, 64]) expect(allRoutes(config.menuFor(carrier, role)), `${menuId} ${role}`).not.toContain(AUDIT_ROUTE);
    }
    const adminArea = config.menuFor(tenant('amal'), 4, { isAdminTenant: true, path: '/admin/tenants' });
    expect(allRoutes(adminArea).at(-1)).toBe(AUDIT_ROUTE);
  });

  it("lists Config in the Control Panel for the admin tenant's top admin only, before Audit", () => {
    const adminArea = (role: number) => allRoutes(config.menuFor(tenant('amal'), role, { isAdminTenant: true, path: '/admin/tenants' }));
    expect(adminArea(4).slice(-2)).toEqual([CONFIG_ROUTE, AUDIT_ROUTE]);
    for (const role of [16, 64]) expect(adminArea(role)).not.toContain(CONFIG_ROUTE);
    for (const carrier of set.tenants) expect(allRoutes(config.menuFor(carrier, 4)), carrier.id).not.toContain(CONFIG_ROUTE);
  });
});
