import { describe, expect, it } from 'vitest';
import { config, menuFor } from '../../../config';
import { resolveMenu } from '../../../config/catalogue';
import type { Tenant } from '../../../config/types';
import { previewContext } from './preview-context';

function tenant(id: string): Tenant {
  const found = config.tenants.find((each) => each.id === id);
  if (!found) throw new Error(`no tenant ${id}`);
  return found;
}

const labels = (tenantId: string, role: number, path?: string) =>
  resolveMenu(config, tenant(tenantId), previewContext(tenant(tenantId), role, path === undefined ? {} : { path })).items.map((item) => item.label);

describe("the preview's rule context", () => {
  it('is the context a staff member of that tenant and role works in', () => {
    expect(previewContext(tenant('naccug'), 64)).toMatchObject({ role: 64, roles: [64], tenant: 'naccug', tenantType: 'wallet', isAdminTenant: false, payoutAdmin: false, path: '/' });
    expect(previewContext(tenant('teller'), 4).isMainTenant).toBe(true);
    expect(previewContext(tenant('dssc'), 4).isAdminTenant).toBe(true);
  });

  it('makes role 4 of a payout-admin tenant the payout admin, and no other role', () => {
    expect(previewContext(tenant('tawakal-swift'), 4).payoutAdmin).toBe(true);
    expect(previewContext(tenant('tawakal-swift'), 64).payoutAdmin).toBe(false);
    expect(previewContext(tenant('naccug'), 4).payoutAdmin).toBe(false);
  });

  it("gives the menu the shell gives that person: the role's group, its rules and the tenant's labels", () => {
    // The shell's own derivation (src/config/staff-context.ts) for a signed-in officer of naccug.
    const shell = menuFor(tenant('naccug'), 64, { isAdminTenant: false, path: '/', payoutAdmin: false });
    expect(resolveMenu(config, tenant('naccug'), previewContext(tenant('naccug'), 64)).items).toEqual(shell.items);
    expect(labels('naccug', 4)).toContain('Audit');
    expect(labels('naccug', 64)).not.toContain('Audit');
    expect(labels('naccug', 64)).toContain('Members');
  });

  it("shows the admin tenant's Control Panel menu on /admin/ paths only", () => {
    expect(labels('dssc', 4, '/admin/tenants')).toContain('Tenants');
    expect(labels('naccug', 4, '/admin/tenants')).not.toContain('Tenants');
  });
});
