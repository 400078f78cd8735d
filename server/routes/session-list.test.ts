// Sessions a person can see and end (issue 28 item 3): the own list with device, address, sign-in time and last use,
// the current one marked; ending one or all the others; a top admin ending a staff member's sessions within scope.
// Every ending is a `session.revoke` audit row and works at once (the ended tokens answer 401 on their next request).
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { sessionHandle } from '../domain/auth/session-control.ts';
import { TOKEN_TTL_SECONDS } from '../domain/auth/tokens.ts';
import { parseTrustedProxies } from '../http/trusted-proxies.ts';
import { DEMO_PASSWORD, MINIMAL_NOW } from '../seed/index.ts';
import { bearer, gatewayPerTest, tenantToken } from '../testing.ts';

const start = gatewayPerTest();
const behindProxy = { trustedProxies: parseTrustedProxies('127.0.0.1') };

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

/** Signs in from a browser (User-Agent) at a client address (X-Forwarded-For through the trusted proxy). */
async function signInFrom(app: FastifyInstance, email: string, from: { userAgent?: string; address?: string } = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    headers: { ...(from.userAgent ? { 'user-agent': from.userAgent } : {}), ...(from.address ? { 'x-forwarded-for': from.address } : {}) },
    payload: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

interface Listed {
  id: string;
  attributes: { device: string; userAgent: string | null; address: string | null; signedIn: string; lastUsed: string; current: boolean };
}

async function listSessions(app: FastifyInstance, token: string): Promise<Listed[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/id/sessions', headers: bearer(token) });
  expectMatchesContract(res, 'listSessions');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Listed[] }).data;
}

const read = async (app: FastifyInstance, token: string) => (await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode;
const endOne = (app: FastifyInstance, token: string, handle: string) =>
  app.inject({ method: 'DELETE', url: `/api/v1/id/sessions/${handle}`, headers: bearer(token) });
const endOthers = (app: FastifyInstance, token: string) => app.inject({ method: 'DELETE', url: '/api/v1/id/sessions', headers: bearer(token) });
const revokeRows = (app: FastifyInstance) => app.db.selectFrom('audit_log').selectAll().where('action', '=', 'session.revoke').orderBy('id').execute();
const revokedCount = async (app: FastifyInstance) =>
  (await app.db.selectFrom('sessions').select('id').where('revoked_at', 'is not', null).execute()).length;

describe('GET api/v1/id/sessions (listSessions)', () => {
  it('[issue 28] lists my live sessions newest first with device, address, sign-in time and last use, this one marked current', async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ ...behindProxy, now: () => now });
    const laptop = await signInFrom(app, 'partner@demo.test', { userAgent: FIREFOX_LINUX, address: '203.0.113.7' });
    now = new Date(MINIMAL_NOW.getTime() + 5 * 60_000);
    const phone = await signInFrom(app, 'partner@demo.test', { userAgent: SAFARI_IOS, address: '198.51.100.20' });
    // Another person's session is not mine.
    await signInFrom(app, 'payin@demo.test', { userAgent: FIREFOX_LINUX });

    const listed = await listSessions(app, laptop);
    expect(listed.map((row) => row.attributes)).toEqual([
      {
        device: 'Safari on iOS',
        userAgent: SAFARI_IOS,
        address: '198.51.100.20',
        signedIn: now.toISOString(),
        lastUsed: now.toISOString(),
        expires: expect.any(String),
        current: false,
      },
      {
        device: 'Firefox on Linux',
        userAgent: FIREFOX_LINUX,
        address: '203.0.113.7',
        signedIn: MINIMAL_NOW.toISOString(),
        // The list request itself used the laptop's session, more than a minute after its sign-in.
        lastUsed: now.toISOString(),
        expires: expect.any(String),
        current: true,
      },
    ]);
    expect((await listSessions(app, phone)).map((row) => row.attributes.current)).toEqual([true, false]);
  });

  it('[issue 28] never shows a session id or a token: each session is named by an opaque handle', async () => {
    const { app } = await start();
    const token = await signInFrom(app, 'partner@demo.test');
    const res = await app.inject({ method: 'GET', url: '/api/v1/id/sessions', headers: bearer(token) });
    const [row] = await app.db.selectFrom('sessions').select('id').execute();
    expect(row).toBeDefined();
    expect(res.body).not.toContain(row?.id);
    expect(res.body).not.toContain(token);
    expect(res.json().data[0].id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('leaves out ended and expired sessions', async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ now: () => now });
    const first = await signInFrom(app, 'partner@demo.test');
    const second = await signInFrom(app, 'partner@demo.test');
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: bearer(second) })).statusCode).toBe(204);
    expect(await listSessions(app, first)).toHaveLength(1);
    now = new Date(MINIMAL_NOW.getTime() + (TOKEN_TTL_SECONDS - 60) * 1000);
    const third = await signInFrom(app, 'partner@demo.test');
    now = new Date(MINIMAL_NOW.getTime() + (TOKEN_TTL_SECONDS + 1) * 1000);
    // The first sign-in's lifetime is over: only the third is live.
    expect((await listSessions(app, third)).map((row) => row.attributes.current)).toEqual([true]);
  });

  it('answers 401 without a token', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/v1/id/sessions' });
    expectMatchesContract(res, 'listSessions');
    expect(res.statusCode).toBe(401);
  });
});

