// Attempt limits under bursts: counted in the database before anything is checked, so concurrent attempts cannot
// pass more checks than the limit (regression: 100 concurrent wrong passwords were checked 47 times), locked per
// account and address pair, and every refusal and failure leaves an audit row.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { codeFor, walletClient, wrongCode, type WalletClient } from '../testing/wallet.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';
import { OTP, RESENDS_PER_TRANSACTION, SIGN_IN } from '../testing/documented.ts';

const start = gatewayPerTest();

function signInRequest(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    remoteAddress,
    payload: { data: { type: 'token', attributes: { username, password, clientid: 'teller-web' } } },
  });
}

function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

async function auditRows(app: FastifyInstance, action: string) {
  return app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

const PAIR_LIMIT = SIGN_IN.perAccountAndAddress;

describe('sign-in limits', () => {
  it('checks at most 5 of 100 concurrent wrong passwords and refuses the right one after them (regression: 47 were checked)', async () => {
    const { app, world } = await start();
    const burst = await Promise.all(Array.from({ length: 100 }, () => signInRequest(app, 'group@demo.test', 'wrong-password', '10.1.1.1')));
    // A 401 is a checked password; a 429 was refused before the password was hashed.
    expect(statuses(burst)).toEqual({ 401: PAIR_LIMIT, 429: 100 - PAIR_LIMIT });
    const right = await signInRequest(app, 'group@demo.test', 'Demo@12345', '10.1.1.1');
    expectMatchesContract(right, 'createToken');
    expect(right.statusCode).toBe(429);

    const failed = await auditRows(app, 'signin.fail');
    expect(failed).toHaveLength(PAIR_LIMIT);
    expect(failed[0]).toMatchObject({ tenant_id: 'naccug', entity: 'session', entity_id: String(world.users.group), actor_user_id: null, reason: 'Invalid email or password' });
    expect(JSON.parse(failed[0]?.after_json ?? '{}')).toEqual({ username: 'group@demo.test', address: '10.1.1.1', client: 'teller-web' });
    const limited = await auditRows(app, 'signin.limit');
    expect(limited).toHaveLength(100 - PAIR_LIMIT + 1);
    expect(JSON.parse(limited[0]?.after_json ?? '{}')).toEqual({ limit: 'pair', address: '10.1.1.1' });
  });

  it('locks the account for one address only: the right password from another address signs in (regression: 5 wrong passwords locked it from everywhere)', async () => {
    const { app } = await start();
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt += 1) expect((await signInRequest(app, 'partner@demo.test', 'nope', '10.2.2.2')).statusCode).toBe(401);
    expect((await signInRequest(app, 'partner@demo.test', 'Demo@12345', '10.2.2.2')).statusCode).toBe(429);
    expect((await signInRequest(app, 'partner@demo.test', 'Demo@12345', '10.3.3.3')).statusCode).toBe(200);
    // The success from the other address does not unlock the first one.
    expect((await signInRequest(app, 'partner@demo.test', 'Demo@12345', '10.2.2.2')).statusCode).toBe(429);
  });

  it(`backs off per account across addresses after ${SIGN_IN.perAccount} failures in an hour`, async () => {
    let now = MINIMAL_NOW;
    const { app } = await start({ now: () => now });
    const addresses = SIGN_IN.perAccount / PAIR_LIMIT;
    for (let address = 0; address < addresses; address += 1) {
      const round = await Promise.all(Array.from({ length: PAIR_LIMIT }, () => signInRequest(app, 'officer@demo.test', 'nope', `10.4.0.${address}`)));
      expect(statuses(round)).toEqual({ 401: PAIR_LIMIT });
    }
    const refused = await signInRequest(app, 'officer@demo.test', 'Demo@12345', '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60);
    const [row] = (await auditRows(app, 'signin.limit')).slice(-1);
    expect(JSON.parse(row?.after_json ?? '{}')).toMatchObject({ limit: 'account' });
    now = new Date(MINIMAL_NOW.getTime() + 60 * 60 * 1000);
    expect((await signInRequest(app, 'officer@demo.test', 'Demo@12345', '10.5.0.1')).statusCode).toBe(200);
  });

  it('writes an audit row for a failed sign-in of an unknown account and for a refused one', async () => {
    const { app, world } = await start();
    expect((await signInRequest(app, 'nobody@demo.test', 'nope')).statusCode).toBe(401);
    const [unknown] = await auditRows(app, 'signin.fail');
    expect(unknown).toMatchObject({ tenant_id: null, entity_id: 'nobody@demo.test' });

    await app.db.updateTable('accounts').set({ status: 64 }).where('user_id', '=', world.users.payin).execute();
    expect((await signInRequest(app, 'payin@demo.test', 'Demo@12345')).statusCode).toBe(403);
    const [refused] = await auditRows(app, 'signin.refuse');
    expect(refused).toMatchObject({ tenant_id: 'amal', entity_id: String(world.users.payin), reason: 'This account is on hold and may not sign in.' });
  });
});

describe('one-time code limits', () => {
  async function adminOf(app: FastifyInstance): Promise<WalletClient> {
    return walletClient(app, await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug'));
  }

  async function pending(app: FastifyInstance, admin: WalletClient, receiver: number) {
    const res = await admin.create({ Amount: '10', Currency: 'GMD', ReceiverUserId: String(receiver), Remarks: 'Branch deposit' });
    if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    const { id, attributes } = res.json().data as { id: string; attributes: { referenceNumber: string } };
    return { id, code: await codeFor(app, attributes.referenceNumber) };
  }

  /** Answers that compared a code: a wrong code, or the one that used up the tries. */
  const compared = (responses: LightMyRequestResponse[]) =>
    responses.filter((res) => res.statusCode === 422 && ['invalid_otp', 'otp_attempts_exhausted'].includes(res.json().errors[0].code)).length;

  it('compares at most 5 of 30 concurrent wrong codes for one transaction', async () => {
    const { app, world } = await start();
    const admin = await adminOf(app);
    const { id, code } = await pending(app, admin, world.users.kanifingMember);
    const burst = await Promise.all(Array.from({ length: 30 }, () => admin.confirm(id, wrongCode(code))));
    // Every compared code writes its audit row (on PostgreSQL the tries past the 5th answer otp_attempts_exhausted unchecked).
    const wrong = await auditRows(app, 'wallettransaction.otp.wrong');
    expect(wrong).toHaveLength(5);
    expect(wrong[0]).toMatchObject({ actor_user_id: world.users.super, tenant_id: 'naccug', entity: 'wallettransaction', entity_id: id });
    expect(compared(burst)).toBeGreaterThanOrEqual(5);
    expect(burst.every((res) => [409, 422, 429].includes(res.statusCode))).toBe(true);
    const row = await app.db.selectFrom('wallet_transactions').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(row.status).toBe('FAILED');
  });

  it(`compares at most ${OTP.wrongPerAccount} of 30 concurrent wrong codes across transactions (regression: all 30 were compared)`, async () => {
    const { app, world } = await start();
    const admin = await adminOf(app);
    const transactions = [];
    for (let index = 0; index < 10; index += 1) transactions.push(await pending(app, admin, world.users.kanifingMember));
    const burst = await Promise.all(transactions.flatMap(({ id, code }) => [1, 2, 3].map(() => admin.confirm(id, wrongCode(code)))));
    expect(await auditRows(app, 'wallettransaction.otp.wrong')).toHaveLength(OTP.wrongPerAccount);
    expect(compared(burst)).toBe(OTP.wrongPerAccount);
    expect(statuses(burst)).toEqual({ 422: OTP.wrongPerAccount, 429: 30 - OTP.wrongPerAccount });
    const limited = await auditRows(app, 'attempt.limit');
    expect(limited).toHaveLength(30 - OTP.wrongPerAccount);
    expect(limited[0]).toMatchObject({ actor_user_id: world.users.super, tenant_id: 'naccug', entity: 'wallettransaction' });
  });

  it('writes an audit row for every code re-sent, and counts only codes sent', async () => {
    const { app, world } = await start();
    const admin = await adminOf(app);
    const { id } = await pending(app, admin, world.users.kanifingMember);
    const burst = await Promise.all(Array.from({ length: RESENDS_PER_TRANSACTION + 3 }, () => admin.resend(id)));
    expect(statuses(burst)).toEqual({ 200: RESENDS_PER_TRANSACTION, 429: 3 });
    const sent = await auditRows(app, 'wallettransaction.otp.resend');
    expect(sent).toHaveLength(RESENDS_PER_TRANSACTION);
    expect(sent[0]).toMatchObject({ actor_user_id: world.users.super, tenant_id: 'naccug', entity_id: id });
  });
});

describe('recovery and password change limits', () => {
  it('compares at most 5 of 30 concurrent wrong recovery codes', async () => {
    const { app } = await start();
    const email = 'officer@demo.test';
    const asked = await app.inject({ method: 'POST', url: '/api/v1/um/account', payload: { data: { type: 'Account', attributes: { email } } } });
    expect(asked.statusCode).toBe(300);
    const mail = await app.db.selectFrom('outbox').select('code').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const wrong = mail.code === '000000' ? '111111' : '000000';
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({ method: 'POST', url: '/api/v1/um/account/recovery', payload: { data: { type: 'Account', attributes: { email, recoverycode: wrong } } } }),
      ),
    );
    expect(statuses(burst)).toEqual({ 422: 5, 429: 25 });
  });

  it('checks at most 5 of 30 concurrent wrong old passwords', async () => {
    const { app } = await start();
    const token = await signIn(app, 'partner@demo.test');
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({
          method: 'PUT',
          url: '/api/v1/um/account',
          headers: bearer(token),
          payload: { data: { type: 'Account', attributes: { oldpassword: 'not-it', newpassword: 'Fresh@2026' } } },
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 422: 5, 429: 25 });
  });
});
