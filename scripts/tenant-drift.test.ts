// check:config's comparison of the tenant files with the gateway's tenants (docs/decisions.md "One story for tenants").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createTenant, updateTenant } from '../server/domain/identity/tenants.ts';
import { seedBase } from '../server/seed/demo-world.ts';
import { formatProblem } from '../src/config/check/index.ts';
import { checkTenantDrift, tenantDrift, type GatewayTenant } from './tenant-drift.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'teller-drift-'));
  dirs.push(dir);
  return dir;
}

const amalFile = { id: 'amal', name: 'Amal Express', type: 'payin' as const, clientId: 'amal-client', grantType: 'delegation', scope: 'openid remittance', currency: 'USD' };
const amalTenant: GatewayTenant = {
  id: 'amal',
  name: 'Amal Express',
  type: 'payin',
  clientId: 'amal-client',
  grantTypes: ['delegation'],
  scopes: ['remittance', 'openid'],
  claim: 'amal',
  admin: false,
  main: false,
  payoutAdmin: false,
  currency: 'USD',
  description: 'Amal Express',
  clientClaimsPrefix: 'amal_',
  clientRoles: 0,
};

describe('tenant files vs the gateway (check:config)', () => {
  it('finds nothing where they agree, scopes in any order and extra grant types included', () => {
    expect(tenantDrift([amalFile], [{ ...amalTenant, grantTypes: ['delegation', 'client_credentials'] }])).toEqual({ disagreements: [], notices: [] });
  });

  it('names the file and pointer of each field they disagree on, and the tenants on one side only', () => {
    const report = tenantDrift(
      [amalFile, { ...amalFile, id: 'reliance', name: 'Reliance', type: 'wallet', clientId: 'reliance-client' }],
      [{ ...amalTenant, name: 'Amal Express Ltd', scopes: ['openid'], grantTypes: ['client_credentials'], currency: 'GMD' }, { ...amalTenant, id: 'kombo', type: 'wallet' }],
    );
    expect(report.disagreements.map(formatProblem)).toEqual([
      expect.stringMatching(/^tenants\/amal\.json#\/name: the file says "Amal Express", the gateway's tenant says "Amal Express Ltd" \(.+\)$/),
      expect.stringMatching(/^tenants\/amal\.json#\/grantType: the file says "delegation", the gateway's tenant says "client_credentials"/),
      expect.stringMatching(/^tenants\/amal\.json#\/scope: the file says "openid remittance", the gateway's tenant says "openid"/),
      expect.stringMatching(/^tenants\/amal\.json#\/currency: the file says "USD", the gateway's tenant says "GMD"/),
    ]);
    expect(report.notices).toEqual([
      "tenants/reliance.json: the gateway has no tenant 'reliance' (a seed writes the files into an empty database only)",
      "the gateway's tenant 'kombo' has no tenants/kombo.json: it shows its type's menu (wallet) until one is added",
    ]);
  });

  it('says clearly that it skipped when there is no gateway database', async () => {
    const report = await checkTenantDrift({ dataDir: dataDir() });
    expect(report.skipped).toMatch(/^no gateway database at .+teller\.db \(set DATABASE_URL or TELLER_DATA_DIR/);
    expect(report.disagreements).toEqual([]);
  });

  it('reads the gateway database: the seeded files agree; a Control Panel change and a Control Panel tenant are reported', async () => {
    const dir = dataDir();
    const db = openDatabase({ dataDir: dir });
    await migrateToLatest(db);
    await seedBase(db);
    expect(await checkTenantDrift({ dataDir: dir })).toEqual({ disagreements: [], notices: [] });

    const actor = { userId: 1, adminTenantId: 'dssc', now: new Date() };
    await updateTenant(db, actor, 'naccug', { clientName: 'NACCUG Ltd', scopes: ['openid', 'um'] });
    await createTenant(db, actor, { id: 'kombo', clientName: 'Kombo Wallet', description: 'Kombo', clientClaimsPrefix: 'kombo_', type: 'wallet' });
    await db.destroy();

    const report = await checkTenantDrift({ dataDir: dir });
    expect(report.disagreements.map((problem) => `${problem.file}#${problem.pointer}`)).toEqual(['tenants/naccug.json#/name', 'tenants/naccug.json#/scope']);
    expect(report.notices).toEqual(["the gateway's tenant 'kombo' has no tenants/kombo.json: it shows its type's menu (wallet) until one is added"]);
  });
});
