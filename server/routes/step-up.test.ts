// Issue 28 item 2: step-up before the actions that move money or decide for others. Codes are computed here from the
// secret the gateway showed (server/testing/passkey.ts totpCode), never by the product's code. The tenant naccug is
// given `stepUp: { windowMinutes: 5, moneyThreshold: "1000.00" }` as tenants/<id>.json would.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { loadContract } from '../http/contract.ts';
import { guardStepUp, stepUpModes } from '../http/step-up-guard.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { SIGN_IN } from '../testing/documented.ts';
import { totpCode } from '../testing/passkey.ts';
import { codeFor, walletClient } from '../testing/wallet.ts';
import { auditOf, bulkKey, payoutClient, remittanceGateway } from '../testing/remittances.ts';
import { DEFAULT_CONTRACT } from '../app.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';
import type { RouteHandler } from './types.ts';

const gateway = gatewayPerTest();
const MINUTE = 60_000;
const STEP_UP_REQUIRED_DETAIL = 'This action needs a second-factor check within the last 5 minutes. Prove your factor (POST /api/v1/id/second-factors/step-up), then send the same request again.';

/**
 * The operations issue 28 names: confirming a top-up, cash-out or loan above the threshold, deciding a four-eyes
 * request, bulk edit and bulk reprocess, changing a tenant; and changing one's own factors (ASVS 5.0 §6.4:
 * re-authenticate before changing an authentication factor), adding one only once the account has one.
 */
const ISSUE_GUARDED = {
  beginTotpEnrolment: 'whenEnrolled',
  confirmTotpEnrolment: 'whenEnrolled',
  passkeyCreationOptions: 'whenEnrolled',
  registerPasskey: 'whenEnrolled',
  removeTotp: 'always',
  removePasskey: 'always',
  regenerateRecoveryCodes: 'always',
  confirmWalletTransaction: 'aboveMoneyThreshold',
  approveApproval: 'always',
  rejectApproval: 'always',
  updatePayoutStatuses: 'always',
  republishPayouts: 'always',
  createTenant: 'always',
  updateTenant: 'always',
} as const;

/** Enrols an authenticator app from the profile of the session `token`, as the web app does; answers its secret and recovery codes. */
async function enrolApp(app: FastifyInstance, token: string, now: Date): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/totp', headers: bearer(token) });
  const { secret } = (begun.json() as { data: { attributes: { secret: string } } }).data.attributes;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/id/second-factors/totp/confirmation',
    headers: bearer(token),
    payload: { data: { type: 'totpconfirmation', attributes: { code: totpCode(secret, now) } } },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = (confirmed.json() as { data: { attributes: { recoveryCodes: string[] } } }).data.attributes;
  return { secret, recoveryCodes };
}

async function start() {
  const clock = { now: new Date(MINIMAL_NOW) };
  const { app, world } = await gateway({ now: () => clock.now });
  const naccug = await app.db.selectFrom('tenants').select('config_json').where('id', '=', 'naccug').executeTakeFirstOrThrow();
  const config = { ...(JSON.parse(naccug.config_json) as Record<string, unknown>), stepUp: { windowMinutes: 5, moneyThreshold: '1000.00' } };
  await app.db.updateTable('tenants').set({ config_json: JSON.stringify(config) }).where('id', '=', 'naccug').execute();
  // super@demo.test enrols an authenticator app from the profile: from now on its guarded actions need a check.
  const session = await signIn(app, 'super@demo.test');
  const { secret, recoveryCodes } = await enrolApp(app, session, clock.now);
  const token = await tenantToken(app, session, 'naccug');
  return { app, world, clock, secret, recoveryCodes, token, wallet: walletClient(app, token) };
}

function prove(app: FastifyInstance, token: string, proof: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/id/second-factors/step-up', headers: bearer(token), payload: { data: { type: 'stepup', attributes: proof } } });
}

