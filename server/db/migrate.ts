// Versioned migrations `migrations/NNN_name.ts` (each exporting `up`, optionally `down`), run in name order by
// Kysely's Migrator. The files are collected here once, so adding a migration is adding a file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_MIGRATION_TABLE, Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection.ts';

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));
// .js in the compiled gateway (scripts/build-gateway.ts).
const MIGRATION_FILE = /^(\d{3}_[A-Za-z0-9_-]+)\.[tj]s$/;

let loaded: Promise<Record<string, Migration>> | undefined;

/** Every migration by name (`001_initial`...), read once per process. */
export function loadMigrations(): Promise<Record<string, Migration>> {
  loaded ??= (async () => {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(migrationsDir).sort()) {
      const name = MIGRATION_FILE.exec(file)?.[1];
      if (!name) continue;
      const module: unknown = await import(pathToFileURL(join(migrationsDir, file)).href);
      const up = typeof module === 'object' && module !== null && 'up' in module ? module.up : undefined;
      if (typeof up !== 'function') throw new Error(`server/db/migrations/${file} must export an async up(db).`);
      migrations[name] = module as Migration;
    }
    return migrations;
  })();
  return loaded;
}

const provider: MigrationProvider = { getMigrations: loadMigrations };

/**
 * Whether every migration has run already: one query, where the Migrator first reads the catalogue for its tables
 * and takes its lock (tens of milliseconds on PostgreSQL, for every gateway process and every test database).
 */
async function upToDate(db: Db): Promise<boolean> {
  try {
    const rows = await db.withTables<{ [DEFAULT_MIGRATION_TABLE]: { name: string } }>().selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
    const done = new Set(rows.map((row) => row.name));
    return Object.keys(await loadMigrations()).every((name) => done.has(name));
  } catch {
    // No migration table yet: a new database.
    return false;
  }
}

/** Brings the schema to the latest version; throws (naming the migration) when one fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  if (await upToDate(db)) return;
  // Migrations see the schema as it was when they were written, not today's Database type.
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider,
    // Parallel branches may land a lower number after a higher one already ran on a developer's ./data.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