describe('last use', () => {
  it('[issue 28] is written at most once a minute per session, whatever the requests in between', async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ now: () => now });
    const token = await signInFrom(app, 'partner@demo.test');
    const lastUsed = async () => (await app.db.selectFrom('sessions').select('last_used').executeTakeFirstOrThrow()).last_used;
    const at = (seconds: number) => new Date(MINIMAL_NOW.getTime() + seconds * 1000);

    now = at(30);
    expect(await read(app, token)).toBe(200);
    expect(await lastUsed()).toBe(MINIMAL_NOW.toISOString());
    now = at(60);
    expect(await read(app, token)).toBe(200);
    expect(await lastUsed()).toBe(at(60).toISOString());
    now = at(119);
    expect(await read(app, token)).toBe(200);
    expect(await lastUsed()).toBe(at(60).toISOString());
    now = at(125);
    expect(await read(app, token)).toBe(200);
    expect(await lastUsed()).toBe(at(125).toISOString());
  });
});

describe('DELETE api/v1/id/sessions/{handle} (deleteOwnSession)', () => {
  it('[issue 28] ends that one session at once, audited as session.revoke with its handle; mine goes on', async () => {
    const { app, world } = await start();
    const mine = await signInFrom(app, 'partner@demo.test');
    const other = await signInFrom(app, 'partner@demo.test');
    expect(await read(app, other)).toBe(200);
    const handle = (await listSessions(app, mine)).find((row) => !row.attributes.current)?.id ?? '';

    const res = await endOne(app, mine, handle);
    expectMatchesContract(res, 'deleteOwnSession');
    expect(res.statusCode).toBe(204);
    expect(await read(app, other)).toBe(401);
    expect(await read(app, mine)).toBe(200);
    expect(await listSessions(app, mine)).toHaveLength(1);
    const rows = await revokeRows(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: world.users.partner, entity: 'session', entity_id: String(world.users.partner), reason: 'signout' });
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toEqual({ sessions: 1, handle });
  });

  it('[issue 28] refuses a malformed, unknown, already ended or another person’s handle, and the current one, changing nothing', async () => {
    const { app } = await start();
    const mine = await signInFrom(app, 'partner@demo.test');
    const theirs = await signInFrom(app, 'payin@demo.test');
    const [own] = await listSessions(app, mine);
    const [their] = await listSessions(app, theirs);

    for (const [handle, status] of [
      ['not-a-handle', 400],
      ['A'.repeat(44), 400],
      ['A'.repeat(43), 404],
      [their?.id ?? '', 404],
      [sessionHandle('no-such-session'), 404],
    ] as const) {
      const res = await endOne(app, mine, handle);
      expectMatchesContract(res, 'deleteOwnSession');
      expect(res.statusCode, handle).toBe(status);
    }
    const current = await endOne(app, mine, own?.id ?? '');
    expectMatchesContract(current, 'deleteOwnSession');
    expect(current.statusCode).toBe(409);
    expect(current.json().errors[0]).toMatchObject({ code: 'current_session', title: 'This is the session you are using now: sign out with Logout.' });

    expect(await read(app, mine)).toBe(200);
    expect(await read(app, theirs)).toBe(200);
    expect(await revokedCount(app)).toBe(0);
    expect(await revokeRows(app)).toEqual([]);
  });
});

