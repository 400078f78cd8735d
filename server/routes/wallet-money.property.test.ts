// A property test of 1,000 random top-ups, cash-outs, wrong codes and retries (with and without
// repeated Idempotency-Keys) keeps every balance equal to the sum of its completed transactions and never
// negative. The gateway runs against a model of the top-up flow (users-and-wallets §4) that predicts every
// answer: a difference in status code, balance or transaction state fails the run.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { balanceOf, codeFor, completedSum, longLivedToken, newKey, walletClient, wrongCode, type WalletClient } from '../testing/wallet.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { buildTestApp } from '../testing.ts';
import { IDEMPOTENCY_KEPT_MS, OTP, RESENDS_PER_TRANSACTION } from '../testing/documented.ts';

type Op =
  | { kind: 'create'; wallet: 0 | 1; amount: number; cashOut: boolean; key: 'fresh' | 'repeat' | 'repeatOther' }
  /** `anyTransaction` picks among all (exercising 409s), else among the two newest PENDING ones. */
  | { kind: 'confirm'; pick: number; right: boolean; anyTransaction: boolean }
  | { kind: 'resend'; pick: number }
  | { kind: 'wait'; seconds: number };

const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      wallet: fc.constantFrom(0 as const, 1 as const),
      amount: fc.integer({ min: 1, max: 400 }),
      cashOut: fc.boolean(),
      key: fc.constantFrom('fresh' as const, 'fresh' as const, 'repeat' as const, 'repeatOther' as const),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      pick: fc.nat(),
      // Wrong codes more often than right ones, so that five in a row on one transaction happen.
      right: fc.integer({ min: 0, max: 99 }).map((percent) => percent < 40),
      anyTransaction: fc.integer({ min: 0, max: 99 }).map((percent) => percent < 20),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 0, max: 240 }) }) },
);

type Status = 'PENDING' | 'COMPLETED' | 'FAILED';

interface ModelTransaction {
  id: string;
  reference: string;
  wallet: 0 | 1;
  /** Signed minor units: a cash-out is negative. */
  amount: number;
  status: Status;
  code: string;
  expires: number;
  attempts: number;
  sends: number[];
}

interface Model {
  now: number;
  balances: [number, number];
  transactions: ModelTransaction[];
  keys: Map<string, { body: string; created: number; id: string }>;
  last: { key: string; attributes: Record<string, unknown> } | undefined;
  wrongCodes: number[];
}

const FIFTEEN_MINUTES = 15 * 60_000;
/**
 * The attempts counted at `now` (server/domain/attempts.ts): a 15-minute window opens at the first attempt after the
 * previous window closed, and counts until it closes.
 */
const within = (times: number[], now: number) => {
  let opened = -Infinity;
  let count = 0;
  for (const at of times) {
    if (at >= opened + FIFTEEN_MINUTES) {
      opened = at;
      count = 0;
    }
    count += 1;
  }
  return now >= opened + FIFTEEN_MINUTES ? 0 : count;
};

async function run(ops: Op[]): Promise<void> {
  const clock = { now: new Date(MINIMAL_NOW) };
  const { app, world } = await buildTestApp({ now: () => clock.now });
  try {
    const token = await longLivedToken(app, world.users.super, 4, { id: 'naccug', claim: 'naccug', type: 'wallet' });
    const client = walletClient(app, token);
    const wallets = [world.wallets.kanifingMemberGmd, world.wallets.serrekundaMemberByOfficerGmd] as const;
    const receivers = [world.users.kanifingMember, world.users.serrekundaMemberByOfficer] as const;
    const model: Model = {
      now: clock.now.getTime(),
      balances: [await balanceOf(app, wallets[0]), await balanceOf(app, wallets[1])],
      transactions: [],
      keys: new Map(),
      last: undefined,
      wrongCodes: [],
    };

    for (const [index, op] of ops.entries()) {
      const step = `op ${index} ${JSON.stringify(op)}`;
      await apply(app, client, model, op, receivers, step);
      clock.now = new Date(model.now);
      for (const [slot, walletId] of wallets.entries()) {
        const balance = await balanceOf(app, walletId);
        expect(balance, step).toBe(model.balances[slot]);
        expect(balance, step).toBeGreaterThanOrEqual(0);
        expect(await completedSum(app, walletId), step).toBe(balance);
      }
    }

    for (const transaction of model.transactions) {
      const row = await app.db.selectFrom('wallet_transactions').select('status').where('id', '=', Number(transaction.id)).executeTakeFirstOrThrow();
      expect(row.status, `transaction ${transaction.id}`).toBe(transaction.status);
    }
    await expectCountsExact(app);
  } finally {
    await app.close();
  }

  function apply(app: FastifyInstance, client: WalletClient, model: Model, op: Op, receivers: readonly [number, number], step: string) {
    switch (op.kind) {
      case 'wait':
        model.now += op.seconds * 1000;
        return Promise.resolve();
      case 'create':
        return create(app, client, model, op, receivers, step);
      case 'confirm':
        return confirm(client, model, op, step);
      case 'resend':
        return resend(app, client, model, op, step);
    }
  }
}

