import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, openTestDatabase } from '../testing/database.ts';
import type { Db } from './connection.ts';
import { direct, PreparedQueries, slots } from './prepared.ts';

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await closeTestDatabase(db);
});

async function countries(): Promise<Db> {
  const db = await openTestDatabase({ migrated: false });
  opened.push(db);
  await sql`CREATE TABLE places (id INTEGER PRIMARY KEY, country TEXT NOT NULL, name TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO places (id, country, name) VALUES (1, 'GM', 'Banjul'), (2, 'GM', 'Serrekunda'), (3, 'SN', 'Dakar'), (4, 'SN', 'Thiès')`.execute(db);
  return db;
}

/** `SELECT name FROM places WHERE country = ? ORDER BY id LIMIT ?`, with its values entering through `bind`. */
function placesQuery(db: Db, bind: typeof direct, country: string, limit: number) {
  return db
    .withTables<{ places: { id: number; country: string; name: string } }>()
    .selectFrom('places')
    .select('name')
    .where('country', '=', bind('country', country))
    .orderBy('id')
    .limit(bind('limit', limit));
}

describe('PreparedQueries', () => {
  it('compiles a shape once and runs it with each call’s own values, as the same query built directly would', async () => {
    const db = await countries();
    const prepared = new PreparedQueries();
    let builds = 0;
    const run = (country: string, limit: number) =>
      prepared.execute(db, 'places by country', () => {
        builds += 1;
        return placesQuery(db, slots, 'never used', 0);
      }, { country, limit });
    expect(await run('GM', 10)).toEqual([{ name: 'Banjul' }, { name: 'Serrekunda' }]);
    expect(await run('SN', 1)).toEqual([{ name: 'Dakar' }]);
    expect(await run('SN', 10)).toEqual(await placesQuery(db, direct, 'SN', 10).execute());
    expect(builds).toBe(1);
  });

  it('refuses a query that carries a value instead of a slot, so no request’s value is kept in the SQL', async () => {
    const db = await countries();
    const prepared = new PreparedQueries();
    await expect(prepared.execute(db, 'leaky', () => placesQuery(db, direct, 'GM', 10), { country: 'SN', limit: 10 })).rejects.toThrow(
      /parameter 1 is a value, not a slot/,
    );
  });

  it('refuses to run without a value for every slot', async () => {
    const db = await countries();
    const prepared = new PreparedQueries();
    await expect(prepared.execute(db, 'half', () => placesQuery(db, slots, '', 0), { country: 'GM' })).rejects.toThrow(/no value for limit/);
  });
});
