import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { STATUS } from '../domain/reference.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const start = gatewayPerTest();


function signInRequest(app: FastifyInstance, username: string, password: string, clientid = 'teller-web', remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    remoteAddress,
    payload: { data: { type: 'token', attributes: { username, password, clientid } } },
  });
}

function connect(app: FastifyInstance, token: string, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('POST api/v1/id/token (createToken)', () => {
  it('[UW-7.03] [UW-3.02] signs a staff member in and answers the session with id and accessToken', async () => {
    const { app, world } = await start();
    const res = await signInRequest(app, 'Super@Demo.test', 'Demo@12345');
    expectMatchesContract(res, 'createToken');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).toBe(String(world.users.super));
    expect(data.attributes.user).toEqual({ id: String(world.users.super), email: 'super@demo.test', roles: [4], tenant: 'dssc', tenantName: 'DSSC Admin', tenantType: 'identity', claim: 'dssc', adminTenant: true });
    const claims = decodeJwt(data.attributes.accessToken);
    expect(claims).toMatchObject({ sub: String(world.users.super), roles: [4], tenant: 'dssc', claim: 'dssc' });
    expect(claims.exp).toBe(Math.floor(MINIMAL_NOW.getTime() / 1000) + data.attributes.expiresIn);
  });

  it('gives a non-admin tenant user a token whose claim is not dssc', async () => {
    const { app } = await start();
    const res = await signInRequest(app, 'officer@demo.test', 'Demo@12345');
    expectMatchesContract(res, 'createToken');
    expect(res.json().data.attributes.user).toMatchObject({ roles: [64], tenant: 'naccug', claim: 'naccug', adminTenant: false });
  });

  it('refuses a wrong password and an unknown account with the same 401', async () => {
    const { app } = await start();
    const wrong = await signInRequest(app, 'super@demo.test', 'Demo@1234');
    const unknown = await signInRequest(app, 'nobody@demo.test', 'Demo@12345');
    for (const res of [wrong, unknown]) {
      expectMatchesContract(res, 'createToken');
      expect(res.statusCode).toBe(401);
    }
    // The same errors; only the request id in meta differs.
    expect(wrong.json().errors).toEqual(unknown.json().errors);
    expect(wrong.json().errors[0].title).toBe('Invalid email or password');
  });

  it('refuses an unknown client id with 401 "Invalid client", even with the right password', async () => {
    const { app } = await start();
    const res = await signInRequest(app, 'super@demo.test', 'Demo@12345', 'someone-else');
    expectMatchesContract(res, 'createToken');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].title).toBe('Invalid client');
    // A tenant's identity client is for connect/token, not for signing in.
    const tenantClient = await signInRequest(app, 'super@demo.test', 'Demo@12345', 'naccug-client');
    expect(tenantClient.statusCode).toBe(401);
  });

  it('[UW-1.02] refuses end users and locked-out, sanctioned or on-hold staff with 403, only after the right password', async () => {
    const { app, world } = await start();
    await app.db.updateTable('accounts').set({ username: 'fatou@demo.test', password_hash: (await app.db.selectFrom('accounts').select('password_hash').where('user_id', '=', world.users.super).executeTakeFirstOrThrow()).password_hash }).where('user_id', '=', world.users.kanifingMember).execute();
    const endUser = await signInRequest(app, 'fatou@demo.test', 'Demo@12345');
    expectMatchesContract(endUser, 'createToken');
    expect(endUser.statusCode).toBe(403);

    await app.db.updateTable('accounts').set({ status: STATUS.Active | STATUS.LockOut }).where('user_id', '=', world.users.partner).execute();
    expect((await signInRequest(app, 'partner@demo.test', 'wrong')).statusCode).toBe(401);
    const locked = await signInRequest(app, 'partner@demo.test', 'Demo@12345');
    expectMatchesContract(locked, 'createToken');
    expect(locked.statusCode).toBe(403);

    for (const status of [STATUS.Active | STATUS.Sanctioned, STATUS.Active | STATUS.OnHold]) {
      await app.db.updateTable('accounts').set({ status }).where('user_id', '=', world.users.officer).execute();
      expect((await signInRequest(app, 'officer@demo.test', 'Demo@12345')).statusCode).toBe(403);
    }
  });

  it('answers 429 with Retry-After after 5 failures for one account from one address within 15 minutes, then lets it try again', async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ now: () => now });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signInRequest(app, 'group@demo.test', 'nope', 'teller-web', '10.0.0.1')).statusCode).toBe(401);
    }
    const blocked = await signInRequest(app, 'group@demo.test', 'Demo@12345', 'teller-web', '10.0.0.1');
    expectMatchesContract(blocked, 'createToken');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    expect((await signInRequest(app, 'officer@demo.test', 'Demo@12345', 'teller-web', '10.0.0.1')).statusCode).toBe(200);

    now = new Date(MINIMAL_NOW.getTime() + 15 * 60 * 1000 + 1000);
    expect((await signInRequest(app, 'group@demo.test', 'Demo@12345', 'teller-web', '10.0.0.1')).statusCode).toBe(200);
  });

  it('answers 429 to an address after 20 failures across accounts', async () => {
    const { app } = await start();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await signInRequest(app, `guess${attempt}@demo.test`, 'nope', 'teller-web', '10.9.9.9');
    }
    const blocked = await signInRequest(app, 'super@demo.test', 'Demo@12345', 'teller-web', '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect((await signInRequest(app, 'super@demo.test', 'Demo@12345', 'teller-web', '10.9.9.10')).statusCode).toBe(200);
  });

  it('answers 422 naming each missing attribute, and changes nothing', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'POST', url: '/api/v1/id/token', payload: { data: { type: 'token', attributes: { username: 'super@demo.test' } } } });
    expectMatchesContract(res, 'createToken');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/data/attributes/clientid',
      '/data/attributes/password',
    ]);
  });
});

