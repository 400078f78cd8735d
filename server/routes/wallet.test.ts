// The top-up flow on the gateway (users-and-wallets §4, §7): create, confirm with
// the one-time code, re-send, Idempotency-Key, concurrency, tenant isolation and role scope.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { STATUS, TRANSACTION_TYPE } from '../domain/reference.ts';
import {
  balanceOf,
  codeFor,
  completedSum,
  longLivedToken,
  newKey,
  statusOf,
  walletClient,
  wrongCode,
  type WalletClient,
} from '../testing/wallet.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';
import { INVALID_OTP_TEXT, OTP, OTP_RESENT_TEXT, RESENDS_PER_TRANSACTION } from '../testing/documented.ts';

interface Gateway {
  app: FastifyInstance;
  world: MinimalWorld;
  clock: { now: Date };
  /** Role 4 acting in naccug (super@demo.test after connect/token). */
  admin: WalletClient;
}

const startGateway = gatewayPerTest();

async function start(): Promise<Gateway> {
  const clock = { now: new Date(MINIMAL_NOW) };
  const { app, world } = await startGateway({ now: () => clock.now });
  const admin = walletClient(app, await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug'));
  return { app, world, clock, admin };
}

async function clientFor(app: FastifyInstance, email: string): Promise<WalletClient> {
  return walletClient(app, await signIn(app, email));
}

const later = (clock: { now: Date }, ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

async function transactionCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('wallet_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function topUp(world: MinimalWorld, amount: number | string, extra: Record<string, unknown> = {}) {
  return { Amount: amount, Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember), Remarks: 'Branch deposit', ...extra };
}

/** Creates a transaction and returns its id, reference and code. */
async function started(client: WalletClient, app: FastifyInstance, attributes: Record<string, unknown>) {
  const res = await client.create(attributes);
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  const { id, attributes: answer } = res.json().data as { id: string; attributes: { referenceNumber: string } };
  return { id, reference: answer.referenceNumber, code: await codeFor(app, answer.referenceNumber) };
}

describe('POST api/v1/wallet-transactions (createWalletTransaction)', () => {
  it('[UW-4.30] [UW-3.10] [UW-3.11] creates a PENDING top-up with fee, reference number and date, sends a 6-digit code, and moves no money', async () => {
    const { app, world, admin } = await start();
    const res = await admin.create(topUp(world, '500', { template: 'topup' }));
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const { id, attributes } = res.json().data;
    expect(attributes).toEqual({
      fee: '5.00',
      referenceNumber: expect.stringMatching(/^WT20250115\d{8}$/),
      transactionDate: MINIMAL_NOW.toISOString(),
      amount: '500.00',
      currency: 'GMD',
      status: 'PENDING',
      type: TRANSACTION_TYPE.TopUp,
    });
    expect(await statusOf(app, id)).toBe('PENDING');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(100_000);

    // §4 step 3: the code goes to the user's registered mobile and e-mail, the same code on both.
    const sent = await app.db.selectFrom('outbox').select(['channel', 'recipient', 'code', 'body']).orderBy('id').execute();
    const user = await app.db.selectFrom('users').select(['email', 'phonenumber']).where('id', '=', world.users.kanifingMember).executeTakeFirstOrThrow();
    expect(sent.map((message) => [message.channel, message.recipient])).toEqual([
      ['sms', user.phonenumber],
      ['email', user.email],
    ]);
    const code = sent[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[1]?.code).toBe(code);
    expect(sent[0]?.body).toContain(attributes.referenceNumber);
    // Stored hashed, never in clear.
    const stored = await app.db.selectFrom('otp_codes').select(['code_hash', 'expires']).where('transaction_id', '=', Number(id)).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);
    expect(stored[0]?.expires).toBe(new Date(MINIMAL_NOW.getTime() + 5 * 60_000).toISOString());

    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'wallettransaction.create').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'wallettransaction', entity_id: id, tenant_id: 'naccug', actor_user_id: world.users.super });
  });

  it('[UW-4.40] takes a cash-out as a negative Amount and answers it as type 256 with the amount unsigned', async () => {
    const { world, admin } = await start();
    const res = await admin.create({ Amount: -200, ReceiverUserId: String(world.users.kanifingMember) });
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ type: TRANSACTION_TYPE.CashOut, amount: '200.00', fee: '2.00' });
  });

  it('[UW-4.40] refuses a positive cash-out and a negative top-up on the Amount field', async () => {
    const { app, world, admin } = await start();
    const positiveCashOut = await admin.create(topUp(world, '200', { template: 'cashout' }));
    const negativeTopUp = await admin.create(topUp(world, '-200', { template: 'topup' }));
    for (const res of [positiveCashOut, negativeTopUp]) {
      expectMatchesContract(res, 'createWalletTransaction');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/Amount' });
    }
    expect(await transactionCount(app)).toBe(3);
  });

  it('[UW-5.51] [UW-5.52] needs the loan id for a loan cash-in: "Loan ID is required."', async () => {
    const { app, world, admin } = await start();
    const missing = await admin.create(topUp(world, '1000', { template: 'loan' }));
    expectMatchesContract(missing, 'createWalletTransaction');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ title: 'Loan ID is required.', source: { pointer: '/data/attributes/ExternalId' } }),
    ]);
    for (const loanId of ['AB', 'L'.repeat(21)]) {
      const res = await admin.create(topUp(world, '1000', { template: 'loan', ExternalId: loanId }));
      expectMatchesContract(res, 'createWalletTransaction');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/ExternalId' });
    }
    expect(await transactionCount(app)).toBe(3);

    // With the loan id and no template, the loan id alone makes it a loan cash-in (a credit).
    const res = await admin.create(topUp(world, '1000', { ExternalId: 'LN-2025-001' }));
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ type: TRANSACTION_TYPE.Loan, fee: '5.00', amount: '1000.00' });
    const row = await app.db.selectFrom('wallet_transactions').select('external_id').where('id', '=', Number(res.json().data.id)).executeTakeFirstOrThrow();
    expect(row.external_id).toBe('LN-2025-001');
  });

  it('[UW-5.48] [UW-5.49] [UW-5.50] refuses a missing, zero, decimal, non-numeric or 21-digit amount on the Amount field', async () => {
    const { app, world, admin } = await start();
    const receiver = { ReceiverUserId: String(world.users.kanifingMember) };
    const bad = [{}, { Amount: '0' }, { Amount: 0 }, { Amount: '12.5' }, { Amount: 12.5 }, { Amount: 'abc' }, { Amount: '1'.repeat(21) }, { Amount: '' }];
    for (const amount of bad) {
      const res = await admin.create({ ...receiver, ...amount });
      expectMatchesContract(res, 'createWalletTransaction');
      expect(res.statusCode, JSON.stringify(amount)).toBe(422);
      expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/Amount' });
    }
    expect(await transactionCount(app)).toBe(3);
  });

  it("refuses a cash-out larger than the balance with 'Insufficient wallet balance' and creates nothing", async () => {
    const { app, world, admin } = await start();
    const res = await admin.create(topUp(world, '-1001'));
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ title: 'Insufficient wallet balance', source: { pointer: '/data/attributes/Amount' } });
    expect(await transactionCount(app)).toBe(3);
    expect(await app.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it("takes the kind from the service named by ServiceId and refuses an unknown service", async () => {
    const { app, world, admin } = await start();
    const cashOutService = await app.db
      .selectFrom('services')
      .select('id')
      .where('transaction_type', '=', TRANSACTION_TYPE.CashOut)
      .executeTakeFirstOrThrow();
    const res = await admin.create(topUp(world, '-100', { ServiceId: String(cashOutService.id) }));
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.type).toBe(TRANSACTION_TYPE.CashOut);

    const unknown = await admin.create(topUp(world, '100', { ServiceId: '999999' }));
    expectMatchesContract(unknown, 'createWalletTransaction');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ title: 'Unknown service', source: { pointer: '/data/attributes/ServiceId' } });
  });

  it('[UW-3.12] takes the top-up variant ReceiverUserId, Amount, ServiceId, Remarks, ExternalId, without Currency or template', async () => {
    const { app, world, admin } = await start();
    const loanService = await app.db
      .selectFrom('services')
      .select('id')
      .where('transaction_type', '=', TRANSACTION_TYPE.Loan)
      .executeTakeFirstOrThrow();
    const res = await admin.create({
      ReceiverUserId: String(world.users.kanifingMember),
      Amount: '300',
      ServiceId: String(loanService.id),
      Remarks: 'Loan disbursed at branch',
      ExternalId: 'LN-42',
    });
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ type: TRANSACTION_TYPE.Loan, amount: '300.00', currency: 'GMD', status: 'PENDING' });
    const stored = await app.db
      .selectFrom('wallet_transactions')
      .select(['remarks', 'external_id'])
      .where('id', '=', Number(res.json().data.id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ remarks: 'Loan disbursed at branch', external_id: 'LN-42' });
  });

  it('refuses a staff member as receiver, a user without a wallet, a currency the user has no wallet in, and a frozen account', async () => {
    const { app, world, admin } = await start();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [topUp(world, '100', { ReceiverUserId: String(world.users.officer) }), 'Wallet transactions are only for end users', '/data/attributes/ReceiverUserId'],
      [topUp(world, '100', { ReceiverUserId: String(world.users.serrekundaMember), Currency: undefined }), 'This user has no wallet', '/data/attributes/ReceiverUserId'],
      [topUp(world, '100', { Currency: 'USD' }), 'This user has no USD wallet', '/data/attributes/Currency'],
    ];
    for (const [attributes, title, pointer] of cases) {
      const res = await admin.create(attributes);
      expectMatchesContract(res, 'createWalletTransaction');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ title, source: { pointer } });
    }
    await app.db.updateTable('accounts').set({ status: STATUS.Active | STATUS.OnHold }).where('user_id', '=', world.users.kanifingMember).execute();
    const frozen = await admin.create(topUp(world, '100'));
    expectMatchesContract(frozen, 'createWalletTransaction');
    expect(frozen.statusCode).toBe(422);
    expect(await transactionCount(app)).toBe(3);
  });

  it('books on the wallet of the requested currency', async () => {
    const { app, world } = await start();
    const partner = await clientFor(app, 'partner@demo.test');
    const res = await partner.create({ Amount: '-4', Currency: 'USD', ReceiverUserId: String(world.users.tellerMember) });
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ currency: 'USD', amount: '4.00' });
    const row = await app.db.selectFrom('wallet_transactions').select('wallet_id').where('id', '=', Number(res.json().data.id)).executeTakeFirstOrThrow();
    expect(row.wallet_id).toBe(world.wallets.tellerMemberUsd);
  });

  it("answers 404 for another tenant's user and creates nothing", async () => {
    const { app, world } = await start();
    const partner = await clientFor(app, 'partner@demo.test');
    const res = await partner.create(topUp(world, '100'));
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Fatou');
    expect(await transactionCount(app)).toBe(3);
  });

  it('[UW-6.13] lets roles 64 and 16 move money only for users in their scope', async () => {
    const { app, world } = await start();
    const officer = await clientFor(app, 'officer@demo.test');
    const group = await clientFor(app, 'group@demo.test');
    const own = await officer.create(topUp(world, '100'));
    expect(own.statusCode).toBe(201);
    const createdByOfficer = await officer.create(topUp(world, '100', { ReceiverUserId: String(world.users.serrekundaMemberByOfficer) }));
    expect(createdByOfficer.statusCode).toBe(201);
    // Serrekunda CU, created by the group admin: outside the Kanifing officer's scope.
    const outside = await officer.create(topUp(world, '100', { ReceiverUserId: String(world.users.serrekundaMember) }));
    // Serrekunda CU: outside the Kanifing group admin's scope.
    const outsideGroup = await group.create(topUp(world, '100', { ReceiverUserId: String(world.users.serrekundaMemberByOfficer) }));
    for (const res of [outside, outsideGroup]) {
      expectMatchesContract(res, 'createWalletTransaction');
      expect(res.statusCode).toBe(404);
    }
  });

  it('requires an Idempotency-Key header (400 naming the header) and a bearer token (401)', async () => {
    const { app, world } = await start();
    const token = await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug');
    const payload = { data: { type: 'wallettransaction', attributes: topUp(world, '100') } };
    const withoutKey = await app.inject({ method: 'POST', url: '/api/v1/wallet-transactions', headers: bearer(token), payload });
    expectMatchesContract(withoutKey, 'createWalletTransaction');
    expect(withoutKey.statusCode).toBe(400);
    expect(String(withoutKey.json().errors[0].source.header).toLowerCase()).toBe('idempotency-key');
    const withoutToken = await app.inject({ method: 'POST', url: '/api/v1/wallet-transactions', headers: { 'idempotency-key': newKey() }, payload });
    expectMatchesContract(withoutToken, 'createWalletTransaction');
    expect(withoutToken.statusCode).toBe(401);
    expect(await transactionCount(app)).toBe(3);
  });
});

