// docs/architecture.md: onboarding a tenant is adding one file under tenants/. End to end through the real gateway: a new file in
// a temporary copy is seeded as an identity client, listed in the super admin's tenant selector, can be switched to,
// and gets the menu its file names — with no change to src/ or server/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { seedDemoWorld } from '../../server/seed/demo-world.ts';
import { bearer, signIn, TEST_JWT_SECRET } from '../../server/testing.ts';
import { createTestDatabase } from '../../server/testing/database.ts';
import { configApi } from '../../src/config/catalogue.ts';
import { firstMenuRoute } from '../../src/config/catalogue.ts';
import { loadConfigSet } from '../../src/config/fs-source.ts';
import { expectMatchesContract } from '../contract/harness.ts';
import { copyConfig, type ConfigCopy } from './config-copy.ts';

const acme = {
  $schema: '../schemas/meta/tenant.schema.json',
  id: 'acme',
  name: 'Acme Wallet',
  type: 'wallet',
  clientId: 'acme-client',
  grantType: 'delegation',
  scope: 'openid um wallet fs tx catalogue',
  menu: 'wallet',
  currency: 'GMD',
};

let copy: ConfigCopy;
let app: FastifyInstance;
let dataDir: string;

beforeEach(async () => {
  copy = copyConfig();
  copy.writeJson('tenants/acme.json', acme);
  dataDir = mkdtempSync(join(tmpdir(), 'teller-onboarding-'));
  const database = await createTestDatabase();
  app = await buildApp({ databaseUrl: database.url, demo: true, jwtSecret: TEST_JWT_SECRET, dataDir, onClose: database.drop });
  await seedDemoWorld(app.db, { now: new Date('2026-11-01T12:00:00Z'), tenantsDir: join(copy.root, 'tenants'), transactionCount: 0, remittanceCount: 0 });
});

afterEach(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  copy.dispose();
});

describe('a tenant added as one file', () => {
  it('appears in the tenant selector, can be switched to, and has the menu its file names', async () => {
    const session = await signIn(app, 'super@demo.test');
    const selections = await app.inject({ method: 'GET', url: '/api/v1/id/tenant/tenantselections', headers: bearer(session) });
    expectMatchesContract(selections, 'listTenantSelections');
    const listed = (selections.json() as { data: { id: string; attributes: { name: string; clientId: string; grantType: string; scope: string } }[] }).data;
    const entry = listed.find((tenant) => tenant.id === 'acme');
    expect(entry?.attributes).toMatchObject({ name: 'Acme Wallet', clientId: 'acme-client' });

    const switched = await app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { ...bearer(session), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'acme-client', grant_type: 'delegation', scope: acme.scope }).toString(),
    });
    expect(switched.statusCode).toBe(200);

    const web = configApi(loadConfigSet(copy.root));
    const tenant = web.getTenant('acme');
    expect(tenant).toBeDefined();
    if (!tenant) return;
    const menu = web.menuFor(tenant, 4);
    expect(menu.items.map((item) => item.label)).toEqual(expect.arrayContaining(['Dashboard', 'Transactions', 'Admin Users', 'Users']));
    expect(firstMenuRoute(menu)).toBe('/dashboard');
  });
});