describe('DELETE api/v1/id/sessions (deleteOtherSessions)', () => {
  it('[issue 28] ends every other session of mine with one audit row and keeps this one; none left answers 0 without a row', async () => {
    const { app, world } = await start();
    const mine = await signInFrom(app, 'partner@demo.test');
    const others = [await signInFrom(app, 'partner@demo.test'), await signInFrom(app, 'partner@demo.test')];
    const someoneElse = await signInFrom(app, 'payin@demo.test');

    const res = await endOthers(app, mine);
    expectMatchesContract(res, 'deleteOtherSessions');
    expect(res.json()).toEqual({ meta: { ended: 2 } });
    for (const token of others) expect(await read(app, token)).toBe(401);
    expect(await read(app, mine)).toBe(200);
    expect(await read(app, someoneElse)).toBe(200);
    const rows = await revokeRows(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: world.users.partner, entity_id: String(world.users.partner), reason: 'signout' });
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toEqual({ sessions: 2, kept: 'current' });

    expect((await endOthers(app, mine)).json()).toEqual({ meta: { ended: 0 } });
    expect(await revokeRows(app)).toHaveLength(1);
  });
});

describe('a top admin and a staff member’s sessions (listUserSessions, deleteUserSessions)', () => {
  it('[issue 28] a top admin lists a staff member’s sessions and ends them all at once, audited with the admin as actor', async () => {
    const { app, world } = await start();
    const officer = [await signInFrom(app, 'officer@demo.test', { userAgent: FIREFOX_LINUX }), await signInFrom(app, 'officer@demo.test')];
    const admin = await tenantToken(app, await signInFrom(app, 'super@demo.test'), 'naccug');

    const list = await app.inject({ method: 'GET', url: `/api/v1/um/user/${world.users.officer}/sessions`, headers: bearer(admin) });
    expectMatchesContract(list, 'listUserSessions');
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as { data: Listed[] }).data;
    expect(listed.map((row) => [row.attributes.device, row.attributes.current]).sort()).toEqual([
      ['Firefox on Linux', false],
      ['Unknown device', false],
    ]);

    const res = await app.inject({ method: 'DELETE', url: `/api/v1/um/user/${world.users.officer}/sessions`, headers: bearer(admin) });
    expectMatchesContract(res, 'deleteUserSessions');
    expect(res.json()).toEqual({ meta: { ended: 2 } });
    for (const token of officer) expect(await read(app, token)).toBe(401);
    expect(await read(app, admin)).toBe(200);
    const rows = await revokeRows(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: world.users.super, tenant_id: 'naccug', entity_id: String(world.users.officer), reason: 'admin' });
  });

  it('[issue 28] refuses another role (403), another tenant’s user (404), the admin’s own sessions (403) and a malformed id, changing nothing', async () => {
    const { app, world } = await start();
    const officer = await signInFrom(app, 'officer@demo.test');
    const groupAdmin = await signInFrom(app, 'group@demo.test');
    const otherTenantAdmin = await signInFrom(app, 'partner@demo.test');
    const admin = await tenantToken(app, await signInFrom(app, 'super@demo.test'), 'naccug');

    const cases: Array<[string, string, number, string?]> = [
      [groupAdmin, `/api/v1/um/user/${world.users.officer}/sessions`, 403, 'not_top_admin'],
      [otherTenantAdmin, `/api/v1/um/user/${world.users.officer}/sessions`, 404],
      [admin, '/api/v1/um/user/999999/sessions', 404],
      [admin, '/api/v1/um/user/1.5/sessions', 400],
    ];
    for (const [token, url, status, code] of cases) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await app.inject({ method, url, headers: bearer(token) });
        expectMatchesContract(res, method === 'GET' ? 'listUserSessions' : 'deleteUserSessions');
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        if (code) expect(res.json().errors[0].code).toBe(code);
      }
    }
    const own = await app.inject({ method: 'DELETE', url: `/api/v1/um/user/${world.users.super}/sessions`, headers: bearer(admin) });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].code).toBe('own_sessions');

    expect(await read(app, officer)).toBe(200);
    expect(await read(app, admin)).toBe(200);
    expect(await revokedCount(app)).toBe(0);
    expect(await revokeRows(app)).toEqual([]);
  });
});
