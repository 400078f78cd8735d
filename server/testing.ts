// Helpers for gateway tests: an app on :memory: with the minimal world, signing in, bearer headers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp, type BuildAppOptions } from './app.ts';
import { preparedContract } from './testing/contract-json.ts';
import { readContractOncePerProcess } from './testing/contract-routes.ts';
import { createTestDatabase, seededTestDatabase } from './testing/database.ts';
import { DEMO_PASSWORD, MINIMAL_NOW, MINIMAL_TENANTS, seedMinimal, type MinimalWorld } from './seed/index.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestGateway {
  app: FastifyInstance;
  world: MinimalWorld;
}

/**
 * A gateway on a fresh database of the test engine (server/testing/database.ts) seeded with the minimal world, in
 * demo mode, with a clock fixed at MINIMAL_NOW unless `now` is given. Its data directory is a temporary folder, and
 * both are removed when the app closes.
 */
export async function buildTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestGateway> {
  await readContractOncePerProcess();
  const dataDir = mkdtempSync(join(tmpdir(), 'teller-test-'));
  // The minimal world at MINIMAL_NOW comes ready-made where copying a database is cheaper than seeding it.
  const seeded = options.now === undefined ? await seededTestDatabase() : undefined;
  const database = seeded?.database ?? (await createTestDatabase());
  const app = await buildApp({
    databaseUrl: database.url,
    demo: true,
    jwtSecret: TEST_JWT_SECRET,
    now: () => MINIMAL_NOW,
    // No four-eyes rules unless a test gives its own folder: every tenant works as without schemas/approvals.
    approvalsDir: join(dataDir, 'no-approvals'),
    // The contract the run parsed once (tests/contract-setup.ts), where the project prepared it.
    ...(preparedContract() === undefined ? {} : { contractPath: preparedContract() }),
    ...options,
    dataDir,
    onClose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  });
  const world = seeded?.world ?? (await seedMinimal(app.db, { now: (options.now ?? (() => MINIMAL_NOW))() }));
  return { app, world };
}

/**
 * For a test file whose tests each start their own gateway: returns the starter and closes the gateway a test started
 * once that test ends, so no database, timer or temporary folder outlives it.
 */
export function gatewayPerTest(): (options?: Partial<BuildAppOptions>) => Promise<TestGateway> {
  let open: TestGateway | undefined;
  afterEach(async () => {
    await open?.app.close();
    open = undefined;
  });
  return async (options = {}) => (open = await buildTestApp(options));
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Signs in through POST api/v1/id/token and returns the session token (throws with the answer otherwise). */
export async function signIn(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    payload: { data: { type: 'token', attributes: { username: email, password, clientid: 'teller-web' } } },
  });
  if (res.statusCode !== 200) throw new Error(`Sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

/** Switches to a tenant through POST connect/token and returns the tenant token. */
export async function tenantToken(app: FastifyInstance, sessionToken: string, tenantId: string): Promise<string> {
  const tenant = MINIMAL_TENANTS.find((entry) => entry.id === tenantId);
  if (!tenant) throw new Error(`No tenant ${tenantId} in the minimal world`);
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { ...bearer(sessionToken), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: tenant.clientId, grant_type: tenant.grantType, scope: tenant.scope }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`connect/token to ${tenantId} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}
