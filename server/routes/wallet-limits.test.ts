// Money past 2^53 minor units (the contract's wallet balance limit and exact sums): a wallet never holds more than
// 10000000000000.00, a credit past it is refused with 422 and never a 500, and the tenant's figures (statistics,
// report, PDF) stay exact once the tenant's volume is past 2^53 minor units.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { EXACT_SUM_PART } from '../db/exact-sum.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { balanceOf, codeFor, completedSum, statusOf, walletClient, type WalletClient } from '../testing/wallet.ts';
import { gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();
// The contract's figures (createWalletTransaction's "Balance limit", WholeAmount), never the gateway's constants.
/** A wallet holds at most 10000000000000.00, in minor units (two decimals). */
const MAX_BALANCE_MINOR = 1_000_000_000_000_000;
/** The largest whole amount a request may carry. */
const MAX_WHOLE_AMOUNT = 1_000_000_000_000;
const MINOR_PER_MAJOR = 100;
const MAX = String(MAX_WHOLE_AMOUNT);

async function start() {
  const { app, world } = await startGateway();
  const admin = walletClient(app, await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug'));
  return { app, world, admin };
}

function attributes(world: MinimalWorld, amount: string) {
  return { Amount: amount, Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember) };
}

async function create(admin: WalletClient, world: MinimalWorld, amount: string) {
  const res = await admin.create(attributes(world, amount));
  if (res.statusCode !== 201) throw new Error(`create ${amount} answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: string; attributes: { referenceNumber: string } };
}

async function confirm(app: FastifyInstance, admin: WalletClient, created: { id: string; attributes: { referenceNumber: string } }) {
  return admin.confirm(created.id, await codeFor(app, created.attributes.referenceNumber));
}

async function move(app: FastifyInstance, admin: WalletClient, world: MinimalWorld, amount: string): Promise<void> {
  const res = await confirm(app, admin, await create(admin, world, amount));
  if (res.statusCode !== 200) throw new Error(`confirm ${amount} answered ${res.statusCode}: ${res.body}`);
}

describe('the wallet balance limit', () => {
  it('refuses a top-up past the limit at creation with 422 balance_limit and writes nothing (regression: the 91st maximal top-up answered 500)', async () => {
    const { app, world, admin } = await start();
    const walletId = world.wallets.kanifingMemberGmd;
    const room = MAX_BALANCE_MINOR - (await balanceOf(app, walletId));
    const full = Math.floor(room / (MAX_WHOLE_AMOUNT * MINOR_PER_MAJOR));
    for (let index = 0; index < full; index += 1) await move(app, admin, world, MAX);
    const balance = await balanceOf(app, walletId);
    expect(balance).toBeLessThanOrEqual(MAX_BALANCE_MINOR);

    const refused = await admin.create(attributes(world, MAX));
    expectMatchesContract(refused, 'createWalletTransaction');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ code: 'balance_limit', source: { pointer: '/data/attributes/Amount' } }),
    ]);
    expect(await balanceOf(app, walletId)).toBe(balance);
    expect(await completedSum(app, walletId)).toBe(balance);
  });

  it('fails a confirmation that would take the wallet past the limit: 422 balance_limit, FAILED, no money moved', async () => {
    const { app, world, admin } = await start();
    const walletId = world.wallets.kanifingMemberGmd;
    while (MAX_BALANCE_MINOR - (await balanceOf(app, walletId)) > 2 * MAX_WHOLE_AMOUNT * MINOR_PER_MAJOR) await move(app, admin, world, MAX);
    const room = (MAX_BALANCE_MINOR - (await balanceOf(app, walletId))) / MINOR_PER_MAJOR;
    // Two top-ups that each fit at creation, but not both.
    const half = String(Math.floor(room / 2) + 1);
    const first = await create(admin, world, half);
    const second = await create(admin, world, half);
    expect((await confirm(app, admin, first)).statusCode).toBe(200);
    const balance = await balanceOf(app, walletId);

    const res = await confirm(app, admin, second);
    expectMatchesContract(res, 'confirmWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: 'balance_limit' });
    expect(await statusOf(app, second.id)).toBe('FAILED');
    expect(await balanceOf(app, walletId)).toBe(balance);
    expect(await completedSum(app, walletId)).toBe(balance);
  });
});

/** Today's Top Up and Cash Out totals of the weekly statistics, in minor units. */
async function todayTotals(admin: WalletClient): Promise<{ topUp: bigint; cashout: bigint }> {
  const res = await admin.get('/api/v1/wt/statistics?filter[timeframe]=weekly');
  expectMatchesContract(res, 'getTransactionStatistics');
  expect(res.statusCode).toBe(200);
  const rows = res.json().data as Array<{ id: string; attributes: { topUp: string; cashout: string } }>;
  const today = rows.find((row) => row.id === MINIMAL_NOW.toISOString().slice(0, 10));
  const minor = (text = '0.00') => BigInt(text.replace('.', ''));
  return { topUp: minor(today?.attributes.topUp), cashout: minor(today?.attributes.cashout) };
}

describe('figures past 2^53 minor units', () => {
  it('answers exact statistics, report and PDF once the volume passes 2^53 minor units (regression: 500 from then on)', async () => {
    const { app, world, admin } = await start();
    const before = await todayTotals(admin);
    // 91 maximal top-ups, each followed by a maximal cash-out, keep the wallet under its limit.
    const topUps = 91;
    for (let index = 0; index < topUps; index += 1) {
      await move(app, admin, world, MAX);
      await move(app, admin, world, `-${MAX}`);
    }
    const volume = BigInt(topUps) * BigInt(MAX_WHOLE_AMOUNT);
    expect(volume * BigInt(MINOR_PER_MAJOR)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));

    const after = await todayTotals(admin);
    expect(after.topUp - before.topUp).toBe(volume * BigInt(MINOR_PER_MAJOR));
    expect(after.cashout - before.cashout).toBe(volume * BigInt(MINOR_PER_MAJOR));

    const day = MINIMAL_NOW.toISOString().slice(0, 10);
    const pdf = await admin.get(`/api/v1/wt/transactions/pdf?filter[startDate]=${day}&filter[endDate]=${day}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    for (const [operationId, url] of [
      ['getUserStatistics', '/api/v1/um/statistics'],
      ['getTransactionReport', '/api/v1/wt/transactions/report'],
      ['listWalletTransactions', '/api/v1/wallet-transactions?sort=-amount'],
    ] as const) {
      const res = await admin.get(url);
      expectMatchesContract(res, operationId);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('keeps a day whose total passes 2^63 minor units exact, the next transaction of that day confirmed (regression: "bigint out of range", a 500)', async () => {
    const { app, world, admin } = await start();
    await move(app, admin, world, MAX);
    await move(app, admin, world, `-${MAX}`);
    const before = await todayTotals(admin);
    // Today's cells as about 92,000 maximal transactions would leave them: 9.215 x 10^18 minor units, 2^63 less 8.4 x 10^15.
    const nearHigh = 9_215_000_000;
    const near = BigInt(nearHigh) * BigInt(EXACT_SUM_PART);
    await sql`UPDATE wallet_transaction_day_counts SET amount_high = amount_high + ${nearHigh}
      WHERE tenant_id = 'naccug' AND day = ${MINIMAL_NOW.toISOString().slice(0, 10)}`.execute(app.db);
    const crossing = 100;
    for (let index = 0; index < crossing; index += 1) {
      await move(app, admin, world, MAX);
      await move(app, admin, world, `-${MAX}`);
    }
    const moved = BigInt(crossing) * BigInt(MAX_WHOLE_AMOUNT) * BigInt(MINOR_PER_MAJOR);
    const after = await todayTotals(admin);
    expect(after.topUp).toBeGreaterThan(2n ** 63n);
    expect(after.topUp - before.topUp).toBe(near + moved);
    expect(after.cashout - before.cashout).toBe(near + moved);
  });
});
