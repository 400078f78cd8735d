// An index for each sort and filter the list screens offer (issue 26; schemas/tables), so page 1 of any sort reads
// its rows off an index instead of sorting the tenant's rows, and a count reads a narrow index instead of the table
// (`db/list-plans.test.ts` holds every list's plans to that on a seeded PostgreSQL copy).
// Wallet transactions: sorted by currency, |amount|, type or status (with the id breaking ties, as the list orders).
// Remittances: the pay-in and pay-out tables always filter by direction (the tenant's currency received or sent), so
// their counts, with a status and a date range or without, read (tenant, currency, status, date); each sortable
// column has (tenant, column, id).
import { sql, type Kysely } from 'kysely';

const WALLET_SORTS: Array<[string, string]> = [
  ['wallet_transactions_tenant_currency', 'currency'],
  ['wallet_transactions_tenant_amount', 'abs(amount_minor)'],
  ['wallet_transactions_tenant_type', 'type'],
  ['wallet_transactions_tenant_status', 'status'],
];

const REMITTANCE_SORTS: Array<[string, string]> = [
  ['remittances_tenant_payout_external_id', 'payout_external_id'],
  ['remittances_tenant_sender_name', 'sender_name'],
  ['remittances_tenant_receiver_name', 'receiver_name'],
  ['remittances_tenant_sender_amount', 'sender_amount_minor'],
  ['remittances_tenant_receiver_amount', 'receiver_amount_minor'],
  ['remittances_tenant_fee', 'transaction_fee_minor'],
  ['remittances_tenant_status_id', 'status_id'],
];

const REMITTANCE_DIRECTIONS: Array<[string, string]> = [
  ['remittances_tenant_sent', 'sender_currency'],
  ['remittances_tenant_received', 'receiver_currency'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Raw SQL: an expression among the columns (abs(amount_minor)) is written the same on both engines.
  for (const [name, column] of WALLET_SORTS) {
    await sql`CREATE INDEX ${sql.id(name)} ON wallet_transactions (tenant_id, ${sql.raw(column)}, id)`.execute(db);
  }
  for (const [name, column] of REMITTANCE_SORTS) {
    await sql`CREATE INDEX ${sql.id(name)} ON remittances (tenant_id, ${sql.raw(column)}, id)`.execute(db);
  }
  for (const [name, column] of REMITTANCE_DIRECTIONS) {
    await sql`CREATE INDEX ${sql.id(name)} ON remittances (tenant_id, ${sql.raw(column)}, status_id, transaction_date)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...WALLET_SORTS, ...REMITTANCE_SORTS, ...REMITTANCE_DIRECTIONS]) await db.schema.dropIndex(name).execute();
}
