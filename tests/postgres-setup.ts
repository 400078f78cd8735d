// vitest globalSetup of the `node-postgres` project: the gateway suite again, on PostgreSQL. Starts a throwaway
// cluster (or uses the server TELLER_TEST_POSTGRES_URL names, whose role may create databases), prepares two
// template databases, one migrated and one with the minimal world seeded as buildTestApp seeds it, and hands them
// to the workers; server/testing/database.ts copies a template for every test database (a copy takes tens of
// milliseconds, migrating and seeding over the wire hundreds). The teardown stops the cluster and removes its
// directory, whatever the tests did.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster.ts';
import { openDatabase, type Db } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedMinimal, type MinimalWorld } from '../server/seed/index.ts';
import { databaseUrl, whileInUse } from '../server/testing/database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TELLER_TEST_POSTGRES_URL;
  let cluster: PostgresCluster | undefined;
  const stopCluster = () => cluster?.stop();
  process.once('exit', stopCluster);
  if (!external) cluster = await startPostgresCluster();
  const adminUrl = external ?? cluster?.url ?? '';
  const run = randomBytes(4).toString('hex');
  const templates = { migrated: `teller_migrated_${run}`, minimal: `teller_minimal_${run}` };

  const admin = openDatabase({ databaseUrl: adminUrl, dataDir: '.' });
  let world: MinimalWorld;
  try {
    await sql`CREATE DATABASE ${sql.id(templates.migrated)}`.execute(admin);
    await prepare(databaseUrl(adminUrl, templates.migrated), migrateToLatest);
    await whileInUse(() => sql`CREATE DATABASE ${sql.id(templates.minimal)} TEMPLATE ${sql.id(templates.migrated)}`.execute(admin));
    world = await prepare(databaseUrl(adminUrl, templates.minimal), (db) => seedMinimal(db));
  } catch (error) {
    await admin.destroy();
    stopCluster();
    throw error;
  }
  project.provide('postgres', { adminUrl, templates, world });

  return async () => {
    try {
      if (external) for (const name of Object.values(templates)) await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    } finally {
      await admin.destroy();
      stopCluster();
      process.off('exit', stopCluster);
    }
  };
}

async function prepare<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({ databaseUrl: url, dataDir: '.' });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
