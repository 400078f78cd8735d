// The first schema: tenants, identity, users and accounts, wallets, OTP, idempotency, audit, files, outbox, reference lists.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id: Column = (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
  const notNull: Column = (col) => col.notNull();
  const flag: Column = (col) => col.notNull().defaultTo(0);

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('client_id', 'text', (col) => col.notNull().unique())
    .addColumn('grant_type', 'text', notNull)
    .addColumn('scope', 'text', notNull)
    .addColumn('claim', 'text', notNull)
    .addColumn('is_admin', 'integer', flag)
    .addColumn('is_main', 'integer', flag)
    .addColumn('payout_admin', 'integer', flag)
    .addColumn('currency', 'text', notNull)
    .addColumn('config_json', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('client_id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', notNull)
    .addColumn('tenant_id', 'text', (col) => col.references('tenants.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('grant_type', 'text', notNull)
    .addColumn('scope', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .addUniqueConstraint('groups_tenant_name', ['tenant_id', 'name'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('firstname', 'text', notNull)
    .addColumn('middlename', 'text')
    .addColumn('lastname', 'text', notNull)
    .addColumn('birthdate', 'text')
    .addColumn('gender', 'text')
    .addColumn('nationality', 'text')
    .addColumn('country', 'text')
    .addColumn('email', 'text')
    .addColumn('phonenumber', 'text')
    .addColumn('externalid', 'text')
    .addColumn('photo_file_id', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .execute();
  await db.schema.createIndex('users_tenant_created').on('users').columns(['tenant_id', 'created', 'id']).execute();
  await db.schema.createIndex('users_created_by').on('users').column('created_by').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('account_id', 'integer', (col) => col.notNull().unique())
    .addColumn('roles', 'integer', notNull)
    .addColumn('group_id', 'integer', (col) => col.references('groups.id'))
    .addColumn('status', 'integer', flag)
    .addColumn('username', 'text', (col) => col.unique())
    .addColumn('password_hash', 'text')
    .addColumn('recovery_method', 'text', (col) => col.notNull().defaultTo('link'))
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .execute();
  await db.schema.createIndex('accounts_group').on('accounts').column('group_id').execute();

  await db.schema
    .createTable('wallets')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('currency', 'text', notNull)
    .addColumn('balance_minor', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`balance_minor >= 0`))
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .addUniqueConstraint('wallets_user_currency', ['user_id', 'currency'])
    .execute();

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('reference_number', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('wallet_id', 'integer', (col) => col.notNull().references('wallets.id'))
    .addColumn('counter_wallet_id', 'integer', (col) => col.references('wallets.id'))
    .addColumn('sender_user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('receiver_user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount_minor', 'bigint', notNull)
    .addColumn('fee_minor', 'bigint', flag)
    .addColumn('currency', 'text', notNull)
    .addColumn('service_id', 'integer')
    .addColumn('external_id', 'text')
    .addColumn('remarks', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .addColumn('completed', 'text')
    .execute();
  await db.schema
    .createIndex('wallet_transactions_tenant_status_created')
    .on('wallet_transactions')
    .columns(['tenant_id', 'status', 'created', 'id'])
    .execute();
  await db.schema
    .createIndex('wallet_transactions_tenant_created')
    .on('wallet_transactions')
    .columns(['tenant_id', 'created', 'id'])
    .execute();
  await db.schema
    .createIndex('wallet_transactions_receiver_created')
    .on('wallet_transactions')
    .columns(['receiver_user_id', 'created'])
    .execute();
  await db.schema.createIndex('wallet_transactions_wallet').on('wallet_transactions').column('wallet_id').execute();
  await db.schema
    .createIndex('wallet_transactions_counter_wallet')
    .on('wallet_transactions')
    .column('counter_wallet_id')
    .execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'integer', id)
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('wallet_transactions.id'))
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', flag)
    .addColumn('expires', 'text', notNull)
    .addColumn('used', 'integer', flag)
    .addColumn('revoked', 'integer', flag)
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema.createIndex('otp_codes_transaction').on('otp_codes').column('transaction_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created', 'text', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('at', 'text', notNull)
    .addColumn('actor_user_id', 'integer')
    .addColumn('tenant_id', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('entity', 'text', notNull)
    .addColumn('entity_id', 'text', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant_id', 'at']).execute();
  await refuseAuditRewrites(db, pg);

  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('document_type', 'text', notNull)
    .addColumn('document_number', 'text', notNull)
    .addColumn('expiry_date', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema.createIndex('documents_user').on('documents').column('user_id').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('document_id', 'integer', (col) => col.references('documents.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('original_name', 'text', notNull)
    .addColumn('stored_path', 'text', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('created_by', 'integer')
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema.createIndex('files_user').on('files').column('user_id').execute();
  await db.schema.createIndex('files_document').on('files').column('document_id').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('attempts', 'integer', flag)
    .addColumn('expires', 'text', notNull)
    .addColumn('used', 'integer', flag)
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text')
    .addColumn('channel', 'text', notNull)
    .addColumn('recipient', 'text', notNull)
    .addColumn('subject', 'text')
    .addColumn('body', 'text', notNull)
    .addColumn('code', 'text')
    .addColumn('link', 'text')
    .addColumn('created', 'text', notNull)
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('iso', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('nationality', 'text', notNull)
    .addColumn('dial_code', 'text')
    .execute();
  for (const table of ['roles', 'statuses', 'transaction_types']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('name', 'text', notNull)
      .execute();
  }
  await db.schema
    .createTable('product_types')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id)
    .addColumn('title', 'text', notNull)
    .addColumn('sub_title', 'text')
    .addColumn('product_type_id', 'integer', (col) => col.notNull().references('product_types.id'))
    .addColumn('background_url', 'text')
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema
    .createTable('currencies')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('symbol', 'text', notNull)
    .addColumn('product_id', 'integer', (col) => col.references('products.id'))
    .execute();
  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('icon', 'text')
    .addColumn('transaction_type', 'integer')
    .addColumn('product_id', 'integer', (col) => col.references('products.id'))
    .execute();
  await db.schema
    .createTable('channels')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.references('tenants.id'))
    .addColumn('code', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('country', 'text')
    .addColumn('currency', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

/** docs/architecture.md: the audit is append-only, so the database itself refuses to rewrite history. */
async function refuseAuditRewrites(db: Kysely<unknown>, pg: boolean): Promise<void> {
  if (pg) {
    await sql`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only';
      END;
      $$`.execute(db);
    await sql`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    return;
  }
  await sql`
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'channels', 'services', 'currencies', 'products', 'product_types', 'transaction_types', 'statuses', 'roles',
    'countries', 'outbox', 'account_tokens', 'files', 'documents', 'audit_log', 'idempotency_keys', 'otp_codes',
    'wallet_transactions', 'wallets', 'accounts', 'users', 'groups', 'clients', 'tenants',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
}