const later = (clock: { now: Date }, ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

const errorOf = (res: { json: () => unknown }) => (res.json() as { errors: Array<{ code?: string; title: string; detail?: string; source?: { pointer?: string } }> }).errors[0];
const audit = (app: FastifyInstance, action: string) => app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

async function pendingTopUp(app: FastifyInstance, wallet: ReturnType<typeof walletClient>, receiver: number, amount: string) {
  const res = await wallet.create({ Amount: amount, Currency: 'GMD', ReceiverUserId: String(receiver), template: 'topup' });
  expect(res.statusCode).toBe(201);
  const { id, attributes } = (res.json() as { data: { id: string; attributes: { referenceNumber: string } } }).data;
  return { id, otp: await codeFor(app, attributes.referenceNumber) };
}

describe('step-up before money moves (issue 28 item 2)', () => {
  it('refuses to confirm a top-up above the threshold without a check in the window, changing nothing; after the code, the same confirmation passes', async () => {
    const { app, world, clock, secret, token, wallet } = await start();
    const topUp = await pendingTopUp(app, wallet, world.users.kanifingMember, '1001');

    const refused = await wallet.confirm(topUp.id, topUp.otp);
    expectMatchesContract(refused, 'confirmWalletTransaction');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'step_up_required', title: 'Confirm it is you', detail: STEP_UP_REQUIRED_DETAIL });
    // Nothing moved, and the customer's code was not even compared: no try counted on it.
    const tx = await app.db.selectFrom('wallet_transactions').select('status').where('id', '=', Number(topUp.id)).executeTakeFirstOrThrow();
    expect(tx.status).toBe('PENDING');
    expect(await app.db.selectFrom('otp_codes').select('attempts').where('transaction_id', '=', Number(topUp.id)).execute()).toEqual([{ attempts: 0 }]);

    const proved = await prove(app, token, { code: totpCode(secret, clock.now, 1) });
    expectMatchesContract(proved, 'proveStepUp');
    expect(proved.statusCode).toBe(200);
    expect((proved.json() as { data: { attributes: unknown } }).data.attributes).toEqual({
      method: 'totp',
      verifiedAt: clock.now.toISOString(),
      freshUntil: new Date(clock.now.getTime() + 5 * MINUTE).toISOString(),
      windowMinutes: 5,
    });
    const verified = await audit(app, 'second-factor.verify');
    expect(verified.at(-1)).toMatchObject({ entity: 'session', reason: null });

    const done = await wallet.confirm(topUp.id, topUp.otp);
    expect(done.statusCode).toBe(200);
  });

  it('a refused bulk edit claims no Idempotency-Key: after the check the same key runs it once, and a retry replays it', async () => {
    const clock = { now: new Date(MINIMAL_NOW) };
    const { app, remittances } = await remittanceGateway(gateway, { now: () => clock.now });
    const session = await signIn(app, 'payout@demo.test');
    const { secret: payoutSecret } = await enrolApp(app, session, clock.now);
    later(clock, 6 * MINUTE);
    const payout = payoutClient(app, session);
    const key = bulkKey();
    const body = { transactionIds: [remittances.rows.missing], statusCode: 128, statusDescription: 'Returned' };

    const refused = await payout.editBulk(body, key);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.code).toBe('step_up_required');
    expect(await auditOf(app.db, remittances.rows.missing)).toEqual([]);
    expect(await app.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).toEqual([]);

    expect((await prove(app, session, { code: totpCode(payoutSecret, clock.now) })).statusCode).toBe(200);
    const done = await payout.editBulk(body, key);
    expect(done.statusCode).toBe(200);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    const again = await payout.editBulk(body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(done.json());
    expect((await auditOf(app.db, remittances.rows.missing)).map((row) => row.action)).toEqual(['remittance.status']);
  });

  it('adding a factor to an account that has one asks for a check first; a first factor needs none', async () => {
    const clock = { now: new Date(MINIMAL_NOW) };
    const { app } = await gateway({ now: () => clock.now });
    // A first factor: no check to give, none asked.
    const fresh = await signIn(app, 'payin@demo.test');
    const { secret } = await enrolApp(app, fresh, clock.now);
    // Later, on a session that signed in without the factor's check (a token of before, or one left open): adding a
    // passkey, or another app, asks first, and nothing is started.
    later(clock, 6 * MINUTE);
    const options = await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/passkeys/options', headers: bearer(fresh) });
    expectMatchesContract(options, 'passkeyCreationOptions');
    expect(options.statusCode).toBe(403);
    expect(errorOf(options)?.code).toBe('step_up_required');
    const again = await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/totp', headers: bearer(fresh) });
    expect(again.statusCode).toBe(403);
    expect(errorOf(again)?.code).toBe('step_up_required');
    const session = await app.db.selectFrom('sessions').select('factor_challenge').orderBy('created', 'desc').executeTakeFirstOrThrow();
    expect(session.factor_challenge).toBeNull();
    // Once proved, the same call is answered.
    expect((await prove(app, fresh, { code: totpCode(secret, clock.now) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/passkeys/options', headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('asks no check for a transaction the session may not see: its answer is the 404 of any unknown one, telling nothing of it', async () => {
    const { app, world, clock, wallet } = await start();
    // group@demo.test (role 16, Kanifing CU) has an authenticator app, so its guarded actions need a check.
    const groupSession = await signIn(app, 'group@demo.test');
    await enrolApp(app, groupSession, clock.now);
    const groupWallet = walletClient(app, await tenantToken(app, groupSession, 'naccug'));

    const outOfScope = await pendingTopUp(app, wallet, world.users.serrekundaMemberByOfficer, '1001');
    const hidden = await groupWallet.confirm(outOfScope.id, outOfScope.otp);
    const unknown = await groupWallet.confirm('999999', '123456');
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toEqual(errorOf(unknown));
    // A member of its own group is visible: that confirmation asks for the check.
    const inScope = await pendingTopUp(app, wallet, world.users.kanifingMember, '1001');
    const asked = await groupWallet.confirm(inScope.id, inScope.otp);
    expect(asked.statusCode).toBe(403);
    expect(errorOf(asked)?.code).toBe('step_up_required');
  });

  it('asks for no check at an amount equal to the threshold (1000.00), and for one a unit above it', async () => {
    const { app, world, wallet } = await start();
    const equal = await pendingTopUp(app, wallet, world.users.kanifingMember, '1000');
    expect((await wallet.confirm(equal.id, equal.otp)).statusCode).toBe(200);
    const above = await pendingTopUp(app, wallet, world.users.kanifingMember, '1001');
    expect(errorOf(await wallet.confirm(above.id, above.otp))?.code).toBe('step_up_required');
  });

  it('keeps a check fresh for the 5 minutes of the window and refuses it once it is older', async () => {
    const { app, clock, secret, token } = await start();
    const approve = () => app.inject({ method: 'POST', url: '/api/v1/approvals/999999/approve', headers: bearer(token) });
    expect(errorOf(await approve())?.code).toBe('step_up_required');
    expect((await prove(app, token, { code: totpCode(secret, clock.now, 1) })).statusCode).toBe(200);
    later(clock, 5 * MINUTE);
    // Past the guard: the approval does not exist.
    expect((await approve()).statusCode).toBe(404);
    later(clock, 1000);
    const stale = await approve();
    expectMatchesContract(stale, 'approveApproval');
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale)?.code).toBe('step_up_required');
  });

  it('refuses a wrong and a replayed code with the reason, audits each, changes nothing and counts them with the sign-in limits', async () => {
    const { app, clock, secret, token } = await start();
    // The enrolment used this step's code: it is a replay.
    for (const code of [totpCode(secret, clock.now), '000000']) {
      const res = await prove(app, token, { code });
      expectMatchesContract(res, 'proveStepUp');
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'factor_refused', source: { pointer: '/data/attributes/code' }, title: 'The code is wrong, expired or already used. Enter the current code from your authenticator app.' });
    }
    expect(await audit(app, 'second-factor.fail')).toHaveLength(2);
    const session = await app.db.selectFrom('sessions').select('factor_verified_at').where('factor_verified_at', 'is not', null).execute();
    expect(session).toEqual([]);
    for (let i = 0; i < SIGN_IN.perAccountAndAddress - 2; i += 1) expect((await prove(app, token, { code: '111111' })).statusCode).toBe(422);
    const limited = await prove(app, token, { code: totpCode(secret, clock.now, 1) });
    expectMatchesContract(limited, 'proveStepUp');
    expect(limited.statusCode).toBe(429);
    expect((await audit(app, 'signin.limit')).length).toBeGreaterThan(0);
  });

  it('takes a recovery code once; the same code again is refused', async () => {
    const { app, recoveryCodes, token } = await start();
    const code = recoveryCodes[0] ?? '';
    expect((await prove(app, token, { recoveryCode: code })).statusCode).toBe(200);
    const again = await prove(app, token, { recoveryCode: code });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)?.title).toBe('The recovery code is wrong or already used.');
  });

  it('refuses a proof with no or two proofs as invalid, changing nothing', async () => {
    const { app, clock, secret, token } = await start();
    for (const attributes of [{}, { code: totpCode(secret, clock.now, 1), recoveryCode: 'AAAAA-BBBBB' }, { code: 123456 }]) {
      const res = await prove(app, token, attributes);
      expect(res.statusCode).toBe(422);
    }
    expect(await audit(app, 'second-factor.verify')).toHaveLength(0);
  });

  it('lets a user with no factor, whose role the tenant does not require one of, act without a check (docs/decisions.md "Step-up")', async () => {
    const { app } = await start();
    const token = await signIn(app, 'partner@demo.test');
    const res = await app.inject({ method: 'POST', url: '/api/v1/approvals/999999/approve', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });

  it('declares x-step-up on every state-changing operation of wallets, payouts and approvals, and guards exactly what the issue names', () => {
    const spec = loadContract(DEFAULT_CONTRACT);
    const modes = stepUpModes(spec);
    const undeclared: string[] = [];
    for (const item of Object.values(spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const op = operation as { operationId?: string; tags?: string[] };
        if (method === 'get' || typeof op.operationId !== 'string') continue;
        const moneyOrDecision = (op.tags ?? []).some((tag) => ['wallet', 'payouts', 'approvals'].includes(tag)) || /Tenant$/.test(op.operationId);
        if (moneyOrDecision && !modes.has(op.operationId)) undeclared.push(op.operationId);
      }
    }
    expect(undeclared).toEqual([]);
    const guarded = Object.fromEntries([...modes].filter(([, mode]) => mode !== 'never'));
    expect(guarded).toEqual(ISSUE_GUARDED);
  });

  it('walks every guarded operation: each refuses a session without a fresh check before its handler runs', async () => {
    const { app, world, wallet } = await start();
    const spec = loadContract(DEFAULT_CONTRACT);
    const reached: string[] = [];
    const sentinel = (operationId: string): RouteHandler => async () => {
      reached.push(operationId);
      return {};
    };
    const operations = [...stepUpModes(spec)].filter(([, mode]) => mode !== 'never').map(([operationId]) => operationId);
    const guarded = guardStepUp(Object.fromEntries(operations.map((operationId) => [operationId, sentinel(operationId)])), spec);
    const session = await app.db.selectFrom('sessions').selectAll().where('user_id', '=', world.users.super).orderBy('created', 'desc').executeTakeFirstOrThrow();
    const topUp = await pendingTopUp(app, wallet, world.users.kanifingMember, '5000');
    for (const operationId of operations) {
      const request = {
        server: app,
        params: { id: topUp.id },
        body: {},
        headers: {},
        session: { userId: world.users.super, roles: [4], tenantId: 'naccug', claim: 'naccug', tenantType: 'wallet', sessionId: session.id },
      } as unknown as FastifyRequest;
      const handler = guarded[operationId];
      await expect(handler?.(request, {} as FastifyReply), operationId).rejects.toMatchObject({ status: 403, errors: [{ code: 'step_up_required' }] });
    }
    expect(reached).toEqual([]);
  });
});