describe('Idempotency-Key on POST wallet-transactions', () => {
  it('[UW-7.25] replays the first answer for the same key and body, marked Idempotent-Replayed, with one transaction and one code', async () => {
    const { app, world, admin } = await start();
    const key = newKey();
    const first = await admin.create(topUp(world, '250'), key);
    const again = await admin.create(topUp(world, '250'), key);
    expectMatchesContract(again, 'createWalletTransaction');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await transactionCount(app)).toBe(4);
    expect(await app.db.selectFrom('outbox').selectAll().execute()).toHaveLength(2);
  });

  it('treats a reordered body as the same request', async () => {
    const { app, world, admin } = await start();
    const key = newKey();
    await admin.create({ Amount: '10', ReceiverUserId: String(world.users.kanifingMember) }, key);
    const again = await admin.create({ ReceiverUserId: String(world.users.kanifingMember), Amount: '10' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await transactionCount(app)).toBe(4);
  });

  it('refuses the same key with a different body (422, nothing created)', async () => {
    const { app, world, admin } = await start();
    const key = newKey();
    await admin.create(topUp(world, '250'), key);
    const other = await admin.create(topUp(world, '251'), key);
    expectMatchesContract(other, 'createWalletTransaction');
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ code: 'idempotency_key_reused', source: { header: 'Idempotency-Key' } });
    expect(await transactionCount(app)).toBe(4);
  });

  it("scopes keys to the signed-in user: another staff member's same key is a new request", async () => {
    const { app, world, admin } = await start();
    const officer = await clientFor(app, 'officer@demo.test');
    const key = newKey();
    const mine = await admin.create(topUp(world, '250'), key);
    const theirs = await officer.create(topUp(world, '250'), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });

  it('keeps a key 24 hours, then takes it as new', async () => {
    const { app, world, clock } = await start();
    const admin = walletClient(app, await longLivedToken(app, world.users.super, 4, { id: 'naccug', claim: 'naccug', type: 'wallet' }));
    const key = newKey();
    const first = await admin.create(topUp(world, '250'), key);
    later(clock, 24 * 3600_000 - 1_000);
    const withinDay = await admin.create(topUp(world, '250'), key);
    expect(withinDay.headers['idempotent-replayed']).toBe('true');
    later(clock, 1_000);
    const nextDay = await admin.create(topUp(world, '250'), key);
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
    expect(nextDay.json().data.id).not.toBe(first.json().data.id);
  });

  it('answers 409 while the first request with the key is still in flight', async () => {
    const { app, world, admin } = await start();
    const key = newKey();
    const body = { data: { type: 'wallettransaction', attributes: topUp(world, '250') } };
    const { requestHash } = await import('../domain/wallet/idempotency.ts');
    await app.db
      .insertInto('idempotency_keys')
      .values({ user_id: world.users.super, key, request_hash: requestHash('createWalletTransaction', body), state: 'in_flight', response_status: null, response_body: null, created: MINIMAL_NOW.toISOString() })
      .execute();
    const res = await admin.create(topUp(world, '250'), key);
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('idempotency_key_in_flight');
    expect(await transactionCount(app)).toBe(3);
  });

  it('remembers only successful answers: a refused request leaves its key free for the corrected retry', async () => {
    const { world, admin } = await start();
    const key = newKey();
    const refused = await admin.create(topUp(world, '-5000'), key);
    expect(refused.statusCode).toBe(422);
    const corrected = await admin.create(topUp(world, '-50'), key);
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('[UW-7.25] 50 concurrent POSTs with one key create exactly one transaction', async () => {
    const { app, world, admin } = await start();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => admin.create(topUp(world, '75'), key)));
    const ids = new Set(answers.map((res) => (res.statusCode === 201 ? res.json().data.id : `status ${res.statusCode}`)));
    expect([...ids]).toHaveLength(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    for (const res of answers) expectMatchesContract(res, 'createWalletTransaction');
    expect(await transactionCount(app)).toBe(4);
    expect(await app.db.selectFrom('otp_codes').selectAll().execute()).toHaveLength(1);
  });
});

