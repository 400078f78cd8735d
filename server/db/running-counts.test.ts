// The hourly running totals of migration 004 and the deep pages read from them (the speed budget, README "Benchmarks"), on
// each test engine.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mulberry32 } from '../seed/prng.ts';
import { buildTestApp } from '../testing.ts';
import { TEST_ENGINE } from '../testing/database.ts';
import { loadWithoutCountTriggers } from './running-counts.ts';
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
    await db.transaction().execute((trx) => loadWithoutCountTriggers(trx, () => insertTransactions(trx, rows)));
    expect(await hourCountRows(db)).toEqual(byTriggers);
    // The triggers count the next change again.
    await changeRandomly(db, random, 50);
    await expectRunningCountsExact(db);
  });
});
