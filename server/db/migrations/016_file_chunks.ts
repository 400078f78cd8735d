// Uploaded files in the database (issue 26): every gateway host sharing the database serves every file. A file's bytes
// are rows of about 1 MB (`seq` from 0), so no 50 MB value is built in memory or sent in one statement. Files an
// older gateway kept in `<dataDir>/files` are moved in at start by each host that holds them (domain/files/disk.ts).
import type { Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', 'text', (col) => col.notNull().references('files.id'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_chunks').execute();
}
