// The settler and the simulated bank without a gateway: the queue survives a restart (claims in the database, a
// stale claim is taken again), a live claim is left alone, every settlement branch, the time limit on bank calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/connection.ts';
import { closeTestDatabase, openTestDatabase } from '../../testing/database.ts';
import { MINIMAL_NOW, seedMinimal } from '../../seed/index.ts';
import { BankLine, BankUnreachable } from '../bank/bank.ts';
import { SimulatedBank } from '../bank/simulated.ts';
import { Settler } from './settler.ts';
import { ANSWERING_BANK, auditOf, seedRemittanceWorld, SLOW_BANK, storedRow, type RemittanceWorld, type TestRow } from '../../testing/remittances.ts';

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await closeTestDatabase(db);
});

interface Rig {
  db: Db;
  world: RemittanceWorld;
  bank: SimulatedBank;
  /** A settler whose bank line never races the bank's answers (ANSWERING_BANK), or gives up at `timeoutMs`. */
  settler: (options?: { leaseMs?: number; timeoutMs?: number }) => Settler;
  queue: (row: TestRow, claim?: { claim: string; claimedAt: Date }) => Promise<void>;
}

async function rig(): Promise<Rig> {
  const db = await openTestDatabase();
  opened.push(db);
  await seedMinimal(db);
  const world = await seedRemittanceWorld(db, MINIMAL_NOW);
  const now = () => MINIMAL_NOW;
  const bank = new SimulatedBank({ db, now, slowMs: SLOW_BANK.slowMs });
  return {
    db,
    world,
    bank,
    settler: ({ timeoutMs = ANSWERING_BANK.timeoutMs, ...options } = {}) => new Settler({ db, bank: new BankLine(bank, timeoutMs), now, ...options }),
    queue: async (row, claim) => {
      await db
        .insertInto('payout_queue')
        .values({
          remittance_id: Number(world.rows[row]),
          tenant_id: 'tawakal-swift',
          queued_at: MINIMAL_NOW.toISOString(),
          queued_by: world.users.payout,
          claim: claim?.claim ?? null,
          claimed_at: claim?.claimedAt.toISOString() ?? null,
        })
        .execute();
    },
  };
}

