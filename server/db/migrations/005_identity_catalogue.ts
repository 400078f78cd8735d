// Identity and catalogue (identity-and-catalogue §3, §7): a tenant is the identity client connect/token checks
// (its grant types, scopes, claims and hashed secrets), API resources and their scopes; the catalogue per tenant:
// products with sending and receiving currencies, payment options and services, fee details and forex pairs.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** The API resources every gateway starts with; a scope a tenant lists that none of them has joins `teller`. */
const STANDARD_RESOURCES: ReadonlyArray<{ name: string; displayName: string; description: string; nonEditable: boolean; scopes: readonly string[] }> = [
  { name: 'openid', displayName: 'OpenID Connect', description: 'The user identity every client asks for', nonEditable: true, scopes: ['openid'] },
  { name: 'teller', displayName: 'Teller gateway', description: 'Users, wallets, files, transactions and the catalogue', nonEditable: false, scopes: ['um', 'wallet', 'fs', 'tx', 'catalogue'] },
  { name: 'identity', displayName: 'Identity administration', description: 'Tenants, API scopes and API resources', nonEditable: false, scopes: ['identity'] },
  { name: 'remittance', displayName: 'Remittances and payouts', description: 'Remittance transactions, payouts and UPT', nonEditable: false, scopes: ['remittance'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id: Column = (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
  const notNull: Column = (col) => col.notNull();
  const flag: Column = (col) => col.notNull().defaultTo(0);
  const now = new Date().toISOString();

  // The tenant as an identity client (IC §3); grant_type and scope stay as the tenant selection's projection
  // of the lists (the first grant type, the scopes joined by spaces), written with the lists.
  await db.schema.alterTable('tenants').addColumn('description', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('tenants').addColumn('client_claims_prefix', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('tenants').addColumn('require_client_secret', 'integer', flag).execute();
  await db.schema.alterTable('tenants').addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('tenants').addColumn('client_roles', 'integer', flag).execute();

  await db.schema
    .createTable('tenant_grant_types')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addPrimaryKeyConstraint('tenant_grant_types_pk', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('tenant_scopes')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addPrimaryKeyConstraint('tenant_scopes_pk', ['tenant_id', 'name'])
    .execute();
  await db.schema.createIndex('tenant_scopes_name').on('tenant_scopes').column('name').execute();
  await db.schema
    .createTable('tenant_claims')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addPrimaryKeyConstraint('tenant_claims_pk', ['tenant_id', 'type', 'value'])
    .execute();
  await db.schema
    .createTable('tenant_secrets')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('type', 'text', notNull)
    .addColumn('description', 'text')
    /** sha256 of the clear value, which leaves the gateway once, in the answer that created it. */
    .addColumn('value_hash', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema.createIndex('tenant_secrets_tenant').on('tenant_secrets').column('tenant_id').execute();

  await db.schema
    .createTable('api_resources')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('display_name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('non_editable', 'integer', flag)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema
    .createTable('api_scopes')
    .addColumn('id', 'integer', id)
    .addColumn('api_resource_id', 'integer', (col) => col.notNull().references('api_resources.id'))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('display_name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('required', 'integer', flag)
    .addColumn('emphasize', 'integer', flag)
    .addColumn('show_in_discovery_document', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created', 'text', notNull)
    .execute();
  await db.schema.createIndex('api_scopes_resource').on('api_scopes').column('api_resource_id').execute();

  // The catalogue belongs to a tenant; rows seeded before this migration had none and stay out of every list.
  await db.schema.alterTable('products').addColumn('tenant_id', 'text', (col) => col.references('tenants.id')).execute();
  await db.schema.createIndex('products_tenant_title').on('products').columns(['tenant_id', 'title', 'id']).execute();
  await db.schema.createIndex('services_product').on('services').column('product_id').execute();
  await db.schema.createIndex('wallet_transactions_service').on('wallet_transactions').column('service_id').execute();

  await db.schema
    .createTable('product_currencies')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    /** 'sending' or 'receiving' (IC §2 settings keys SendingCurrency and ReceivingCurrency). */
    .addColumn('direction', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('symbol', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .addUniqueConstraint('product_currencies_code', ['product_id', 'direction', 'code'])
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable('payment_options')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('payment_method_id', 'integer', (col) => col.notNull().references('payment_methods.id'))
    .addColumn('description', 'text', notNull)
    .addColumn('created', 'text', notNull)
    .addUniqueConstraint('payment_options_method', ['product_id', 'payment_method_id'])
    .execute();

  // Amounts and values in minor units (hundredths; a percentage 1.50 is 150).
  await db.schema
    .createTable('fee_details')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('currency_id', 'integer', (col) => col.notNull().references('currencies.id'))
    .addColumn('min_minor', 'bigint', notNull)
    .addColumn('max_minor', 'bigint', notNull)
    .addColumn('is_percent', 'integer', flag)
    .addColumn('default_minor', 'bigint', notNull)
    .addColumn('partner_minor', 'bigint', notNull)
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .execute();
  await db.schema.createIndex('fee_details_selection').on('fee_details').columns(['tenant_id', 'product_id', 'currency_id', 'min_minor']).execute();

  // Rates and markups as canonical decimal text (up to 12 digits and 6 decimals: beyond 2^53 as integers).
  await db.schema
    .createTable('forex_pairs')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('sending_currency_id', 'integer', (col) => col.notNull().references('product_currencies.id'))
    .addColumn('receiving_currency_id', 'integer', (col) => col.notNull().references('product_currencies.id'))
    .addColumn('market_fx', 'text', notNull)
    .addColumn('default_markup', 'text', notNull)
    .addColumn('partner_markup', 'text', notNull)
    .addColumn('is_percent', 'integer', flag)
    .addColumn('is_auto_update', 'integer', flag)
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .addUniqueConstraint('forex_pairs_pair', ['product_id', 'sending_currency_id', 'receiving_currency_id'])
    .execute();
  await db.schema.createIndex('forex_pairs_receiving').on('forex_pairs').column('receiving_currency_id').execute();
  await db.schema.createIndex('forex_pairs_sending').on('forex_pairs').column('sending_currency_id').execute();

  await migrateTenantClients(db, now);
}

/** Tenants seeded before this migration become identity clients with the lists of their old single values. */
async function migrateTenantClients(db: Kysely<unknown>, now: string): Promise<void> {
  for (const resource of STANDARD_RESOURCES) {
    const { id } = await sql<{ id: number }>`
      INSERT INTO api_resources (name, display_name, description, non_editable, enabled, created)
      VALUES (${resource.name}, ${resource.displayName}, ${resource.description}, ${resource.nonEditable ? 1 : 0}, 1, ${now})
      RETURNING id`
      .execute(db)
      .then((result) => result.rows[0] ?? { id: 0 });
    for (const scope of resource.scopes) {
      await sql`
        INSERT INTO api_scopes (api_resource_id, name, display_name, description, required, emphasize, show_in_discovery_document, created)
        VALUES (${id}, ${scope}, ${scope}, ${null}, 0, 0, 1, ${now})`.execute(db);
    }
  }
  const teller = await sql<{ id: number }>`SELECT id FROM api_resources WHERE name = 'teller'`.execute(db);
  const tellerId = teller.rows[0]?.id ?? 0;

  const tenants = await sql<{ id: string; name: string; grant_type: string; scope: string; claim: string }>`
    SELECT id, name, grant_type, scope, claim FROM tenants ORDER BY id`.execute(db);
  for (const tenant of tenants.rows) {
    await sql`UPDATE tenants SET description = ${tenant.name}, client_claims_prefix = ${`${tenant.id.replaceAll('-', '_')}_`} WHERE id = ${tenant.id}`.execute(db);
    await sql`INSERT INTO tenant_grant_types (tenant_id, position, name) VALUES (${tenant.id}, 0, ${tenant.grant_type})`.execute(db);
    const scopes = [...new Set(tenant.scope.split(/\s+/).filter(Boolean))];
    for (const [position, scope] of scopes.entries()) {
      await sql`INSERT INTO tenant_scopes (tenant_id, position, name) VALUES (${tenant.id}, ${position}, ${scope})`.execute(db);
      const known = await sql`SELECT id FROM api_scopes WHERE name = ${scope}`.execute(db);
      if (known.rows.length === 0) {
        await sql`
          INSERT INTO api_scopes (api_resource_id, name, display_name, description, required, emphasize, show_in_discovery_document, created)
          VALUES (${tellerId}, ${scope}, ${scope}, ${null}, 0, 0, 1, ${now})`.execute(db);
      }
    }
    await sql`INSERT INTO tenant_claims (tenant_id, position, type, value) VALUES (${tenant.id}, 0, 'tenant', ${tenant.claim})`.execute(db);
  }
  // One story for tenants (docs/decisions.md): the tenant row is the client connect/token checks.
  await sql`DELETE FROM clients WHERE kind = 'tenant'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['forex_pairs', 'fee_details', 'payment_options', 'payment_methods', 'product_currencies', 'api_scopes', 'api_resources', 'tenant_secrets', 'tenant_claims', 'tenant_scopes', 'tenant_grant_types']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('wallet_transactions_service').ifExists().execute();
  await db.schema.dropIndex('services_product').ifExists().execute();
  await db.schema.dropIndex('products_tenant_title').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('tenant_id').execute();
  for (const column of ['client_roles', 'enabled', 'require_client_secret', 'client_claims_prefix', 'description']) {
    await db.schema.alterTable('tenants').dropColumn(column).execute();
  }
}