describe('PATCH api/v1/wallet-transactions/{id} (confirmWalletTransaction)', () => {
  it('[UW-4.33] [UW-7.26] [UW-4.36] the right code completes a top-up, credits the wallet and audits the balance before and after', async () => {
    const { app, world, admin, clock } = await start();
    const { id, reference, code } = await started(admin, app, topUp(world, '500'));
    later(clock, 60_000);
    const res = await admin.confirm(id, code);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      type: 'wallettransaction',
      id,
      attributes: {
        fee: '5.00',
        referenceNumber: reference,
        transactionDate: clock.now.toISOString(),
        amount: '500.00',
        currency: 'GMD',
        status: 'COMPLETED',
        type: TRANSACTION_TYPE.TopUp,
      },
    });
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(150_000);
    expect(await completedSum(app, world.wallets.kanifingMemberGmd)).toBe(150_000);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'wallettransaction.confirm').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json ?? 'null')).toMatchObject({ status: 'PENDING', balance: '1000.00' });
    expect(JSON.parse(audit.after_json ?? 'null')).toMatchObject({ status: 'COMPLETED', balance: '1500.00', direction: 'credit' });
  });

  it('[UW-4.33] the right code completes a cash-out and debits the wallet', async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, topUp(world, '-300'));
    const res = await admin.confirm(id, code);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(70_000);
    expect(await completedSum(app, world.wallets.kanifingMemberGmd)).toBe(70_000);
  });

  it("[UW-4.39] a wrong code answers 422 'Invalid OTP entered!' on the Otp field and keeps the transaction PENDING", async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, topUp(world, '500'));
    const res = await admin.confirm(id, wrongCode(code));
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ title: INVALID_OTP_TEXT, code: 'invalid_otp', source: { pointer: '/data/attributes/Otp' } }),
    ]);
    expect(await statusOf(app, id)).toBe('PENDING');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(100_000);
    // The code step stays open: the right code still completes it.
    expect((await admin.confirm(id, code)).statusCode).toBe(200);
  });

  it('[UW-5.54] refuses a code that is not 6 digits on the Otp field, without counting a try', async () => {
    const { app, world, admin } = await start();
    const { id } = await started(admin, app, topUp(world, '500'));
    const res = await admin.confirm(id, '12345');
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/Otp' });
    const code = await app.db.selectFrom('otp_codes').select('attempts').where('transaction_id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(code.attempts).toBe(0);
  });

  it('fails the transaction on the 5th wrong code; its right code is then refused with 409', async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, topUp(world, '500'));
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await admin.confirm(id, wrongCode(code));
      expect(res.json().errors[0].code).toBe('invalid_otp');
      expect(await statusOf(app, id)).toBe('PENDING');
    }
    const fifth = await admin.confirm(id, wrongCode(code));
    expectMatchesContract(fifth, 'confirmWalletTransaction');
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().errors[0]).toMatchObject({ title: INVALID_OTP_TEXT, code: 'otp_attempts_exhausted' });
    expect(await statusOf(app, id)).toBe('FAILED');
    const late = await admin.confirm(id, code);
    expectMatchesContract(late, 'confirmWalletTransaction');
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('not_pending');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(100_000);
  });

  it('kills the code after 5 minutes: the transaction FAILED and no money moved', async () => {
    const { app, world, admin, clock } = await start();
    const early = await started(admin, app, topUp(world, '100'));
    const late = await started(admin, app, topUp(world, '200'));
    later(clock, 5 * 60_000 - 1);
    expect((await admin.confirm(early.id, early.code)).statusCode).toBe(200);
    later(clock, 1);
    const res = await admin.confirm(late.id, late.code);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ title: INVALID_OTP_TEXT, code: 'otp_expired' });
    expect(await statusOf(app, late.id)).toBe('FAILED');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(110_000);
  });

  it('uses a code once: confirming again answers 409 and moves no more money', async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, topUp(world, '500'));
    expect((await admin.confirm(id, code)).statusCode).toBe(200);
    const again = await admin.confirm(id, code);
    expectMatchesContract(again, 'confirmWalletTransaction');
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(150_000);
  });

  it('binds a code to its transaction: it cannot confirm another one', async () => {
    const { app, world, admin } = await start();
    const first = await started(admin, app, topUp(world, '100'));
    const second = await started(admin, app, topUp(world, '100'));
    const res = await admin.confirm(second.id, first.code);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe('invalid_otp');
    expect(await statusOf(app, first.id)).toBe('PENDING');
    expect(await statusOf(app, second.id)).toBe('PENDING');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(100_000);
  });

  it("fails a cash-out whose wallet no longer holds the amount: 'Insufficient wallet balance', no money moved", async () => {
    const { app, world, admin } = await start();
    const big = await started(admin, app, topUp(world, '-800'));
    const other = await started(admin, app, topUp(world, '-300'));
    expect((await admin.confirm(other.id, other.code)).statusCode).toBe(200);
    const res = await admin.confirm(big.id, big.code);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ title: 'Insufficient wallet balance', code: 'insufficient_funds' });
    expect(await statusOf(app, big.id)).toBe('FAILED');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(70_000);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'wallettransaction.fail').executeTakeFirstOrThrow();
    expect(audit.reason).toBe('Insufficient wallet balance');
  });

  it('50 concurrent confirmed cash-outs of 30 on a wallet holding 100 leave exactly 3 completed and a balance of 10', async () => {
    const { app, world, admin } = await start();
    const receiver = String(world.users.serrekundaMemberByOfficer);
    const wallet = world.wallets.serrekundaMemberByOfficerGmd;
    const funding = await started(admin, app, { Amount: '100', ReceiverUserId: receiver });
    expect((await admin.confirm(funding.id, funding.code)).statusCode).toBe(200);
    expect(await balanceOf(app, wallet)).toBe(10_000);

    const cashOuts = [];
    for (let index = 0; index < 50; index += 1) cashOuts.push(await started(admin, app, { Amount: '-30', ReceiverUserId: receiver }));
    const answers = await Promise.all(cashOuts.map(({ id, code }) => admin.confirm(id, code)));
    for (const res of answers) expectMatchesContract(res, 'confirmWalletTransaction');
    // One staff member's code tries are counted before they are checked (20 at once per account): on PostgreSQL, where
    // the confirms truly run side by side, the tries past that answer 429 and leave their transaction PENDING.
    const refused = answers.filter((res) => res.statusCode === 422 && res.json().errors[0].code === 'insufficient_funds');
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(refused.length + limited.length).toBe(47);
    expect(await balanceOf(app, wallet)).toBe(1_000);
    expect(await completedSum(app, wallet)).toBe(1_000);
    const statuses = await Promise.all(cashOuts.map(({ id }) => statusOf(app, id)));
    expect(statuses.filter((status) => status === 'COMPLETED')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'FAILED')).toHaveLength(refused.length);
    expect(statuses.filter((status) => status === 'PENDING')).toHaveLength(limited.length);
  });

  it("gives another tenant's token 404 and leaves the transaction PENDING", async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, topUp(world, '500'));
    const partner = await clientFor(app, 'partner@demo.test');
    const res = await partner.confirm(id, code);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(404);
    expect(await statusOf(app, id)).toBe('PENDING');
    expect(await balanceOf(app, world.wallets.kanifingMemberGmd)).toBe(100_000);
  });

  it("gives role 16 a 404 for a transaction of a user outside its group", async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, { Amount: '10', ReceiverUserId: String(world.users.serrekundaMemberByOfficer) });
    const group = await clientFor(app, 'group@demo.test');
    const res = await group.confirm(id, code);
    expect(res.statusCode).toBe(404);
    expect(await statusOf(app, id)).toBe('PENDING');
  });

  it(`rate-limits wrong codes per staff account: after ${OTP.wrongPerAccount} in 15 minutes, 429 with Retry-After`, async () => {
    const { app, world, admin } = await start();
    const transactions = [];
    for (let index = 0; index < OTP.wrongPerAccount / 5 + 1; index += 1) transactions.push(await started(admin, app, topUp(world, '10')));
    let wrong = 0;
    for (const { id, code } of transactions.slice(0, -1)) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await admin.confirm(id, wrongCode(code))).statusCode).toBe(422);
        wrong += 1;
      }
    }
    expect(wrong).toBe(OTP.wrongPerAccount);
    const last = transactions[transactions.length - 1];
    if (!last) throw new Error('no transaction');
    const blocked = await admin.confirm(last.id, last.code);
    expectMatchesContract(blocked, 'confirmWalletTransaction');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await statusOf(app, last.id)).toBe('PENDING');
  });
});

