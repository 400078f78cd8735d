// Issue 26, item 3: on PostgreSQL every query the gateway sends runs as a named prepared statement, parsed once per
// connection, at most a bounded number kept per connection. SQLite has its own statement cache (statement-cache.ts).
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../testing/database.ts';
import { openDatabase } from './connection.ts';
import { nameable, NamingPool, statementName } from './named-statements.ts';

interface Places {
  places: { id: number; country: string; name: string };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database with a small table, and a Kysely on it through one connection named as the gateway names them. */
async function placesDatabase(capacity?: number): Promise<{ db: Kysely<Places>; database: TestDatabase }> {
  const database = await createTestDatabase('empty');
  cleanups.push(database.drop);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const db = new Kysely<Places>({ dialect: new PostgresDialect({ pool: new NamingPool(pool, capacity) }) });
  cleanups.push(() => db.destroy());
  await sql`CREATE TABLE places (id INTEGER PRIMARY KEY, country TEXT NOT NULL, name TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO places (id, country, name) VALUES (1, 'GM', 'Banjul'), (2, 'GM', 'Serrekunda'), (3, 'SN', 'Dakar')`.execute(db);
  return { db, database };
}

/** The statements prepared on the (single) connection of `db`, as the server lists them. */
async function prepared(db: Kysely<Places>): Promise<Array<{ name: string; statement: string }>> {
  const { rows } = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db);
  return rows;
}

const byCountry = (db: Kysely<Places>, country: string) => db.selectFrom('places').select('name').where('country', '=', country).orderBy('id');

describe('statement names', () => {
  it('names a text by its hash: the same text the same name, two texts two names', () => {
    const text = 'select "name" from "places" where "country" = $1';
    expect(statementName(text)).toBe(statementName(`${text}`));
    expect(statementName(text)).not.toBe(statementName(`${text} order by "id"`));
  });

  it('names single DML statements only: DDL, transaction control and several commands in one text run unnamed', () => {
    expect(nameable('select 1')).toBe(true);
    expect(nameable('  WITH x AS (select 1) select * from x')).toBe(true);
    expect(nameable('insert into places values ($1, $2, $3)')).toBe(true);
    expect(nameable('begin')).toBe(false);
    expect(nameable('CREATE INDEX places_country ON places (country)')).toBe(false);
    expect(nameable('update places set name = $1; update places set name = $2')).toBe(false);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('named statements on PostgreSQL (issue 26)', () => {
  it('runs a query as one named statement, parsed once and run again with other values', async () => {
    const { db } = await placesDatabase();
    expect((await byCountry(db, 'GM').execute()).map((row) => row.name)).toEqual(['Banjul', 'Serrekunda']);
    expect((await byCountry(db, 'SN').execute()).map((row) => row.name)).toEqual(['Dakar']);
    const text = byCountry(db, 'GM').compile().sql;
    const statements = (await prepared(db)).filter((row) => row.statement === text);
    expect(statements).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('keeps at most its bound of statements on a connection, and runs an evicted text again (prepared anew)', async () => {
    const { db } = await placesDatabase(2);
    // Three texts (the values are parameters, so each query differs in its SQL).
    const texts = [byCountry(db, 'GM').limit(1), byCountry(db, 'GM').limit(1).offset(0), byCountry(db, 'GM').where('id', '>', 0)];
    for (const query of texts) await query.execute();
    // The listing itself is a named statement too: it took the place of the oldest, so the first two are gone.
    const names = (await prepared(db)).map((row) => row.name);
    expect(names).toHaveLength(2);
    expect(names).not.toContain(statementName(texts[0]?.compile().sql ?? ''));
    expect((await texts[0]?.execute())?.map((row) => row.name)).toEqual(['Banjul']);
  });

  it('keeps a statement prepared inside a transaction that rolled back, and one refused inside an aborted transaction works after it', async () => {
    const { db } = await placesDatabase();
    await expect(
      db.transaction().execute(async (trx) => {
        await byCountry(trx, 'GM').execute();
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect((await byCountry(db, 'SN').execute()).map((row) => row.name)).toEqual(['Dakar']);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SELECT 1 / 0`.execute(trx).catch(() => undefined);
        // Refused: the transaction is aborted, so this text is never prepared.
        await laterIds(trx);
      }),
    ).rejects.toThrow(/current transaction is aborted/);
    expect(await laterIds(db)).toEqual([2, 3]);
  });

  it('is how the gateway opens PostgreSQL: a query of the gateway’s Db is a prepared statement on its connection', async () => {
    const database = await createTestDatabase('migrated');
    cleanups.push(database.drop);
    const db = openDatabase({ databaseUrl: database.url, dataDir: '.' });
    cleanups.push(() => db.destroy());
    await db.connection().execute(async (connection) => {
      const page = connection.selectFrom('wallet_transactions').select('id').where('tenant_id', '=', 'naccug').orderBy('created', 'desc').limit(10);
      await page.execute();
      const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(connection);
      expect(rows.map((row) => row.name)).toContain(statementName(page.compile().sql));
    });
  });
});

async function laterIds(db: Kysely<Places>): Promise<number[]> {
  return (await db.selectFrom('places').select('id').where('id', '>', 1).orderBy('id').execute()).map((row) => row.id);
}
