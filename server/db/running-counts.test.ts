// The hourly running totals of migration 004 and the deep pages read from them (the speed budget, README "Benchmarks"), on
// each test engine.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mulberry32 } from '../seed/prng.ts';
import { buildTestApp } from '../testing.ts';
import { TEST_ENGINE } from '../testing/database.ts';
import type { Db } from './connection.ts';
import { loadWithoutCountTriggers } from './running-counts.ts';
import type { NewRemittance } from './schema.ts';
import {
  changeRandomly,
  expectRunningCountsExact,
  expectPagesMatchOffset,
  hourCountRows,
  insertTransactions,
  placesOf,
  randomTransactions,
} from './running-counts.test-support.ts';

/** Random filter sets compared page by page; each page is a round trip on PostgreSQL, so fewer there. */
const SAMPLE = TEST_ENGINE === 'postgres' ? { lists: 12, deepPages: 300 } : { lists: 40, deepPages: 1_000 };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('hourly running counts', () => {
  it('stay exact through inserts in any hour, status changes, moves to another hour, type or currency, and deletes', async () => {
    const gateway = await buildTestApp();
    app = gateway.app;
    const random = mulberry32(4);
    await insertTransactions(app.db, randomTransactions(random, placesOf(gateway.world), 1_500));
    await expectRunningCountsExact(app.db);
    await changeRandomly(app.db, random, 400);
    await expectRunningCountsExact(app.db);
  });

  it('[UW-7.24] give every deep page exactly the rows and itemTotal a plain OFFSET gives, for random filters, at every hour edge', async () => {
    const gateway = await buildTestApp();
    app = gateway.app;
    const random = mulberry32(24);
    await insertTransactions(app.db, randomTransactions(random, placesOf(gateway.world), 5_000));
    await changeRandomly(app.db, random, 300);
    const deepPages = await expectPagesMatchOffset(app.db, gateway.world, random, SAMPLE.lists);
    // The comparison must reach the deep path (pages past DEEP_OFFSET), not only the plain one.
    expect(deepPages).toBeGreaterThan(SAMPLE.deepPages);
  }, 120_000);

  it('[UW-7.24] stay exact under concurrent writers, each adding rows to random (often earlier) hours of a tenant', async () => {
    const gateway = await buildTestApp();
    app = gateway.app;
    const random = mulberry32(24);
    const places = placesOf(gateway.world);
    await insertTransactions(app.db, randomTransactions(random, places, 1_500));
    // A row that opens a new hour must see every earlier hour's total, committed or not yet (PostgreSQL runs these
    // transactions in parallel; SQLite one after another).
    const batches = Array.from({ length: 24 }, (_, index) => {
      const tenant = places[index % places.length]?.tenantId;
      return randomTransactions(random, places.filter((place) => place.tenantId === tenant), 6);
    });
    const db = app.db;
    await Promise.all(
      batches.map((rows) =>
        db.transaction().execute(async (trx) => {
          for (const row of rows) await trx.insertInto('wallet_transactions').values(row).execute();
        }),
      ),
    );
    await expectRunningCountsExact(db);
  });

  it('are the same after a bulk load without the count triggers as after the triggers, which are back afterwards', async () => {
    const random = mulberry32(7);
    const counted = await buildTestApp();
    app = counted.app;
    const rows = randomTransactions(random, placesOf(counted.world), 800);
    await insertTransactions(counted.app.db, rows);
    const byTriggers = await hourCountRows(counted.app.db);
    await counted.app.close();

    const loaded = await buildTestApp();
    app = loaded.app;
    const db = loaded.app.db;
    await db.transaction().execute((trx) => loadWithoutCountTriggers(trx, 'wallet_transactions', () => insertTransactions(trx, rows)));
    expect(await hourCountRows(db)).toEqual(byTriggers);
    // The triggers count the next change again.
    await changeRandomly(db, random, 50);
    await expectRunningCountsExact(db);
  });
});

describe('remittance day counts', () => {
  /** `count` remittances over about ten days in two tenants, four statuses. */
  function remittances(count: number, offset = 0): NewRemittance[] {
    return Array.from({ length: count }, (_, step) => {
      const index = offset + step;
      const at = new Date(Date.UTC(2026, 0, 10) - index * 3_100_000).toISOString();
      const statusId = [256, 128, 4, 2][index % 4] ?? 256;
      return {
        tenant_id: index % 3 === 0 ? 'teller' : 'amal', payout_external_id: `RC${index}`, reference_number: `RC${index}`, original_id: null,
        payin_id: `rc-${index}`, card_payment_reference: null, transaction_date: at, type_name: 'Remittance', external_id: null, payout_channel: 'SWIFT',
        payout_partner: null, sender_name: 'Hodan Ali', sender_amount_minor: 10_000, sender_currency: 'USD', receiver_name: 'Chinedu Okafor',
        receiver_amount_minor: 1_500_000, receiver_currency: 'NGN', beneficiary_bank_bic: null, beneficiary_bank_code: null, beneficiary_account: null,
        transaction_fee_minor: 100, transaction_fx_micro: 1_520_350_000, status_id: statusId, status: `status ${statusId}`, purpose: null,
        sender_remarks: null, admin_notes: null, version: 0, created: at, updated: at,
      };
    });
  }
  const dayCounts = (db: Db) => db.selectFrom('remittance_day_counts').select(['tenant_id', 'status_id', 'day', 'n']).where('n', '>', 0).orderBy(['tenant_id', 'status_id', 'day']).execute();
  const insert = async (db: Db, rows: NewRemittance[]) => {
    for (let from = 0; from < rows.length; from += 100) await db.insertInto('remittances').values(rows.slice(from, from + 100)).execute();
  };

  it('are the same after a bulk load without the count triggers as after the triggers, which are back afterwards', async () => {
    const counted = await buildTestApp();
    app = counted.app;
    await insert(counted.app.db, remittances(300));
    const byTriggers = await dayCounts(counted.app.db);
    await counted.app.close();

    const loaded = await buildTestApp();
    app = loaded.app;
    const db = loaded.app.db;
    await db.transaction().execute((trx) =>
      loadWithoutCountTriggers(trx, 'remittances', async () => {
        await insert(trx, remittances(300));
        // Set aside while loading: nothing counted yet.
        expect(await dayCounts(trx)).toEqual([]);
      }),
    );
    expect(await dayCounts(db)).toEqual(byTriggers);
    // The triggers count the next rows again: 40 more, as the triggers alone count them.
    await insert(db, remittances(40, 300));
    const all = await buildTestApp();
    await insert(all.app.db, remittances(340));
    const expected = await dayCounts(all.app.db);
    await all.app.close();
    expect(await dayCounts(db)).toEqual(expected);
  });
});
