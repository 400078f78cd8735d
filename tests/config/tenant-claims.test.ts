// check:config on tenant claims and the admin tenant: the admin tenant is one flag on one tenant, and no two tenant
// files carry one claim (regression: a copy of the admin tenant's file that kept the claim dssc passed the check).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConfig, formatProblem } from '../../scripts/check-config.ts';
import { copyConfig, type ConfigCopy } from './config-copy.ts';

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

/** tenants/dssc.json as another tenant (its own id, name and client id), changed by `change`. */
function copyOfAdminTenant(change: (tenant: Record<string, unknown>) => void = () => {}): void {
  const tenant = { ...copy.readJson('tenants/dssc.json'), id: 'copycat', name: 'Copycat', clientId: 'copycat-client' };
  change(tenant);
  copy.writeJson('tenants/copycat.json', tenant);
}

const problems = () => checkConfig(copy.root).map(formatProblem);

describe('check:config on tenant claims and the admin tenant', () => {
  it('refuses a copy of the admin tenant that keeps the claim dssc without the flag, naming the copy and its claim', () => {
    copyOfAdminTenant((tenant) => {
      delete tenant.admin;
    });
    expect(problems()).toEqual([expect.stringMatching(/^tenants\/copycat\.json#\/claim: tenant claim 'dssc' is also the claim of tenants\/dssc\.json/)]);
  });

  it('refuses a second admin tenant, naming both files and the flag', () => {
    copyOfAdminTenant((tenant) => {
      tenant.claim = 'copycat';
    });
    expect(problems()).toEqual([expect.stringMatching(/^tenants\/(copycat|dssc)\.json#\/admin: tenants\/(dssc|copycat)\.json is already the admin tenant/)]);
  });

  it('refuses a verbatim copy as a second admin tenant', () => {
    copyOfAdminTenant();
    expect(problems()).toEqual([expect.stringMatching(/^tenants\/(copycat|dssc)\.json#\/admin: tenants\/(dssc|copycat)\.json is already the admin tenant/)]);
  });

  it('refuses a claim that is another tenant’s id (its default claim), whatever its case', () => {
    copy.editJson('tenants/amal.json', (tenant) => {
      tenant.claim = 'NACCUG';
    });
    expect(problems()).toEqual([expect.stringMatching(/^tenants\/(amal|naccug)\.json#\/(claim|id): tenant claim 'naccug' is also the claim of tenants\/(amal|naccug)\.json/)]);
  });

  it('accepts the copy once it has its own claim and no flag', () => {
    copyOfAdminTenant((tenant) => {
      delete tenant.admin;
      tenant.claim = 'copycat';
    });
    expect(problems()).toEqual([]);
  });
});