describe('bearer tokens', () => {
  it('[UW-7.01] answers 401 as a JSON:API error without a token, with a forged one, or with an expired one', async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ now: () => now });
    const token = await signIn(app, 'super@demo.test');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const headers of [{}, bearer(forged), { authorization: token }, bearer('not-a-token')]) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/um/countries', headers });
      expectMatchesContract(res, 'listCountries');
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0]).toMatchObject({ status: '401', title: 'Session has expired' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/countries', headers: bearer(token) })).statusCode).toBe(200);
    now = new Date(MINIMAL_NOW.getTime() + 3 * 60 * 60 * 1000);
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/countries', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('stops honouring a token once its account is locked out', async () => {
    const { app, world } = await start();
    const token = await signIn(app, 'partner@demo.test');
    await app.db.updateTable('accounts').set({ status: STATUS.LockOut }).where('user_id', '=', world.users.partner).execute();
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('stops honouring a token it has already accepted as soon as its account is locked out', async () => {
    const { app, world } = await start();
    const token = await signIn(app, 'partner@demo.test');
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode).toBe(200);
    await app.db.updateTable('accounts').set({ status: STATUS.LockOut }).where('user_id', '=', world.users.partner).execute();
    const refused = await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) });
    expectMatchesContract(refused, 'listRoles');
    expect(refused.statusCode).toBe(401);
  });

  it('answers 401 before looking at a malformed body when the token is missing', async () => {
    const { app } = await start();
    const res = await app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=naccug-client',
    });
    expectMatchesContract(res, 'connectToken');
    expect(res.statusCode).toBe(401);
  });
});

describe('POST connect/token (connectToken)', () => {
  it('[UW-7.10] [UW-6.01] gives an admin-tenant user a token for any tenant, carrying that tenant', async () => {
    const { app, world } = await start();
    const session = await signIn(app, 'super@demo.test');
    const res = await connect(app, session, { client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid um' });
    expectMatchesContract(res, 'connectToken');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid um' });
    expect(decodeJwt(res.json().access_token)).toMatchObject({ sub: String(world.users.super), tenant: 'naccug', claim: 'naccug', ttype: 'wallet', roles: [4] });

    // The tenant token scopes reference lists to the selected tenant.
    const groups = await app.inject({ method: 'GET', url: '/api/v1/um/groups', headers: bearer(res.json().access_token) });
    expect(groups.json().data.map((group: { attributes: { name: string } }) => group.attributes.name)).toEqual(['Kanifing CU', 'Serrekunda CU']);
  });

  it('lets other users get a token for their own tenant only (403 otherwise)', async () => {
    const { app } = await start();
    const session = await signIn(app, 'officer@demo.test');
    const own = await connect(app, session, { client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid um wallet' });
    expectMatchesContract(own, 'connectToken');
    expect(own.statusCode).toBe(200);
    const other = await connect(app, session, { client_id: 'teller-client', grant_type: 'delegation', scope: 'openid' });
    expectMatchesContract(other, 'connectToken');
    expect(other.statusCode).toBe(403);
    expect(other.json().errors[0].title).toBe('You may not switch to this tenant');
  });

  it('answers 400 for an unknown client, a wrong grant type or a scope the client does not have', async () => {
    const { app } = await start();
    const session = await signIn(app, 'super@demo.test');
    const cases = [
      { client_id: 'nobody-client', grant_type: 'delegation', scope: 'openid' },
      { client_id: 'teller-web', grant_type: 'password', scope: 'openid' },
      { client_id: 'naccug-client', grant_type: 'client_credentials', scope: 'openid' },
      { client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid identity' },
    ];
    for (const form of cases) {
      const res = await connect(app, session, form);
      expectMatchesContract(res, 'connectToken');
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
    }
  });

  it('a tenant token of another tenant still lets an admin-tenant user switch again', async () => {
    const { app } = await start();
    const naccug = await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug');
    const res = await connect(app, naccug, { client_id: 'amal-client', grant_type: 'delegation', scope: 'openid' });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token)).toMatchObject({ tenant: 'amal', ttype: 'payin' });
  });
});

describe('GET api/v1/id/tenant/tenantselections (listTenantSelections)', () => {
  it('[IC-7.07] [IC-3.19] lists every tenant for an admin-tenant user, with client id, grant type and scope', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/v1/id/tenant/tenantselections', headers: bearer(await signIn(app, 'super@demo.test')) });
    expectMatchesContract(res, 'listTenantSelections');
    const entries = res.json().data;
    expect(entries.map((entry: { id: string }) => entry.id).sort()).toEqual(['amal', 'dssc', 'naccug', 'teller']);
    expect(entries.find((entry: { id: string }) => entry.id === 'naccug')).toEqual({
      type: 'tenantselection',
      id: 'naccug',
      attributes: { name: 'NACCUG', type: 'wallet', clientId: 'naccug-client', grantType: 'delegation', scope: 'openid um wallet' },
    });
  });

  it('lists only their own tenant for other users', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/v1/id/tenant/tenantselections', headers: bearer(await signIn(app, 'payin@demo.test')) });
    expectMatchesContract(res, 'listTenantSelections');
    expect(res.json().data.map((entry: { id: string }) => entry.id)).toEqual(['amal']);
  });
});
