// Helpers for the fault tests (server/db/faults.ts): what the database holds, table by table, to prove a failed money
// movement left every table exactly as it was.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Every row of every table but `except` (and the migrations' own), each table's rows in a fixed order. */
export type DatabaseSnapshot = Record<string, string[]>;

export interface SnapshotScope {
  /** Tables left out: what the movement may change by design (each test says why). */
  except?: readonly string[];
  /** Columns left out, by table. */
  ignore?: Readonly<Record<string, readonly string[]>>;
}

export async function snapshotDatabase(db: Db, { except = [], ignore = {} }: SnapshotScope = {}): Promise<DatabaseSnapshot> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_') && !except.includes(name))
    .sort();
  const snapshot: DatabaseSnapshot = {};
  // All tables at once: PostgreSQL reads them on several connections (SQLite runs them one after another anyway).
  const contents = await Promise.all(tables.map(async (table) => (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows));
  tables.forEach((table, index) => {
    const left = ignore[table] ?? [];
    snapshot[table] = (contents[index] ?? []).map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !left.includes(column))))).sort();
  });
  return snapshot;
}
