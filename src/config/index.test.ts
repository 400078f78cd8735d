import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildConfigSet, configApi } from './catalogue.ts';
import { colorFor, config, loadForm, loadTenants, menuFor } from './index.ts';

describe('the bundled config (Vite globs)', () => {
  it('holds one tenant per file under tenants/, in id order', () => {
    const files = readdirSync('tenants').filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, ''));
    expect(loadTenants().map((tenant) => tenant.id)).toEqual([...files].sort());
  });

  it('resolves menus, forms, tables and colour maps from the files', async () => {
    const naccug = loadTenants().find((tenant) => tenant.id === 'naccug');
    expect(naccug && menuFor(naccug, 16).group).toBe('Admins');
    expect((await loadForm('login')).submitLabel).toBe('Login');
    expect(config.tables.users?.operation).toBe('listUsers');
    expect(colorFor('userStatus', 'Verified')).toBe('success');
  });

  it('holds which tenants have four-eyes rules (a schemas/approvals file), and nothing of the rules', () => {
    const files = readdirSync('schemas/approvals').filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, ''));
    expect(config.approvalTenants.sort()).toEqual([...files].sort());
    expect(JSON.stringify(config)).not.toContain('operationId":"createWalletTransaction');
  });
});

describe('the Approvals menu item follows the approvals files (issue 24)', () => {
  const approvalsItems = (tenantId: string, role: number) => {
    const tenant = loadTenants().find((candidate) => candidate.id === tenantId);
    if (!tenant) throw new Error(`no tenant ${tenantId}`);
    return menuFor(tenant, role).items.filter((item) => item.route === '/approvals');
  };

  it('shows in each group of the tenants that have an approvals file, after their own items', () => {
    for (const role of [4, 16]) expect(approvalsItems('teller', role)).toEqual([{ label: 'Approvals', route: '/approvals', icon: 'approvals' }]);
    expect(approvalsItems('ss-swift', 4)).toHaveLength(1);
  });

  it('does not show in a tenant without one, whatever its menu', () => {
    expect(approvalsItems('naccug', 4)).toEqual([]);
    expect(approvalsItems('swift', 4)).toEqual([]);
  });

  it('shows in a tenant once its approvals file is added, with no menu edited', () => {
    const files = Object.fromEntries(
      Object.entries(import.meta.glob(['/tenants/*.json', '/schemas/menus/*.json'], { eager: true, import: 'default' })),
    );
    const withFile = configApi(buildConfigSet({ ...files, '/schemas/approvals/naccug.json': { tenant: 'naccug', rules: [] } }));
    const naccug = withFile.getTenant('naccug');
    expect(naccug && withFile.menuFor(naccug, 4).items.map((item) => item.route)).toContain('/approvals');
  });
});
