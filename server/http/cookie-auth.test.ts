// The web app's cookie session (issue 28 item 4, the contract's `cookieAuth`): the token stays in an httpOnly cookie,
// every call carries the session's CSRF token, and the session ends at once as a bearer token's does.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { recordChange } from '../domain/changes/feed.ts';
import { STATUS } from '../domain/reference.ts';
import { DEMO_PASSWORD } from '../seed/index.ts';
import { bearer, gatewayPerTest, signIn as bearerSignIn, tenantToken } from '../testing.ts';

const start = gatewayPerTest();

interface CookieSession {
  /** The Cookie header the browser would send back. */
  cookie: string;
  csrfToken: string;
  answer: LightMyRequestResponse;
}

/** Signs in as the web app on the gateway's origin does: `Teller-Session: cookie`. */
async function cookieSignIn(app: FastifyInstance, email: string): Promise<CookieSession> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    headers: { 'teller-session': 'cookie' },
    payload: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expect(answer.statusCode).toBe(200);
  const session = answer.cookies.find((cookie) => cookie.name === 'teller_session');
  if (!session) throw new Error('no session cookie');
  const { csrfToken } = (answer.json() as { data: { attributes: { csrfToken: string } } }).data.attributes;
  return { cookie: `teller_session=${session.value}`, csrfToken, answer };
}

const asTab = (session: CookieSession, extra: Record<string, string> = {}) => ({ cookie: session.cookie, 'x-csrf-token': session.csrfToken, ...extra });

/** connect/token into NACCUG, as the tab's tenant selector asks by cookie. */
const switchToNaccug = (app: FastifyInstance, session: CookieSession) =>
  app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { ...asTab(session), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid um' }).toString(),
  });

const groupsOf = async (app: FastifyInstance, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/um/groups', headers });
  return { status: res.statusCode, names: res.statusCode === 200 ? (res.json() as { data: { attributes: { name: string } }[] }).data.map((group) => group.attributes.name) : [], res };
};
const rolesStatus = async (app: FastifyInstance, headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers })).statusCode;
const csrfRefusals = (app: FastifyInstance) => app.db.selectFrom('audit_log').selectAll().where('action', '=', 'csrf.refuse').orderBy('id').execute();