const queueSize = async (db: Db) => Number((await db.selectFrom('payout_queue').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the settler', () => {
  it('settles each branch: 00 without paying, 01 pays, 32 re-issues as {reference}A, another code fails, a refused payment fails', async () => {
    const { db, world, settler, queue } = await rig();
    for (const row of ['paid', 'missing', 'partner', 'held', 'reissued', 'broken', 'badAccount'] as const) await queue(row);
    const balanceBefore = (await db.selectFrom('bank_accounts').select('balance_minor').where('account_number', '=', '5400012345').executeTakeFirstOrThrow()).balance_minor;

    const settled = await settler().runOnce();
    expect(Object.fromEntries([...settled].map(([id, statusId]) => [id, statusId]))).toEqual({
      [world.rows.paid]: 256,
      [world.rows.missing]: 256,
      [world.rows.partner]: 256,
      [world.rows.held]: 256,
      [world.rows.reissued]: 128,
      [world.rows.broken]: 128,
      [world.rows.badAccount]: 128,
    });
    expect(await queueSize(db)).toBe(0);

    expect(await storedRow(db, world.rows.paid)).toMatchObject({ status_id: 256, status: 'Approved or completed successfully', original_id: null });
    expect(await storedRow(db, world.rows.partner)).toMatchObject({ status_id: 256, payout_external_id: 'TS250115000023|AMX' });
    expect(await storedRow(db, world.rows.held)).toMatchObject({ status_id: 256, payout_external_id: 'TS250115000016A', original_id: 'TS250115000016' });
    expect(await storedRow(db, world.rows.reissued)).toMatchObject({ status_id: 128, status: 'TRANSACTION REFERENCE EXISTS', payout_external_id: 'TS250115000026A' });
    expect(await storedRow(db, world.rows.broken)).toMatchObject({ status_id: 128, status: 'System malfunction' });
    expect(await storedRow(db, world.rows.badAccount)).toMatchObject({ status_id: 128, status: 'Invalid Account' });

    // Three payments went out (missing, partner, held as ...A), each once, from the operator's payout account.
    const balanceAfter = (await db.selectFrom('bank_accounts').select('balance_minor').where('account_number', '=', '5400012345').executeTakeFirstOrThrow()).balance_minor;
    expect(balanceBefore - balanceAfter).toBe(3 * 30_407_000);
    expect(await db.selectFrom('bank_ledger').select(['reference', 'code']).where('reference', 'in', ['TS250115000013', 'TS250115000023', 'TS250115000016A', 'TS250115000014']).orderBy('reference').execute()).toEqual([
      { reference: 'TS250115000013', code: '00' },
      { reference: 'TS250115000014', code: '07' },
      { reference: 'TS250115000016A', code: '00' },
      { reference: 'TS250115000023', code: '00' },
    ]);
    const audit = await auditOf(db, world.rows.held);
    expect(audit.at(-1)).toMatchObject({ action: 'remittance.settle', actor_user_id: null, reason: 'Bank: 00 Approved or completed successfully' });
    expect(JSON.parse(audit.at(-1)?.after_json ?? '{}')).toMatchObject({ statusId: 256, payoutExternalId: 'TS250115000016A' });
  });

  it('is restart-safe: a claim left by a settler that died is taken again after the lease, a live claim is left alone', async () => {
    const { db, world, settler, queue } = await rig();
    await queue('missing', { claim: 'dead-settler', claimedAt: new Date(MINIMAL_NOW.getTime() - 10 * 60_000) });
    await queue('partner', { claim: 'busy-settler', claimedAt: new Date(MINIMAL_NOW.getTime() - 1_000) });

    const settled = await settler({ leaseMs: 60_000 }).runOnce();
    expect([...settled.keys()]).toEqual([Number(world.rows.missing)]);
    expect(await storedRow(db, world.rows.partner)).toMatchObject({ status_id: 128 });
    expect(await db.selectFrom('payout_queue').select(['remittance_id', 'claim']).execute()).toEqual([{ remittance_id: Number(world.rows.partner), claim: 'busy-settler' }]);
  });

  it('pays a reference once: a settlement interrupted after the payment finds it paid (00) and does not pay again', async () => {
    const { db, world, settler, queue } = await rig();
    await queue('missing');
    await settler().runOnce();
    // The same row queued again (as after a crash between the payment and the row's update).
    await db.updateTable('remittances').set({ status_id: 4, status: 'Re-Processing' }).where('id', '=', Number(world.rows.missing)).execute();
    await queue('missing');
    const balance = async () => (await db.selectFrom('bank_accounts').select('balance_minor').where('account_number', '=', '5400012345').executeTakeFirstOrThrow()).balance_minor;
    const before = await balance();
    await settler().runOnce();
    expect(await balance()).toBe(before);
    expect(await storedRow(db, world.rows.missing)).toMatchObject({ status_id: 256 });
  });

  it('leaves a row that left the queue while the bank answered (edited or cancelled meanwhile)', async () => {
    const { db, world, bank, settler, queue } = await rig();
    await queue('missing');
    const original = bank.transactionStatus.bind(bank);
    // The row is edited while the bank is asked about it.
    bank.transactionStatus = async (reference, signal) => {
      await db.deleteFrom('payout_queue').where('remittance_id', '=', Number(world.rows.missing)).execute();
      await db.updateTable('remittances').set({ status_id: 256, status: 'Paid at branch' }).where('id', '=', Number(world.rows.missing)).execute();
      return original(reference, signal);
    };
    const settled = await settler().runOnce();
    expect(settled.size).toBe(0);
    expect(await storedRow(db, world.rows.missing)).toMatchObject({ status_id: 256, status: 'Paid at branch' });
  });

  it('settles to 128 Beneficiary Bank not available when the bank is down, and Timeout… when it is slow', async () => {
    const { db, world, bank, settler, queue } = await rig();
    await queue('missing');
    bank.mode = 'down';
    await settler().runOnce();
    expect(await storedRow(db, world.rows.missing)).toMatchObject({ status_id: 128, status: 'Beneficiary Bank not available' });

    await queue('partner');
    bank.mode = 'slow';
    await settler({ timeoutMs: SLOW_BANK.timeoutMs }).runOnce();
    expect(await storedRow(db, world.rows.partner)).toMatchObject({ status_id: 128, status: 'Timeout waiting for response from destination' });
  });

  it('runs rounds one after another, and stop() waits for the round in progress', async () => {
    const { db, settler, queue } = await rig();
    await queue('missing');
    await queue('partner');
    const worker = settler();
    const [first, second] = await Promise.all([worker.runOnce(), worker.runOnce()]);
    expect(first.size + second.size).toBe(2);
    worker.start(5);
    await worker.stop();
    expect(await queueSize(db)).toBe(0);
  });

  it('stops between rows when the gateway closes: the row in hand settles, the rest stay queued (regression: shutdown waited for the whole queue)', async () => {
    const { db, bank, settler, queue } = await rig();
    bank.mode = 'slow';
    await queue('missing');
    await queue('partner');
    const worker = settler({ timeoutMs: SLOW_BANK.timeoutMs });
    // stop() comes while the first row is with the bank, whatever the clock does.
    let stopped: Promise<void> | undefined;
    const ask = bank.transactionStatus.bind(bank);
    vi.spyOn(bank, 'transactionStatus').mockImplementationOnce((reference, signal) => {
      stopped = worker.stop();
      return ask(reference, signal);
    });
    expect((await worker.runOnce()).size).toBe(1);
    await stopped;
    expect(await queueSize(db)).toBe(1);
  });
});

describe('the bank line', () => {
  it('answers a time-out as BankUnreachable(timeout) and aborts the call', async () => {
    const { bank } = await rig();
    // The slow bank answers only after the test has ended: the error is the line's time limit, not the bank.
    bank.mode = 'slow';
    const asked = vi.spyOn(bank, 'transactionStatus');
    const error = await new BankLine(bank, 30).transactionStatus('TS1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnreachable);
    expect((error as BankUnreachable).reason).toBe('timeout');
    const signal = asked.mock.calls[0]?.[1];
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe(error);
  });

  it('answers a bank that is down as BankUnreachable(down), at once', async () => {
    const { bank } = await rig();
    bank.mode = 'down';
    const error = await new BankLine(bank, 5_000).lookupAccount('5400012345').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'down', message: 'Beneficiary Bank not available' });
  });
});
