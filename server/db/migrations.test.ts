import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { unitOfWork } from '../domain/unit-of-work.ts';
import { closeTestDatabase, openTestDatabase } from '../testing/database.ts';
import type { Db } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

let db: Db | undefined;
afterEach(async () => {
  if (db) await closeTestDatabase(db);
  db = undefined;
});

/** An empty database brought to the latest version. */
async function fresh(): Promise<Db> {
  db = await openTestDatabase({ migrated: false });
  await migrateToLatest(db);
  return db;
}

describe('storage', () => {
  it('migrates an empty database, and migrating again changes nothing', async () => {
    const database = await fresh();
    await migrateToLatest(database);
    const tables = await database.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['tenants', 'users', 'accounts', 'wallets', 'wallet_transactions', 'otp_codes', 'idempotency_keys', 'audit_log', 'outbox', 'account_tokens']));
  });

  it('keeps the audit log append-only: UPDATE and DELETE are refused by the database', async () => {
    const database = await fresh();
    await unitOfWork(database, { userId: 1, tenantId: 'naccug', now: new Date() }, (work) =>
      work.change({ action: 'account.status', entity: 'account', entityId: 5, before: { status: 1 }, after: { status: 9 }, reason: 'KYC checked' }),
    );
    await expect(database.updateTable('audit_log').set({ reason: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(database.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    const rows = await database.selectFrom('audit_log').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'KYC checked', before_json: '{"status":1}', after_json: '{"status":9}', entity_id: '5' });
  });

  it('never lets a wallet balance go below zero', async () => {
    const database = await fresh();
    const now = new Date().toISOString();
    await sql`INSERT INTO tenants (id, name, type, client_id, grant_type, scope, claim, currency, config_json, created) VALUES ('t', 'T', 'wallet', 'c', 'g', 's', 't', 'GMD', '{}', ${now})`.execute(database);
    const { id } = await database.insertInto('users').values({ tenant_id: 't', firstname: 'A', lastname: 'B', created: now, updated: now, middlename: null, birthdate: '1990-01-01', gender: 'Male', nationality: 'Gambian', country: null, email: null, phonenumber: null, externalid: null, photo_file_id: null, created_by: null }).returning('id').executeTakeFirstOrThrow();
    await expect(
      database.insertInto('wallets').values({ tenant_id: 't', user_id: id, currency: 'GMD', balance_minor: -1, created: now, updated: now }).execute(),
    ).rejects.toThrow(/CHECK constraint|violates check constraint/);
  });
});
