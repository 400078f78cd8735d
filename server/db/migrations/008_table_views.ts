// Saved views of the schema tables (the contract's listViews, createView, updateView, deleteView): a person's named
// choice of columns, filters, sort and page size for one table, private, shared with a role of the tenant, or shared
// with the whole tenant and maybe its default. A list reads one tenant's views of one table, hence the index.
import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id: Column = (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
  const notNull: Column = (col) => col.notNull();

  await db.schema
    .createTable('table_views')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('table_id', 'text', notNull)
    .addColumn('name', 'text', notNull)
    /** private | role | tenant */
    .addColumn('scope', 'text', notNull)
    .addColumn('role', 'integer')
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    /** { columns, filters, sort, pageSize } as the contract's TableViewState. */
    .addColumn('state_json', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .execute();
  await db.schema.createIndex('table_views_tenant_table').on('table_views').columns(['tenant_id', 'table_id', 'name']).execute();
  await db.schema
    .createIndex('table_views_owner_name')
    .on('table_views')
    .columns(['tenant_id', 'owner_user_id', 'table_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('table_views').ifExists().execute();
}
