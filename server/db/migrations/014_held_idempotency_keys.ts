// An Idempotency-Key whose request a four-eyes rule held back (issue 22): the key row is bound to its approval
// (`state` 'held', `approval_id`), so the maker's retries answer that approval, its result or its refusal, and only
// the approval's own run may claim the key to do the work.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('approval_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('approval_id').execute();
}
