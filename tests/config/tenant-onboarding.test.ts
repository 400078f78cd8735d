// docs/architecture.md: onboarding a tenant is adding one file under tenants/. Here on a temporary copy, with no code change:
// the loaders list the new tenant with its menu and labels, and the config checker accepts it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConfig, formatProblem } from '../../scripts/check-config.ts';
import { configApi } from '../../src/config/catalogue.ts';
import { loadConfigSet } from '../../src/config/fs-source.ts';
import { copyConfig } from './config-copy.ts';
import type { ConfigCopy } from './config-copy.ts';

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const kombo = {
  $schema: '../schemas/meta/tenant.schema.json',
  id: 'kombo',
  name: 'Kombo Savings',
  type: 'wallet',
  clientId: 'kombo-client',
  grantType: 'delegation',
  scope: 'openid um wallet fs tx catalogue',
  menu: 'credit-union',
  labels: { users: 'Members', admins: 'Tellers' },
  theme: 'teal',
  currency: 'GMD',
};

describe('adding a tenant file', () => {
  it('lists the new tenant with its menu and label overrides', () => {
    const before = configApi(loadConfigSet(copy.root));
    expect(before.getTenant('kombo')).toBeUndefined();

    copy.writeJson('tenants/kombo.json', kombo);
    const after = configApi(loadConfigSet(copy.root));

    expect(after.loadTenants().map((tenant) => tenant.id)).toContain('kombo');
    const tenant = after.getTenant('kombo');
    expect(tenant).toMatchObject({ name: 'Kombo Savings', type: 'wallet', clientId: 'kombo-client' });
    if (!tenant) return;
    const menu = after.menuFor(tenant, 4);
    expect(menu.id).toBe('credit-union');
    expect(menu.items.map((item) => [item.route, item.label])).toEqual([
      ['/Dashboard', 'Dashboard'],
      ['/wallet/transactions', 'Transactions'],
      ['/wallet/admins', 'Tellers'],
      ['/wallet/users', 'Members'],
      ['/audit', 'Audit'],
    ]);
  });

  it('passes the config check as it is, and names the file when it is wrong', () => {
    copy.writeJson('tenants/kombo.json', kombo);
    expect(checkConfig(copy.root).map(formatProblem)).toEqual([]);

    copy.writeJson('tenants/kombo.json', { ...kombo, menu: 'kombo' });
    expect(checkConfig(copy.root).map(formatProblem)).toEqual([
      expect.stringMatching(/^tenants\/kombo\.json#\/menu: 'kombo' is not a menu file in schemas\/menus\//),
    ]);
  });
});
