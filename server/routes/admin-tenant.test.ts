// The admin tenant is the one tenant flagged `admin` (tenants.is_admin), never whoever carries the claim dssc
// (regression: a tenant copied from the admin tenant's file that kept the claim read every tenant's audit rows).
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { ROLE, STATUS } from '../domain/reference.ts';
import { DEMO_PASSWORD, MINIMAL_NOW } from '../seed/index.ts';
import { demoPasswordHash, insertPerson } from '../seed/people.ts';
import { insertTenants, parseTenantFile } from '../seed/tenants.ts';
import { bearer, gatewayPerTest, signIn } from '../testing.ts';

const start = gatewayPerTest();

/** tenants/dssc.json copied as another tenant that keeps the claim dssc but not the admin flag. */
async function seedCopycat(app: FastifyInstance): Promise<void> {
  const file = new URL('../../tenants/dssc.json', import.meta.url);
  const { admin, ...admins } = parseTenantFile(readFileSync(file, 'utf8'), 'tenants/dssc.json');
  expect(admin).toBe(true);
  const copy = { ...admins, id: 'copycat', name: 'Copycat', clientId: 'copycat-client' };
  expect(copy.claim).toBe('dssc');
  await insertTenants(app.db, [copy], MINIMAL_NOW, { webClient: false });
  await insertPerson(app.db, {
    tenantId: 'copycat',
    firstname: 'Kebba',
    lastname: 'Faye',
    birthdate: '1988-02-02',
    gender: 'Male',
    nationality: 'Gambian',
    country: 'Gambia',
    email: 'copycat@demo.test',
    phonenumber: '2207999001',
    created: MINIMAL_NOW.toISOString(),
    roles: ROLE.TopAdmin,
    groupId: null,
    status: STATUS.Active | STATUS.Verified,
    username: 'copycat@demo.test',
    passwordHash: await demoPasswordHash(),
    accountId: 1_999_001,
  });
}

async function signInAnswer(app: FastifyInstance, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    payload: { data: { type: 'token', attributes: { username, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expectMatchesContract(res, 'createToken');
  return res.json().data.attributes as { accessToken: string; user: { claim: string; adminTenant: boolean } };
}

async function auditTenants(app: FastifyInstance, token: string): Promise<Array<string | null>> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/audit?page[size]=100', headers: bearer(token) });
  expectMatchesContract(res, 'listAuditEvents');
  expect(res.statusCode).toBe(200);
  return [...new Set((res.json().data as Array<{ attributes: { tenant: string | null } }>).map((row) => row.attributes.tenant))].sort();
}

describe('the admin tenant is a flag, not a claim', () => {
  it('a copy of the admin tenant that keeps the claim dssc is not the admin tenant: sign-in says so and it reads only its own audit rows', async () => {
    const { app } = await start();
    await seedCopycat(app);
    // Rows of other tenants: the sign-ins of naccug and teller staff.
    await signIn(app, 'officer@demo.test');
    await signIn(app, 'partner@demo.test');

    const copycat = await signInAnswer(app, 'copycat@demo.test');
    expect(copycat.user).toMatchObject({ claim: 'dssc', adminTenant: false });
    expect(await auditTenants(app, copycat.accessToken)).toEqual(['copycat']);

    const admin = await signInAnswer(app, 'super@demo.test');
    expect(admin.user).toMatchObject({ claim: 'dssc', adminTenant: true });
    expect(await auditTenants(app, admin.accessToken)).toEqual(expect.arrayContaining(['copycat', 'dssc', 'naccug', 'teller']));
  });
});
