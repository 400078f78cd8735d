// Sessions that end at once and attempt limits that hold under bursts, both in the database so every gateway process
// sees the same (docs/decisions.md "Sessions and attempt limits").
// - sessions: one row per sign-in; its id travels in every token of that sign-in (`sid`), the tenant tokens of
//   connect/token included, and bearerAuth reads it on every request, so a revoked row ends them all.
// - attempt_counters: one counter per limited key (e.g. `sign-in:pair:<account>|<address>`), counted in one
//   upsert before the attempt is checked; a window opens at the first counted attempt and closes at window_ends.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    /** 32 random bytes, base64url. */
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    /** The sign-in client id (`teller-web`). */
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('expires', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    /** Why it ended early: logout, password.change, password.reset, status. */
    .addColumn('reason', 'text')
    .execute();
  // Revoking every session of a user (password change, a status that bars sign-in) reads only that user's rows.
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked_at']).execute();

  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_ends', 'text', (col) => col.notNull())
    .execute();
  // Closed windows are deleted by the next window that opens.
  await db.schema.createIndex('attempt_counters_window_ends').on('attempt_counters').column('window_ends').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_counters').execute();
  await db.schema.dropTable('sessions').execute();
}