describe('a cookie session (cookieAuth)', () => {
  it('[issue 28] answers the CSRF token and no token in the body; the token is an httpOnly, SameSite=Strict cookie', async () => {
    const { app } = await start();
    const session = await cookieSignIn(app, 'partner@demo.test');
    expectMatchesContract(session.answer, 'createToken');
    const attributes = (session.answer.json() as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(attributes).not.toHaveProperty('accessToken');
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    const cookie = session.answer.cookies.find((entry) => entry.name === 'teller_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Without the header an API client still gets its bearer token, and no CSRF token.
    const api = await app.inject({
      method: 'POST',
      url: '/api/v1/id/token',
      payload: { data: { type: 'token', attributes: { username: 'partner@demo.test', password: DEMO_PASSWORD, clientid: 'teller-web' } } },
    });
    expect(api.json().data.attributes.accessToken).toEqual(expect.any(String));
    expect(api.json().data.attributes).not.toHaveProperty('csrfToken');
  });

  it('[issue 28] authorises a call with the cookie and the session’s CSRF token, whatever the method', async () => {
    const { app } = await start();
    const session = await cookieSignIn(app, 'partner@demo.test');
    expect(await rolesStatus(app, asTab(session))).toBe(200);
    const other = await cookieSignIn(app, 'partner@demo.test');
    // A state change by cookie: ending my other sessions.
    const ended = await app.inject({ method: 'DELETE', url: '/api/v1/id/sessions', headers: asTab(session) });
    expectMatchesContract(ended, 'deleteOtherSessions');
    expect(ended.statusCode).toBe(200);
    expect(await rolesStatus(app, asTab(other))).toBe(401);
  });

  it('[issue 28] refuses a call without the CSRF token, with a wrong one, another session’s one or from another origin: 403, audited, nothing changed', async () => {
    const { app, world } = await start();
    const session = await cookieSignIn(app, 'partner@demo.test');
    const other = await cookieSignIn(app, 'partner@demo.test');
    const refusals: [string, Record<string, string>][] = [
      ['no token', { cookie: session.cookie }],
      ['a wrong token', { cookie: session.cookie, 'x-csrf-token': 'A'.repeat(43) }],
      ['another session’s token', { cookie: session.cookie, 'x-csrf-token': other.csrfToken }],
      ['an over-long token', { cookie: session.cookie, 'x-csrf-token': 'A'.repeat(5000) }],
      ['a call from another site', { ...asTab(session), 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
      ['a call from a sibling site', { ...asTab(session), 'sec-fetch-site': 'same-site' }],
    ];
    for (const [why, headers] of refusals) {
      const res = await app.inject({ method: 'DELETE', url: '/api/v1/id/sessions', headers });
      expect(res.statusCode, why).toBe(403);
      expect(res.json().errors[0], why).toMatchObject({ code: 'csrf_refused', title: 'Request refused' });
      // A read is refused the same way: the token binds the tab to its session.
      expect(await rolesStatus(app, headers), why).toBe(403);
    }
    // Nothing changed: the other session is live.
    expect(await rolesStatus(app, asTab(other))).toBe(200);
    const rows = await csrfRefusals(app);
    expect(rows).toHaveLength(refusals.length * 2);
    expect(rows[0]).toMatchObject({ actor_user_id: world.users.partner, tenant_id: 'teller', entity: 'session' });
    // The gateway's own origin is no refusal, whatever Host a proxy in front sent.
    expect(await rolesStatus(app, { ...asTab(session), 'sec-fetch-site': 'same-origin', origin: 'https://teller.example', host: '10.0.0.5:8080' })).toBe(200);
  });

  it('[issue 28] an Authorization header is decided by the bearer scheme alone: a bad one is not helped by the cookie', async () => {
    const { app } = await start();
    const session = await cookieSignIn(app, 'partner@demo.test');
    expect(await rolesStatus(app, { ...asTab(session), authorization: 'Bearer not.a.token' })).toBe(401);
    expect(await rolesStatus(app, { authorization: 'Bearer not.a.token' })).toBe(401);
    // No cookie, no bearer: 401, not a CSRF refusal.
    expect(await rolesStatus(app, { 'x-csrf-token': session.csrfToken })).toBe(401);
  });

  it('[issue 28] ends at once on logout, on a password change elsewhere, and on a suspension', async () => {
    const { app, world } = await start();
    const leaving = await cookieSignIn(app, 'partner@demo.test');
    const logout = await app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: asTab(leaving) });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((cookie) => cookie.name === 'teller_session')).toMatchObject({ value: '', maxAge: 0 });
    expect(await rolesStatus(app, asTab(leaving))).toBe(401);

    const browser = await cookieSignIn(app, 'partner@demo.test');
    const changing = await bearerSignIn(app, 'partner@demo.test');
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/v1/um/account',
      headers: bearer(changing),
      payload: { data: { type: 'Account', attributes: { oldpassword: DEMO_PASSWORD, newpassword: 'Fresh@2026' } } },
    });
    expect(changed.statusCode).toBe(200);
    expect(await rolesStatus(app, asTab(browser))).toBe(401);

    const officer = await cookieSignIn(app, 'officer@demo.test');
    expect(await rolesStatus(app, asTab(officer))).toBe(200);
    const admin = await tenantToken(app, await bearerSignIn(app, 'super@demo.test'), 'naccug');
    const suspended = await app.inject({
      method: 'PATCH',
      url: `/api/v1/um/account/${world.users.officer}`,
      headers: bearer(admin),
      payload: { data: { type: 'Account', attributes: { status: STATUS.OnHold } } },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await rolesStatus(app, asTab(officer))).toBe(401);
  });

  it('[issue 28] acts in a tenant the session switched to, named in X-Teller-Tenant, and in no other', async () => {
    const { app } = await start();
    const session = await cookieSignIn(app, 'super@demo.test');
    // Before the switch the tab cannot name the tenant.
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'naccug' }))).status).toBe(401);
    const switched = await switchToNaccug(app, session);
    expectMatchesContract(switched, 'connectToken');
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).not.toHaveProperty('access_token');
    expect(switched.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid um' });

    const inNaccug = await groupsOf(app, asTab(session, { 'x-teller-tenant': 'naccug' }));
    expect(inNaccug.names).toEqual(['Kanifing CU', 'Serrekunda CU']);
    // Its own tenant needs no switch; another tenant it never switched to is refused; a malformed name is a 400.
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'dssc' }))).status).toBe(200);
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'amal' }))).status).toBe(401);
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'no such/tenant' }))).status).toBe(400);

    // Another session of the same person has not switched: its tab cannot name naccug.
    const later = await cookieSignIn(app, 'super@demo.test');
    expect((await groupsOf(app, asTab(later, { 'x-teller-tenant': 'naccug' }))).status).toBe(401);
    // Logout ends the switch with the session.
    await app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: asTab(session) });
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'naccug' }))).status).toBe(401);
  });

  it('[issue 26] a list read in a tenant the session switched to carries that tenant’s change cursor, not its own tenant’s', async () => {
    const { app } = await start();
    const session = await cookieSignIn(app, 'super@demo.test');
    const switched = await switchToNaccug(app, session);
    expect(switched.statusCode).toBe(200);
    const listCursor = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/um/user?page[size]=1', headers });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.headers['teller-change-cursor']);
    };
    const inNaccug = asTab(session, { 'x-teller-tenant': 'naccug' });
    const [naccugBefore, ownBefore] = [await listCursor(inNaccug), await listCursor(asTab(session))];
    // A change in naccug only (a member's record, as an admin's edit writes it).
    await recordChange(app.db, { tenantId: 'naccug', action: 'user.update', entity: 'user', entityId: 1, after: { firstname: 'A' } });
    // On PostgreSQL a cursor names only final events: another test's transaction may hold this one back a while.
    await expect.poll(() => listCursor(inNaccug)).not.toBe(naccugBefore);
    expect(await listCursor(asTab(session))).toBe(ownBefore);
  });

  it('[issue 28] a switch lasts as long as the tenant token would have, no longer', async () => {
    let now = new Date('2026-03-01T08:00:00Z');
    const { app } = await start({ now: () => now });
    const session = await cookieSignIn(app, 'super@demo.test');
    const switched = await switchToNaccug(app, session);
    const seconds = (switched.json() as { expires_in: number }).expires_in;
    now = new Date(now.getTime() + (seconds - 1) * 1000);
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'naccug' }))).status).toBe(200);
    now = new Date(now.getTime() + 2000);
    expect((await groupsOf(app, asTab(session, { 'x-teller-tenant': 'naccug' }))).status).toBe(401);
  });
});
