// An item every tenant's menu shares is declared once (issue 23: adding Audit took 13 menu files): a menu file with
// inEveryMenu closes the shown group of every other menu with its items.
import { describe, expect, it } from 'vitest';
import { buildConfigSet, configApi } from '../../src/config/catalogue.ts';
import { loadConfigSet } from '../../src/config/fs-source.ts';
import type { Menu, Tenant } from '../../src/config/types.ts';
import { REPOSITORY_ROOT } from './config-copy.ts';

const item = (label: string, route: string) => ({ label, route });
const menuFile = (menu: Omit<Menu, '$schema'>) => ({ $schema: '../meta/menu.schema.json', ...menu });
const tenant: Tenant = { $schema: '../schemas/meta/tenant.schema.json', id: 'amal', name: 'Amal', type: 'payin', clientId: 'c', grantType: 'delegation', scope: 's', menu: 'payin' } as Tenant;

describe('the items every menu shares', () => {
  const set = buildConfigSet({
    '/schemas/menus/payin.json': menuFile({ id: 'payin', groups: { default: [item('Dashboard', '/dashboard')], Admins: [item('Users', '/users')] } }),
    '/schemas/menus/every-menu.json': menuFile({ id: 'every-menu', inEveryMenu: true, groups: { default: [item('Audit', '/audit')] } }),
  });

  it('close the group a menu shows, after its own items', () => {
    expect(configApi(set).menuFor(tenant, 4).items).toEqual([item('Dashboard', '/dashboard'), item('Audit', '/audit')]);
  });

  it('close only the groups the shared file has: a menu\'s Admins group gets none of its default items', () => {
    const admins = configApi({ ...set, roleGroups: { groups: [], otherwise: 'Admins', whenMenuLacksGroup: 'default' } }).menuFor(tenant, 16);
    expect(admins.items).toEqual([item('Users', '/users')]);
  });

  it('Audit, which every menu shows, is declared in one menu file of schemas/menus/', () => {
    const declaring = Object.entries(loadConfigSet(REPOSITORY_ROOT).menus)
      .filter(([, menu]) => Object.values(menu.groups).some((items) => items?.some((entry) => entry.route === '/audit')))
      .map(([id]) => id);
    expect(declaring).toEqual(['every-menu']);
  });
});