describe('GET api/v1/wallet-transaction-otp/{id} (resendWalletTransactionOtp)', () => {
  it("[UW-4.34] [UW-7.27] [UW-8.14] sends a new code with the spec's text; the previous code stops working", async () => {
    const { app, world, admin } = await start();
    const { id, reference, code: old } = await started(admin, app, topUp(world, '500'));
    const res = await admin.resend(id);
    expectMatchesContract(res, 'resendWalletTransactionOtp');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { message: OTP_RESENT_TEXT } });
    const fresh = await codeFor(app, reference);
    if (fresh === old) {
      // One chance in a million that the new code equals the old one; the old code row is revoked either way.
      expect((await admin.confirm(id, fresh)).statusCode).toBe(200);
      return;
    }
    const withOld = await admin.confirm(id, old);
    expect(withOld.statusCode).toBe(422);
    expect(withOld.json().errors[0].code).toBe('invalid_otp');
    expect((await admin.confirm(id, fresh)).statusCode).toBe(200);
  });

  it('gives the new code a fresh 5 minutes and a fresh count of tries', async () => {
    const { app, world, admin, clock } = await start();
    const { id, reference, code } = await started(admin, app, topUp(world, '500'));
    for (let attempt = 0; attempt < 4; attempt += 1) await admin.confirm(id, wrongCode(code));
    later(clock, 4 * 60_000);
    expect((await admin.resend(id)).statusCode).toBe(200);
    const fresh = await codeFor(app, reference);
    later(clock, 4 * 60_000);
    expect((await admin.confirm(id, wrongCode(fresh))).statusCode).toBe(422);
    expect(await statusOf(app, id)).toBe('PENDING');
    expect((await admin.confirm(id, fresh)).statusCode).toBe(200);
  });

  it('answers 409 for a transaction that is no longer pending', async () => {
    const { app, world, admin } = await start();
    const { id, code } = await started(admin, app, topUp(world, '500'));
    await admin.confirm(id, code);
    const res = await admin.resend(id);
    expectMatchesContract(res, 'resendWalletTransactionOtp');
    expect(res.statusCode).toBe(409);
  });

  it('does not revive a transaction whose code expired: 409 and FAILED', async () => {
    const { app, world, admin, clock } = await start();
    const { id } = await started(admin, app, topUp(world, '500'));
    later(clock, 5 * 60_000);
    const res = await admin.resend(id);
    expectMatchesContract(res, 'resendWalletTransactionOtp');
    expect(res.statusCode).toBe(409);
    expect(await statusOf(app, id)).toBe('FAILED');
  });

  it(`allows ${RESENDS_PER_TRANSACTION} re-sends of one transaction in 15 minutes, then 429`, async () => {
    const { app, world, admin } = await start();
    const { id } = await started(admin, app, topUp(world, '500'));
    for (let count = 0; count < RESENDS_PER_TRANSACTION; count += 1) expect((await admin.resend(id)).statusCode).toBe(200);
    const res = await admin.resend(id);
    expectMatchesContract(res, 'resendWalletTransactionOtp');
    expect(res.statusCode).toBe(429);
  });

  it("gives another tenant's token 404 and sends nothing", async () => {
    const { app, world, admin } = await start();
    const { id } = await started(admin, app, topUp(world, '500'));
    const before = (await app.db.selectFrom('outbox').selectAll().execute()).length;
    const partner = await clientFor(app, 'partner@demo.test');
    const res = await partner.resend(id);
    expectMatchesContract(res, 'resendWalletTransactionOtp');
    expect(res.statusCode).toBe(404);
    expect(await app.db.selectFrom('outbox').selectAll().execute()).toHaveLength(before);
  });
});
