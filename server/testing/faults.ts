// Helpers for the fault tests (server/db/faults.ts): what the database holds, table by table, to prove a failed money
// movement left every table exactly as it was.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Every row of every table but `except` (and the migrations' own), each table's rows in a fixed order. */
export type DatabaseSnapshot = Record<string, string[]>;

export async function snapshotDatabase(db: Db, except: readonly string[] = []): Promise<DatabaseSnapshot> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_') && !except.includes(name))
    .sort();
  const snapshot: DatabaseSnapshot = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
