// The database under a gateway test, by engine: the `node` project runs every test on SQLite (:memory:), the
// `node-postgres` project (vitest.config.ts, TELLER_TEST_ENGINE=postgres) runs the same tests on PostgreSQL, each
// test database a copy of a template tests/postgres-setup.ts prepared once (migrated, or seeded with the minimal
// world), so tests stay isolated and run in parallel workers.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedMinimal, type MinimalWorld } from '../seed/minimal.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The cluster's maintenance database, the template databases and the minimal world seeded in `minimal`. */
    postgres: { adminUrl: string; templates: Record<Exclude<TestDatabaseContents, 'empty'>, string>; world: MinimalWorld };
  }
}

export type TestEngine = 'sqlite' | 'postgres';

export const TEST_ENGINE: TestEngine = process.env.TELLER_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The URL of `database` on the server `url` points at. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  url: string;
  /** Removes the database (after everything connected to it closed). */
  drop: () => Promise<void>;
}

let admin: pg.Pool | undefined;

function adminPool(adminUrl: string): pg.Pool {
  // Idle connections do not hold the worker open once its tests are done.
  admin ??= new pg.Pool({ connectionString: adminUrl, max: 2, allowExitOnIdle: true });
  return admin;
}

/** pg's "object in use": the connections of a pool just ended are still closing on the server. */
const OBJECT_IN_USE = '55006';

const inUse = (error: unknown) => error instanceof Error && 'code' in error && error.code === OBJECT_IN_USE;

/**
 * Runs `work` again while the server says the database it names is still in use (a pool's end() does not wait for
 * the server to see its connections close); throws after about 5 s.
 */
export async function whileInUse<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 250 || !inUse(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Drops the database once its connections have gone; one still open after 5 s is cut off (its owner sees an error). */
async function dropDatabase(pool: pg.Pool, name: string): Promise<void> {
  try {
    await whileInUse(() => pool.query(`DROP DATABASE IF EXISTS ${name}`));
  } catch (error) {
    if (!inUse(error)) throw error;
    await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** What a new test database holds: nothing, the schema, or the schema and the minimal world seeded at MINIMAL_NOW. */
export type TestDatabaseContents = 'empty' | 'migrated' | 'minimal';

/**
 * A database of its own for one test: `:memory:` on SQLite (always empty: buildApp migrates, the caller seeds);
 * on PostgreSQL a new database copied from the template that holds `contents`.
 */
export async function createTestDatabase(contents: TestDatabaseContents = 'migrated'): Promise<TestDatabase> {
  if (TEST_ENGINE === 'sqlite') return { url: ':memory:', drop: async () => undefined };
  const { adminUrl, templates } = inject('postgres');
  const pool = adminPool(adminUrl);
  const name = `t_${randomBytes(8).toString('hex')}`;
  await pool.query(contents === 'empty' ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${templates[contents]}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => dropDatabase(pool, name),
  };
}

const dropOnClose = new WeakMap<Db, TestDatabase>();

/** A database opened on the test engine, migrated unless `migrated` is false; close it with closeTestDatabase. */
export async function openTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<Db> {
  const database = await createTestDatabase(migrated ? 'migrated' : 'empty');
  const db = openDatabase({ databaseUrl: database.url, dataDir: '.' });
  dropOnClose.set(db, database);
  if (migrated) await migrateToLatest(db);
  return db;
}

/**
 * A copy of the database tests/postgres-setup.ts seeded with the minimal world, and that world; undefined on SQLite,
 * where seeding in memory costs less than copying would.
 */
export async function seededTestDatabase(): Promise<{ database: TestDatabase; world: MinimalWorld } | undefined> {
  if (TEST_ENGINE === 'sqlite') return undefined;
  return { database: await createTestDatabase('minimal'), world: inject('postgres').world };
}

export async function closeTestDatabase(db: Db): Promise<void> {
  await db.destroy();
  await dropOnClose.get(db)?.drop();
}

/**
 * A database other processes can open too, migrated and seeded with the minimal world: a SQLite file in a temporary
 * directory, or a PostgreSQL database copied from the seeded template.
 */
export async function sharedTestDatabase(): Promise<TestDatabase & { world: MinimalWorld }> {
  const seeded = await seededTestDatabase();
  if (seeded) return { ...seeded.database, world: seeded.world };
  const dir = mkdtempSync(join(tmpdir(), 'teller-shared-'));
  const url = join(dir, 'teller.db');
  const db = openDatabase({ databaseUrl: url, dataDir: dir });
  try {
    await migrateToLatest(db);
    return { url, world: await seedMinimal(db), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await db.destroy();
  }
}