async function create(
  app: FastifyInstance,
  client: WalletClient,
  model: Model,
  op: Extract<Op, { kind: 'create' }>,
  receivers: readonly [number, number],
  step: string,
): Promise<void> {
  let attributes: Record<string, unknown> = {
    Amount: op.cashOut ? -op.amount : op.amount,
    ReceiverUserId: String(receivers[op.wallet]),
    Currency: 'GMD',
  };
  let key = newKey();
  if (op.key !== 'fresh' && model.last) {
    key = model.last.key;
    attributes = op.key === 'repeat' ? model.last.attributes : { ...model.last.attributes, Remarks: `changed ${step}` };
  }
  model.last = { key, attributes };
  const body = JSON.stringify(attributes);
  const amount = Number(attributes.Amount) * 100;
  const wallet = attributes.ReceiverUserId === String(receivers[0]) ? 0 : 1;

  const remembered = model.keys.get(key);
  const live = remembered && model.now - remembered.created < IDEMPOTENCY_KEPT_MS ? remembered : undefined;
  const res = await client.create(attributes, key);
  if (live && live.body !== body) {
    expect(res.statusCode, step).toBe(422);
    return;
  }
  if (live) {
    expect(res.statusCode, step).toBe(201);
    expect(res.headers['idempotent-replayed'], step).toBe('true');
    expect(res.json().data.id, step).toBe(live.id);
    return;
  }
  if (amount < 0 && model.balances[wallet] < -amount) {
    expect(res.statusCode, step).toBe(422);
    expect(res.json().errors[0].title, step).toBe('Insufficient wallet balance');
    return;
  }
  expect(res.statusCode, step).toBe(201);
  const { id, attributes: answer } = res.json().data as { id: string; attributes: { referenceNumber: string } };
  model.keys.set(key, { body, created: model.now, id });
  model.transactions.push({
    id,
    reference: answer.referenceNumber,
    wallet,
    amount,
    status: 'PENDING',
    code: await codeFor(app, answer.referenceNumber),
    expires: model.now + OTP.ttlMs,
    attempts: 0,
    sends: [],
  });
}

function pick(model: Model, index: number, anyTransaction = true): ModelTransaction | undefined {
  const candidates = anyTransaction ? model.transactions : model.transactions.filter((tx) => tx.status === 'PENDING').slice(-2);
  return candidates.length === 0 ? undefined : candidates[index % candidates.length];
}

async function confirm(client: WalletClient, model: Model, op: Extract<Op, { kind: 'confirm' }>, step: string): Promise<void> {
  const transaction = pick(model, op.pick, op.anyTransaction);
  if (!transaction) return;
  const res = await client.confirm(transaction.id, op.right ? transaction.code : wrongCode(transaction.code));
  if (within(model.wrongCodes, model.now) >= OTP.wrongPerAccount) {
    expect(res.statusCode, step).toBe(429);
    return;
  }
  if (transaction.status !== 'PENDING') {
    expect(res.statusCode, step).toBe(409);
    return;
  }
  if (transaction.expires <= model.now) {
    expect(res.statusCode, step).toBe(422);
    expect(res.json().errors[0].code, step).toBe('otp_expired');
    transaction.status = 'FAILED';
    return;
  }
  if (!op.right) {
    expect(res.statusCode, step).toBe(422);
    model.wrongCodes.push(model.now);
    transaction.attempts += 1;
    if (transaction.attempts >= OTP.tries) transaction.status = 'FAILED';
    return;
  }
  const balance = model.balances[transaction.wallet];
  if (balance + transaction.amount < 0) {
    expect(res.statusCode, step).toBe(422);
    expect(res.json().errors[0].code, step).toBe('insufficient_funds');
    transaction.status = 'FAILED';
    return;
  }
  expect(res.statusCode, step).toBe(200);
  transaction.status = 'COMPLETED';
  model.balances[transaction.wallet] = balance + transaction.amount;
}

async function resend(app: FastifyInstance, client: WalletClient, model: Model, op: Extract<Op, { kind: 'resend' }>, step: string): Promise<void> {
  const transaction = pick(model, op.pick);
  if (!transaction) return;
  const res = await client.resend(transaction.id);
  if (within(transaction.sends, model.now) >= RESENDS_PER_TRANSACTION) {
    expect(res.statusCode, step).toBe(429);
    return;
  }
  if (transaction.status !== 'PENDING') {
    expect(res.statusCode, step).toBe(409);
    return;
  }
  if (transaction.expires <= model.now) {
    expect(res.statusCode, step).toBe(409);
    transaction.status = 'FAILED';
    return;
  }
  expect(res.statusCode, step).toBe(200);
  transaction.sends.push(model.now);
  transaction.code = await codeFor(app, transaction.reference);
  transaction.expires = model.now + OTP.ttlMs;
  transaction.attempts = 0;
}

/** The running counts of migration 003 equal a COUNT(*) of the rows, per status. */
async function expectCountsExact(app: FastifyInstance): Promise<void> {
  const counted = await app.db
    .selectFrom('wallet_transactions')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const running = await app.db
    .withTables<{ wallet_transaction_counts: { status: string; n: number } }>()
    .selectFrom('wallet_transaction_counts')
    .select(['status', (eb) => eb.fn.sum<number>('n').as('n')])
    .groupBy('status')
    .execute();
  const asMap = (rows: Array<{ status: string; n: number }>) =>
    Object.fromEntries(rows.filter((row) => Number(row.n) !== 0).map((row) => [row.status, Number(row.n)]));
  expect(asMap(running)).toEqual(asMap(counted));
}

describe('money movement, property-based', () => {
  it('keeps every balance equal to the sum of its completed transactions, never negative, over 1,000 random operations', async () => {
    // 4 runs × 250 operations, each run on a fresh gateway.
    await fc.assert(fc.asyncProperty(fc.array(operation, { minLength: 250, maxLength: 250 }), run), { numRuns: 4, endOnFailure: true });
  }, 300_000);
});
