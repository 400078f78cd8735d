// The same gateway on PostgreSQL: runs only when TELLER_TEST_POSTGRES_URL names an empty scratch database
// (it drops and recreates the public schema), e.g. postgres://teller@127.0.0.1:55432/teller_test.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { writeAudit } from '../domain/audit.ts';
import { seedDemoWorld } from '../seed/index.ts';
import { mulberry32 } from '../seed/prng.ts';
import { bearer, buildTestApp, signIn, tenantToken } from '../testing.ts';
import { openDatabase } from './connection.ts';
import {
  expectHourCountsExact,
  expectPagesMatchOffset,
  insertTransactions,
  placesOf,
  randomTransactions,
  changeRandomly,
} from './running-counts.test-support.ts';

const url = process.env.TELLER_TEST_POSTGRES_URL;

describe.skipIf(!url)('PostgreSQL', () => {
  async function resetSchema(): Promise<void> {
    const db = openDatabase({ databaseUrl: url, dataDir: '.' });
    await sql`DROP SCHEMA public CASCADE`.execute(db);
    await sql`CREATE SCHEMA public`.execute(db);
    await db.destroy();
  }

  it('migrates, signs in, switches tenant and lists with the same code as SQLite', async () => {
    await resetSchema();
    const { app, world } = await buildTestApp({ databaseUrl: url });
    try {
      const token = await signIn(app, 'super@demo.test');
      const groups = await app.inject({ method: 'GET', url: '/api/v1/um/groups', headers: bearer(await tenantToken(app, token, 'naccug')) });
      expectMatchesContract(groups, 'listGroups');
      expect(groups.json().data.map((group: { attributes: { value: number } }) => group.attributes.value)).toEqual([world.groups.kanifing, world.groups.serrekunda]);
      const products = await app.inject({ method: 'GET', url: '/api/v1/product?filter[title]=CASH&sort=-title', headers: bearer(await tenantToken(app, token, 'teller')) });
      expectMatchesContract(products, 'listProducts');
      expect(products.json().meta.itemTotal).toBe(1);

      await writeAudit(app.db, { actorUserId: 1, tenantId: 'dssc', action: 'test', entity: 'user', entityId: 1 });
      await expect(app.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      const balance = await app.db.selectFrom('wallets').select('balance_minor').where('id', '=', world.wallets.kanifingMemberGmd).executeTakeFirstOrThrow();
      expect(balance.balance_minor).toBe(100_000);
    } finally {
      await app.close();
    }
  });

  it('seeds the demo world', async () => {
    await resetSchema();
    const { app } = await buildTestApp({ databaseUrl: url });
    try {
      await sql`TRUNCATE tenants, tenant_grant_types, tenant_scopes, tenant_claims, tenant_secrets, product_currencies, payment_methods, payment_options, fee_details, forex_pairs, clients, groups, users, accounts, wallets, wallet_transactions, countries, roles, statuses, transaction_types, product_types, products, currencies, services, channels RESTART IDENTITY CASCADE`.execute(app.db);
      const summary = await seedDemoWorld(app.db, { now: new Date('2025-03-01T09:30:00.000Z') });
      expect(summary.transactions).toBe(20_000);
      // Loaded without the per-row count triggers, counted once afterwards.
      await expectHourCountsExact(app.db);
      const negative = await app.db.selectFrom('wallets').select('id').where('balance_minor', '<', 0).execute();
      expect(negative).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('[UW-7.24] keeps the hourly running counts exact under concurrent writers, and deep pages equal to OFFSET', async () => {
    await resetSchema();
    const { app, world } = await buildTestApp({ databaseUrl: url });
    try {
      const random = mulberry32(24);
      const places = placesOf(world);
      await insertTransactions(app.db, randomTransactions(random, places, 3_000));
      await changeRandomly(app.db, random, 200);
      // Writers in parallel transactions, each adding rows one by one to random (often earlier) hours of a tenant:
      // a row that opens a new hour must see every earlier hour's total, committed or not yet.
      const batches = Array.from({ length: 24 }, (_, index) => {
        const tenant = places[index % places.length]?.tenantId;
        return randomTransactions(random, places.filter((place) => place.tenantId === tenant), 6);
      });
      await Promise.all(
        batches.map((rows) =>
          app.db.transaction().execute(async (trx) => {
            for (const row of rows) await trx.insertInto('wallet_transactions').values(row).execute();
          }),
        ),
      );
      await expectHourCountsExact(app.db);
      expect(await expectPagesMatchOffset(app.db, world, random, 12)).toBeGreaterThan(300);
    } finally {
      await app.close();
    }
  }, 300_000);
});
