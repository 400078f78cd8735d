// `npm run backup -- <file>`: a consistent copy of the gateway's database, taken while it serves (README "Backup and
// restore"). SQLite: VACUUM INTO, one read snapshot written whole while writers go on. PostgreSQL: pg_dump
// --format=custom, one snapshot transaction; `pg_restore` brings it back. The database is DATABASE_URL, else
// TELLER_DATA_DIR/teller.db, as for the gateway. Uploaded files live in the database, so the copy carries them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { isPostgresUrl } from '../server/db/connection.ts';
import { postgresTool } from './postgres-cluster.ts';

export interface BackupSource {
  /** `postgres://...` or a SQLite file; undefined for `<dataDir>/teller.db`. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** Writes a consistent copy of the database to `destination`; resolves what it copied. */
export function backupDatabase(source: BackupSource, destination: string): string {
  if (existsSync(destination)) throw new Error(`${destination} exists already: a backup never overwrites a file.`);
  if (source.databaseUrl && isPostgresUrl(source.databaseUrl)) {
    execFileSync(postgresTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${destination}`, source.databaseUrl], { stdio: ['ignore', 'ignore', 'pipe'] });
    return 'PostgreSQL (pg_dump, custom format)';
  }
  const file = source.databaseUrl?.replace(/^sqlite:/, '') ?? join(source.dataDir, 'teller.db');
  if (!existsSync(file)) throw new Error(`No database at ${file}: set TELLER_DATA_DIR or DATABASE_URL as for the gateway.`);
  // VACUUM INTO reads one snapshot (WAL lets writers go on) and writes it whole. The page-copying backup API starts
  // over whenever another connection writes, so under a steady load it took 32 s where this takes a fraction.
  const database = new SqliteDatabase(file, { fileMustExist: true });
  try {
    database.prepare('VACUUM INTO ?').run(destination);
  } finally {
    database.close();
  }
  return `SQLite ${file} (VACUUM INTO, one snapshot)`;
}

/** Restores a PostgreSQL backup into `databaseUrl` (an empty database; README "Backup and restore"). */
export function restorePostgres(backup: string, databaseUrl: string): void {
  execFileSync(postgresTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, backup], { stdio: ['ignore', 'ignore', 'pipe'] });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const destination = process.argv[2];
  if (!destination) {
    console.error('usage: npm run backup -- <file>   (the database of DATABASE_URL, else TELLER_DATA_DIR/teller.db)');
    process.exit(2);
  }
  const copied = backupDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: resolve(process.env.TELLER_DATA_DIR ?? './data') }, resolve(destination));
  console.log(`Backed up ${copied} to ${resolve(destination)}`);
}
