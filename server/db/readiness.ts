// Whether the gateway can answer (GET /readyz): its database answers and every migration it knows has run.
import { sql } from 'kysely';
import type { Db } from './connection.ts';
import { loadMigrations } from './migrate.ts';

/** Kysely's Migrator keeps the names of the migrations it ran here. */
const MIGRATION_TABLE = 'kysely_migration';

export type Readiness =
  | { kind: 'ready'; migrations: number }
  | { kind: 'unreachable' }
  | { kind: 'migrations_pending'; pending: string[] };

/** Asks the database, giving up after `timeoutMs` (an unreachable PostgreSQL would otherwise wait for its socket). */
export async function readiness(db: Db, timeoutMs: number): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'unreachable' }), timeoutMs);
  });
  try {
    return await Promise.race([check(db), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(db: Db): Promise<Readiness> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { kind: 'unreachable' };
  }
  const ran = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`
    .execute(db)
    .then(({ rows }) => new Set(rows.map((row) => row.name)))
    // The database answers but has no migration table: nothing ran yet.
    .catch(() => new Set<string>());
  const known = Object.keys(await loadMigrations());
  const pending = known.filter((name) => !ran.has(name));
  return pending.length === 0 ? { kind: 'ready', migrations: known.length } : { kind: 'migrations_pending', pending };
}
