// Remittances and payouts (remittances-and-payouts §3, §4, §7): remittance rows and the settler's queue, the
// simulated bank's accounts and ledger, and the universal payment service's transactions and reference data.
// The list's default sort (newest first, RP §9) and its status filter each have an index that starts with the
// tenant, so a page, its count and a dashboard count read only the tenant's index entries.
import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id: Column = (col) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());
  const notNull: Column = (col) => col.notNull();
  const flag: Column = (col) => col.notNull().defaultTo(0);

  await db.schema
    .createTable('remittances')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    /** The reference sent to the bank, with `|{partnerId}` after it for a partner's payouts (RP §3). */
    .addColumn('payout_external_id', 'text', (col) => col.notNull().unique())
    .addColumn('reference_number', 'text', notNull)
    /** The first reference once a code 32 re-issue sent it as `{original}A` (RP §4). */
    .addColumn('original_id', 'text')
    .addColumn('payin_id', 'text', notNull)
    .addColumn('card_payment_reference', 'text')
    .addColumn('transaction_date', 'text', notNull)
    .addColumn('type_name', 'text', notNull)
    .addColumn('external_id', 'text')
    .addColumn('payout_channel', 'text')
    .addColumn('payout_partner', 'text')
    .addColumn('sender_name', 'text', notNull)
    .addColumn('sender_amount_minor', 'bigint', notNull)
    .addColumn('sender_currency', 'text', notNull)
    .addColumn('receiver_name', 'text', notNull)
    .addColumn('receiver_amount_minor', 'bigint', notNull)
    .addColumn('receiver_currency', 'text', notNull)
    .addColumn('beneficiary_bank_bic', 'text')
    .addColumn('beneficiary_bank_code', 'text')
    .addColumn('beneficiary_account', 'text')
    .addColumn('transaction_fee_minor', 'bigint', notNull)
    /** The FX rate in millionths (1520.35 → 1520350000). */
    .addColumn('transaction_fx_micro', 'bigint', notNull)
    .addColumn('status_id', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('purpose', 'text')
    .addColumn('sender_remarks', 'text')
    .addColumn('admin_notes', 'text')
    /** Bumped by every change: a write that read an older version answers row_changed. */
    .addColumn('version', 'integer', flag)
    .addColumn('created', 'text', notNull)
    .addColumn('updated', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('remittances_tenant_date')
    .on('remittances')
    .columns(['tenant_id', 'transaction_date', 'id'])
    .execute();
  await db.schema
    .createIndex('remittances_tenant_status_date')
    .on('remittances')
    .columns(['tenant_id', 'status_id', 'transaction_date', 'id'])
    .execute();

  // The settler's queue (restart-safe): a row waits here until a settler claims it (claim + claimed_at, taken by
  // one UPDATE) and settles it; a claim older than the settler's lease is taken again after a crash.
  await db.schema
    .createTable('payout_queue')
    .addColumn('remittance_id', 'integer', (col) => col.primaryKey().references('remittances.id'))
    .addColumn('tenant_id', 'text', notNull)
    .addColumn('queued_at', 'text', notNull)
    .addColumn('queued_by', 'integer')
    .addColumn('claim', 'text')
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema.createIndex('payout_queue_queued').on('payout_queue').columns(['queued_at', 'remittance_id']).execute();

  // The simulated bank's own books: accounts (the operators' payout accounts and beneficiaries) and the
  // references it holds, paid or not. A real bank adapter does not use these tables.
  await db.schema
    .createTable('bank_accounts')
    .addColumn('account_number', 'text', (col) => col.primaryKey())
    .addColumn('account_name', 'text', notNull)
    .addColumn('bank_code', 'text', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('balance_minor', 'bigint', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .execute();
  await db.schema
    .createTable('bank_ledger')
    .addColumn('reference', 'text', (col) => col.primaryKey())
    .addColumn('code', 'text', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('amount_minor', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('bank_code', 'text')
    .addColumn('account_number', 'text')
    .addColumn('at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('upt_transactions')
    .addColumn('id', 'integer', id)
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('reference', 'text', notNull)
    .addColumn('tu_reference', 'text')
    .addColumn('sender_name', 'text', notNull)
    .addColumn('beneficiary_name', 'text', notNull)
    .addColumn('transaction_date', 'text', notNull)
    .addColumn('amount_minor', 'bigint', notNull)
    .addColumn('amount_currency', 'text', notNull)
    .addColumn('status', 'text', notNull)
    /** The export's further fields (RP §3), as the service sent them; never filtered or sorted on. */
    .addColumn('details_json', 'text', notNull)
    .addColumn('synced', 'text', notNull)
    .addUniqueConstraint('upt_transactions_tenant_reference', ['tenant_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('upt_transactions_tenant_date')
    .on('upt_transactions')
    .columns(['tenant_id', 'transaction_date', 'id'])
    .execute();

  await db.schema
    .createTable('upt_countries')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('is_deleted', 'integer', flag)
    .addColumn('is_used_security_question', 'integer', flag)
    .addColumn('currency_code', 'text', notNull)
    .addColumn('paymen_min_age', 'integer')
    .addColumn('marketing_expense_minor', 'bigint')
    .addColumn('reporter_expense_minor', 'bigint')
    .addColumn('telephone_code', 'text')
    .addColumn('is_iban_mandatory_for_swift', 'integer', flag)
    .execute();
  await db.schema
    .createTable('upt_payment_limits')
    .addColumn('id', 'integer', id)
    .addColumn('country_code', 'text', (col) => col.notNull().references('upt_countries.code'))
    .addColumn('currency_code', 'text', notNull)
    .addColumn('min_minor', 'bigint', notNull)
    .addColumn('max_minor', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('upt_payment_limits_country').on('upt_payment_limits').column('country_code').execute();
  await db.schema
    .createTable('upt_banks')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('is_deleted', 'integer', flag)
    .addColumn('country_code', 'text', notNull)
    .addColumn('credit_card_center_branch_code', 'text')
    .addColumn('closed_date', 'text')
    .addColumn('created_on', 'text', notNull)
    .addColumn('modified_on', 'text')
    .execute();
  await db.schema
    .createTable('upt_branches')
    .addColumn('id', 'integer', id)
    .addColumn('bank_code', 'text', (col) => col.notNull().references('upt_banks.code'))
    .addColumn('code', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('city', 'text')
    .addColumn('address', 'text')
    .addColumn('is_deleted', 'integer', flag)
    .execute();
  await db.schema.createIndex('upt_branches_bank').on('upt_branches').columns(['bank_code', 'code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'upt_branches',
    'upt_banks',
    'upt_payment_limits',
    'upt_countries',
    'upt_transactions',
    'bank_ledger',
    'bank_accounts',
    'payout_queue',
    'remittances',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
