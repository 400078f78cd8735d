// The change feed of the live tables (the contract's streamChanges): one row per change a list shows, written in the
// transaction of the change (domain/changes/feed.ts). Streams read a tenant's rows after a cursor (tx, id), hence the
// index; rows older than a day are pruned by `at`.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id: Column = (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
  const notNull: Column = (col) => col.notNull();
  // PostgreSQL assigns ids at insert but commits in any order, so a reader may see id 11 while 10 is still running:
  // each row keeps its writing transaction, and a stream reads only transactions older than every running one, in
  // (tx, id) order (domain/changes/feed.ts). SQLite has one writer at a time: ids commit in order, tx stays 0.
  const tx: Column = (col) => col.notNull().defaultTo(pg ? sql`(pg_current_xact_id()::text)::bigint` : 0);

  await db.schema
    .createTable('change_events')
    .addColumn('id', 'integer', id)
    .addColumn('at', 'text', notNull)
    .addColumn('tenant_id', 'text', notNull)
    /** user | walletTransaction | remittance */
    .addColumn('entity', 'text', notNull)
    .addColumn('entity_id', 'text', notNull)
    /** The audit action, e.g. `account.status`, `remittance.settle`. */
    .addColumn('action', 'text', notNull)
    /** The changed fields as a JSON array of names. */
    .addColumn('changed_json', 'text', notNull)
    /** The users whose visibility decides who sees the row (users-and-wallets §6); both null: every staff member of the tenant. */
    .addColumn('user_id', 'integer')
    .addColumn('other_user_id', 'integer')
    .addColumn('tx', 'bigint', tx)
    .execute();
  await db.schema.createIndex('change_events_tenant_cursor').on('change_events').columns(['tenant_id', 'tx', 'id']).execute();
  await db.schema.createIndex('change_events_at').on('change_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_events').ifExists().execute();
}
