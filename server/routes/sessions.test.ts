// Server-side sessions: a token ends at once with its session (logout, password change or reset, a status that bars
// sign-in), whatever the signature cache remembers; the scheme of the Authorization header is case-insensitive.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { openSession } from '../domain/auth/sessions.ts';
import { sessionFor } from '../domain/auth/identity.ts';
import { signToken } from '../domain/auth/tokens.ts';
import { STATUS } from '../domain/reference.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { codeFor, walletClient } from '../testing/wallet.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const start = gatewayPerTest();

/** The answer to a plain authenticated read with this token. */
async function readWith(app: FastifyInstance, token: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode;
}

function logout(app: FastifyInstance, token: string) {
  return app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: bearer(token) });
}

async function auditRows(app: FastifyInstance, action: string) {
  return app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

function setStatus(app: FastifyInstance, adminToken: string, userId: number, status: number) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/um/account/${userId}`,
    headers: bearer(adminToken),
    payload: { data: { type: 'Account', attributes: { status } } },
  });
}

describe('DELETE api/v1/id/token (deleteSession)', () => {
  it('[UW-4.57] ends the session at once: its own token and its tenant token answer 401 (regression: Logout left the token working)', async () => {
    const { app, world } = await start();
    const own = await signIn(app, 'super@demo.test');
    const naccug = await tenantToken(app, own, 'naccug');
    const other = await signIn(app, 'super@demo.test');
    // Both tokens are verified once, so the signature cache remembers them.
    expect(await readWith(app, own)).toBe(200);
    expect(await readWith(app, naccug)).toBe(200);

    const res = await logout(app, naccug);
    expectMatchesContract(res, 'deleteSession');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await readWith(app, own)).toBe(401);
    expect(await readWith(app, naccug)).toBe(401);
    const again = await logout(app, own);
    expectMatchesContract(again, 'deleteSession');
    expect(again.statusCode).toBe(401);
    // Another sign-in of the same user is another session.
    expect(await readWith(app, other)).toBe(200);

    const rows = await auditRows(app, 'session.revoke');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: world.users.super, entity: 'session', entity_id: String(world.users.super), reason: 'logout' });
  });

  it('answers 401 without a token', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/id/token' });
    expectMatchesContract(res, 'deleteSession');
    expect(res.statusCode).toBe(401);
  });
});

describe('revocation by status (regression: a suspended staff member’s token kept working)', () => {
  for (const [name, status] of [
    ['On Hold', STATUS.OnHold],
    ['Sanctioned', STATUS.Sanctioned],
  ] as const) {
    it(`ends every session of a staff member put ${name}: reads and a cash-out with the old token answer 401`, async () => {
      const { app, world } = await start();
      const officer = await signIn(app, 'officer@demo.test');
      const cashier = walletClient(app, officer);
      const created = await cashier.create({ Amount: -200, ReceiverUserId: String(world.users.kanifingMember) });
      expect(created.statusCode).toBe(201);
      const { id, attributes } = created.json().data as { id: string; attributes: { referenceNumber: string } };
      const code = await codeFor(app, attributes.referenceNumber);

      const admin = await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug');
      expect((await setStatus(app, admin, world.users.officer, status)).statusCode).toBe(200);

      expect(await readWith(app, officer)).toBe(401);
      const confirm = await cashier.confirm(id, code);
      expectMatchesContract(confirm, 'confirmWalletTransaction');
      expect(confirm.statusCode).toBe(401);
      expect((await cashier.create({ Amount: -100, ReceiverUserId: String(world.users.kanifingMember) })).statusCode).toBe(401);
      const tx = await app.db.selectFrom('wallet_transactions').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow();
      expect(tx.status).toBe('PENDING');
      const sessions = await app.db.selectFrom('sessions').select(['revoked_at', 'reason']).where('user_id', '=', world.users.officer).execute();
      expect(sessions).toEqual([{ revoked_at: MINIMAL_NOW.toISOString(), reason: 'status' }]);
      const [row] = await auditRows(app, 'session.revoke');
      expect(row).toMatchObject({ actor_user_id: world.users.super, tenant_id: 'naccug', entity_id: String(world.users.officer), reason: 'status' });
    });
  }

  it('refuses the token of an account whose status bars sign-in, even with its session not revoked', async () => {
    const { app, world } = await start();
    const token = await signIn(app, 'partner@demo.test');
    expect(await readWith(app, token)).toBe(200);
    for (const status of [STATUS.Active | STATUS.OnHold, STATUS.Active | STATUS.Sanctioned, STATUS.Active | STATUS.LockOut]) {
      await app.db.updateTable('accounts').set({ status }).where('user_id', '=', world.users.partner).execute();
      expect(await readWith(app, token), String(status)).toBe(401);
    }
    await app.db.updateTable('accounts').set({ status: STATUS.Active | STATUS.Verified }).where('user_id', '=', world.users.partner).execute();
    expect(await readWith(app, token)).toBe(200);
  });
});

describe('revocation by password (regression: the old token still answered 200 after a password change)', () => {
  it('a password change ends the user’s other sessions and keeps the one that changed it', async () => {
    const { app, world } = await start();
    const changing = await signIn(app, 'partner@demo.test');
    const elsewhere = await signIn(app, 'partner@demo.test');
    expect(await readWith(app, elsewhere)).toBe(200);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/um/account',
      headers: bearer(changing),
      payload: { data: { type: 'Account', attributes: { oldpassword: 'Demo@12345', newpassword: 'Fresh@2026' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(await readWith(app, elsewhere)).toBe(401);
    expect(await readWith(app, changing)).toBe(200);
    const [row] = await auditRows(app, 'session.revoke');
    expect(row).toMatchObject({ actor_user_id: world.users.partner, reason: 'password.change' });
  });

  it('a password reset ends every session of the user', async () => {
    const { app } = await start();
    const token = await signIn(app, 'partner@demo.test');
    expect(await readWith(app, token)).toBe(200);
    await app.inject({ method: 'POST', url: '/api/v1/um/account', payload: { data: { type: 'Account', attributes: { email: 'partner@demo.test' } } } });
    const mail = await app.db.selectFrom('outbox').select('link').where('recipient', '=', 'partner@demo.test').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const resetPasswordToken = mail.link?.split('/').pop() ?? '';
    const reset = await app.inject({
      method: 'PATCH',
      url: '/api/v1/um/account',
      payload: { data: { type: 'Account', attributes: { password: 'Fresh@2026', resetPasswordToken } } },
    });
    expect(reset.statusCode).toBe(200);
    expect(await readWith(app, token)).toBe(401);
    const [row] = await auditRows(app, 'session.revoke');
    expect(row).toMatchObject({ reason: 'password.reset' });
  });
});

describe('bearer tokens and their session', () => {
  it('accepts the scheme in any case (regression: `bearer` in lower case was refused)', async () => {
    const { app } = await start();
    const token = await signIn(app, 'partner@demo.test');
    for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: { authorization: `${scheme} ${token}` } });
      expect(res.statusCode, scheme).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: { authorization: `Basic ${token}` } })).statusCode).toBe(401);
  });

  it('refuses a well-signed token whose session the gateway does not know, or whose session is over', async () => {
    let now = MINIMAL_NOW;
    const { app, world } = await start({ now: () => now });
    const tenant = { id: 'teller', claim: 'teller', type: 'wallet' } as const;
    const unknown = await signToken(sessionFor(world.users.partner, 4, tenant, 'no-such-session'), app.teller.jwtSecret, { now });
    expect(await readWith(app, unknown.token)).toBe(401);
    // Another user's session does not make a token good either.
    const theirs = await openSession(app.db, { userId: world.users.super, client: 'teller-web', now });
    const borrowed = await signToken(sessionFor(world.users.partner, 4, tenant, theirs.id), app.teller.jwtSecret, { now });
    expect(await readWith(app, borrowed.token)).toBe(401);
    // A token that outlives its session ends with the session.
    const short = await openSession(app.db, { userId: world.users.partner, client: 'teller-web', now, ttlSeconds: 60 });
    const long = await signToken(sessionFor(world.users.partner, 4, tenant, short.id), app.teller.jwtSecret, { now, ttlSeconds: 3600 });
    expect(await readWith(app, long.token)).toBe(200);
    now = new Date(MINIMAL_NOW.getTime() + 61_000);
    expect(await readWith(app, long.token)).toBe(401);
  });

  it('gives connect/token a token that does not outlive its session', async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ now: () => now });
    const own = await signIn(app, 'super@demo.test');
    now = new Date(MINIMAL_NOW.getTime() + 60 * 60 * 1000);
    const res = await app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { ...bearer(own), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid um' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().expires_in).toBe(60 * 60);
  });
});
