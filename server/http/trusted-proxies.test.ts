// Behind a proxy (issue 22, defect 1): the client's address and protocol come from X-Forwarded-For and
// X-Forwarded-Proto only across the hops TELLER_TRUSTED_PROXIES names; a request from any other peer is taken as it
// arrived. The limits, the audit rows and the cookies' Secure flag follow that address and protocol.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/index.ts';
import { bearer, gatewayPerTest } from '../testing.ts';
import { RESET_TOKENS_PER_ADDRESS, SIGN_IN } from '../testing/documented.ts';
import { parseTrustedProxies, TRUSTED_PROXIES_VARIABLE } from './trusted-proxies.ts';

const start = gatewayPerTest();
const PAIR_LIMIT = SIGN_IN.perAccountAndAddress;

/** A sign-in arriving from the peer `remoteAddress` with the forwarding headers given. */
function signInFrom(app: FastifyInstance, remoteAddress: string, headers: Record<string, string>, password = 'wrong-password', username = 'partner@demo.test') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    remoteAddress,
    headers,
    payload: { data: { type: 'token', attributes: { username, password, clientid: 'teller-web' } } },
  });
}

/** The address the audit row of the last sign-in with `action` recorded. */
async function auditedAddress(app: FastifyInstance, action: string): Promise<unknown> {
  const row = await app.db.selectFrom('audit_log').select('after_json').where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return (JSON.parse(row.after_json ?? '{}') as { address?: unknown }).address;
}

const cookiesOf = (header: string | string[] | number | undefined): string[] => (Array.isArray(header) ? header : [String(header)]);

