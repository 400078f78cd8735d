// What a person needs to recognise a session in their Sessions list (issue 28 item 3): the browser's User-Agent as it
// signed in (at most 512 characters), the client's address at sign-in (behind trusted proxies, the forwarded one),
// and when it was last used. Rows opened before this migration have none of them; last_used then reads as created.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  /** Written at most once a minute per session (server/domain/auth/sessions.ts touchSession). */
  await db.schema.alterTable('sessions').addColumn('last_used', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_used').execute();
  await db.schema.alterTable('sessions').dropColumn('address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