describe(`${TRUSTED_PROXIES_VARIABLE}`, () => {
  it('takes addresses and CIDRs, IPv4 and IPv6, separated by commas; nothing set trusts no hop', () => {
    expect(parseTrustedProxies('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies('  ')).toEqual([]);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['::1/129', '"::1/129"'],
    ['127.0.0.1,proxy.internal', '"proxy.internal"'],
    ['10.0.0.0/8,,127.0.0.1', 'an empty entry'],
    ['10.0.0.0/', '"10.0.0.0/"'],
    ['loopback', '"loopback"'],
    ['10.0.0.256', '"10.0.0.256"'],
  ])('refuses %s with a message naming the variable and the entry', (value, named) => {
    expect(() => parseTrustedProxies(value)).toThrow(TRUSTED_PROXIES_VARIABLE);
    expect(() => parseTrustedProxies(value)).toThrow(named);
  });
});

describe('a gateway with no trusted proxy (the default)', () => {
  it('ignores X-Forwarded-For and X-Forwarded-Proto from every peer: the peer is the client, the cookie is not Secure', async () => {
    const { app } = await start();
    const res = await signInFrom(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' }, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(await auditedAddress(app, 'session.create')).toBe('127.0.0.1');
    expect(cookiesOf(res.headers['set-cookie']).filter((cookie) => cookie.includes('Secure'))).toEqual([]);
  });
});

describe('a gateway behind trusted proxies', () => {
  const trusted = { trustedProxies: parseTrustedProxies('127.0.0.1,10.0.0.0/8,::1') };

  it('takes the client from X-Forwarded-For of a trusted peer, for the audit row', async () => {
    const { app } = await start(trusted);
    expect((await signInFrom(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(401);
    expect(await auditedAddress(app, 'signin.fail')).toBe('203.0.113.7');
  });

  it('walks a chain of hops from the right: the first address that is not a trusted proxy is the client, whatever the client wrote before it', async () => {
    const { app } = await start(trusted);
    // The client forged 198.51.100.1; its own proxy (10.1.1.1) appended the client's real address, the next hop 10.2.2.2.
    await signInFrom(app, '10.9.9.9', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.1.1.1, 10.2.2.2' });
    expect(await auditedAddress(app, 'signin.fail')).toBe('203.0.113.7');
  });

  it('trusts IPv6 hops too, and an IPv4 proxy seen by a dual-stack socket as an IPv4-mapped address', async () => {
    const { app } = await start(trusted);
    await signInFrom(app, '::1', { 'x-forwarded-for': '2001:db8::7' });
    expect(await auditedAddress(app, 'signin.fail')).toBe('2001:db8::7');
    await signInFrom(app, '::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(await auditedAddress(app, 'signin.fail')).toBe('203.0.113.9');
  });

  it('ignores the forwarding headers a peer that is not a trusted proxy sends', async () => {
    const { app } = await start(trusted);
    const res = await signInFrom(app, '192.0.2.50', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' }, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(await auditedAddress(app, 'session.create')).toBe('192.0.2.50');
    expect(cookiesOf(res.headers['set-cookie']).filter((cookie) => cookie.includes('Secure'))).toEqual([]);
  });

  it('counts the per-address sign-in limit per real client: one client locked out, another behind the same proxy not', async () => {
    const { app } = await start(trusted);
    const locked = { 'x-forwarded-for': '203.0.113.7' };
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt += 1) expect((await signInFrom(app, '127.0.0.1', locked)).statusCode).toBe(401);
    expect((await signInFrom(app, '127.0.0.1', locked, DEMO_PASSWORD)).statusCode).toBe(429);
    expect(await auditedAddress(app, 'signin.limit')).toBe('203.0.113.7');
    // A forged address in front of the real one does not escape the limit.
    expect((await signInFrom(app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.8' }, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts the per-address limit of unknown reset links per real client, and audits the refusal under that address', async () => {
    const { app } = await start(trusted);
    const resetFrom = (client: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/v1/um/account',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { data: { type: 'Account', attributes: { password: 'N3w-Passw0rd!', resetPasswordToken: 'no-such-token' } } },
      });
    for (let attempt = 0; attempt < RESET_TOKENS_PER_ADDRESS; attempt += 1) expect((await resetFrom('203.0.113.7')).statusCode).toBe(422);
    expect((await resetFrom('203.0.113.7')).statusCode).toBe(429);
    const refusal = await app.db.selectFrom('audit_log').select(['entity_id', 'after_json']).where('action', '=', 'attempt.limit').executeTakeFirstOrThrow();
    expect(refusal.entity_id).toBe('203.0.113.7');
    expect(JSON.parse(refusal.after_json ?? '{}')).toEqual({ limit: 'address', address: '203.0.113.7' });
    expect((await resetFrom('203.0.113.8')).statusCode).toBe(422);
  });

  it('sets teller_session, teller_tenant and their clearing Secure when the trusted proxy says https (the contract: "Secure over HTTPS"), and not when it says http', async () => {
    const { app } = await start(trusted);
    const overHttps = await signInFrom(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' }, DEMO_PASSWORD, 'super@demo.test');
    expect(overHttps.statusCode).toBe(200);
    const signedIn = cookiesOf(overHttps.headers['set-cookie']);
    expect(signedIn).toHaveLength(2);
    for (const cookie of signedIn) expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    const token = (overHttps.json() as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;

    const switched = await app.inject({
      method: 'POST',
      url: '/connect/token',
      remoteAddress: '127.0.0.1',
      headers: { ...bearer(token), 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid um' }).toString(),
    });
    expect(switched.statusCode).toBe(200);
    expect(cookiesOf(switched.headers['set-cookie'])).toEqual([expect.stringMatching(/^teller_tenant=.+; Secure$/)]);

    const logout = await app.inject({ method: 'DELETE', url: '/api/v1/id/token', remoteAddress: '127.0.0.1', headers: { ...bearer(token), 'x-forwarded-proto': 'https' } });
    expect(cookiesOf(logout.headers['set-cookie'])).toEqual([
      'teller_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
      'teller_tenant=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
    ]);

    const overHttp = await signInFrom(app, '127.0.0.1', { 'x-forwarded-proto': 'http' }, DEMO_PASSWORD, 'super@demo.test');
    expect(cookiesOf(overHttp.headers['set-cookie']).filter((cookie) => cookie.includes('Secure'))).toEqual([]);
  });
});
