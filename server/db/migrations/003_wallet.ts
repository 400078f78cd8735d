// Wallet listing at scale (the speed budget, README "Benchmarks": p95 under 30 ms for any page of 1,000,000 transactions).
//
// COUNT(*) and a deep OFFSET both walk every matching index entry (≈45 ms each at 400,000 entries here), so the
// database keeps running counts of wallet transactions, maintained by triggers in the same transaction as the
// row change and therefore always exact:
// - wallet_transaction_counts (tenant, status, type, currency): itemTotal of a list without a date range;
// - wallet_transaction_day_counts (tenant, status, day, type, currency): itemTotal with a date range, the day a
//   deep page starts on, so that page is read with a small OFFSET inside that day (server/domain/wallet/listing.ts),
//   and the amounts moved per day for the dashboard statistics (server/domain/statistics/transactions.ts).
// Plus the indexes the list's other filters and sorts need.
import { sql, type CreateTableBuilder, type Kysely, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from '../connection.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // SQLite: rows stored in primary-key order, so summing a tenant's days reads neighbouring rows, not one index
  // lookup per row (1.8 ms → 0.2 ms for a year of days at 1,000,000 transactions). PostgreSQL has no such option.
  const clustered = (table: CreateTableBuilder<string, never>) => (pg ? table : table.modifyEnd(sql`without rowid`));

  await db.schema
    .createTable('wallet_transaction_counts')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('n', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wallet_transaction_counts_pk', ['tenant_id', 'status', 'type', 'currency'])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('wallet_transaction_day_counts')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    /** YYYY-MM-DD, the UTC day of `created`. */
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('n', 'bigint', (col) => col.notNull().defaultTo(0))
    /** Σ |amount_minor| of the day's rows. */
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wallet_transaction_day_counts_pk', ['tenant_id', 'status', 'day', 'type', 'currency'])
    .$call(clustered)
    .execute();

  // Rows already there (a database created before this migration).
  await sql`
    INSERT INTO wallet_transaction_counts (tenant_id, status, type, currency, n)
    SELECT tenant_id, status, type, currency, count(*) FROM wallet_transactions
    GROUP BY tenant_id, status, type, currency`.execute(db);
  await recountDays(db, SINGLE_DAY_AMOUNT);

  await createCountTriggers(db, SINGLE_DAY_AMOUNT);

  // filter[userId] matches sender or receiver; the receiver side is indexed by 001.
  await db.schema
    .createIndex('wallet_transactions_sender_created')
    .on('wallet_transactions')
    .columns(['sender_user_id', 'created'])
    .execute();
  // sort=±referenceNumber inside a tenant (the user-transactions tab's default is -referenceNumber).
  await db.schema
    .createIndex('wallet_transactions_tenant_reference')
    .on('wallet_transactions')
    .columns(['tenant_id', 'reference_number'])
    .execute();
}

type Row = 'NEW' | 'OLD';
type Sign = '+' | '-';

/** How a day cell adds up its rows' amounts: its columns and what a row whose amount is `amount` adds to each. */
export interface DayAmount {
  columns: readonly string[];
  added: (amount: string) => readonly string[];
}

/** This migration's one column, Σ |amount_minor| (migration 013 splits it in two, see there). */
export const SINGLE_DAY_AMOUNT: DayAmount = { columns: ['amount_minor'], added: (amount) => [`abs(${amount})`] };

/** Recomputes every day cell from the rows, its amount in `amount`'s columns. */
export async function recountDays(db: QueryExecutorProvider, amount: DayAmount): Promise<void> {
  await sql`DELETE FROM wallet_transaction_day_counts`.execute(db);
  await sql
    .raw(
      `INSERT INTO wallet_transaction_day_counts (tenant_id, status, day, type, currency, n, ${amount.columns.join(', ')})
      SELECT tenant_id, status, substr(created, 1, 10), type, currency, count(*), ${amount.added('amount_minor').map((value) => `sum(${value})`).join(', ')}
      FROM wallet_transactions GROUP BY tenant_id, status, substr(created, 1, 10), type, currency`,
    )
    .execute(db);
}

/** The two upserts that add (+) or remove (-) one row; `table.` qualifies the existing value (PostgreSQL needs it). */
const countStatements = (row: Row, sign: Sign, qualify: { counts: string; days: string }, amount: DayAmount) => {
  const added = amount.added(`${row}.amount_minor`);
  const days = qualify.days ? `${qualify.days}.` : '';
  return `
    INSERT INTO wallet_transaction_counts ${qualify.counts ? `AS ${qualify.counts} ` : ''}(tenant_id, status, type, currency, n)
    VALUES (${row}.tenant_id, ${row}.status, ${row}.type, ${row}.currency, 0 ${sign} 1)
    ON CONFLICT (tenant_id, status, type, currency) DO UPDATE SET n = ${qualify.counts ? `${qualify.counts}.` : ''}n ${sign} 1;
    INSERT INTO wallet_transaction_day_counts ${qualify.days ? `AS ${qualify.days} ` : ''}(tenant_id, status, day, type, currency, n, ${amount.columns.join(', ')})
    VALUES (${row}.tenant_id, ${row}.status, substr(${row}.created, 1, 10), ${row}.type, ${row}.currency, 0 ${sign} 1,
      ${added.map((value) => `0 ${sign} ${value}`).join(', ')})
    ON CONFLICT (tenant_id, status, day, type, currency) DO UPDATE SET
      n = ${days}n ${sign} 1,
      ${amount.columns.map((column, index) => `${column} = ${days}${column} ${sign} ${added[index]}`).join(',\n      ')};`;
};

const sqliteCount = (row: Row, sign: Sign, amount: DayAmount) => countStatements(row, sign, { counts: '', days: '' }, amount);
const pgCount = (row: Row, sign: Sign, amount: DayAmount) => countStatements(row, sign, { counts: 'c', days: 'd' }, amount);

const countedColumns = 'tenant_id, status, type, currency, created, amount_minor';
const countedColumnsChanged =
  'OLD.tenant_id IS NOT NEW.tenant_id OR OLD.status IS NOT NEW.status OR OLD.type IS NOT NEW.type ' +
  'OR OLD.currency IS NOT NEW.currency OR substr(OLD.created, 1, 10) IS NOT substr(NEW.created, 1, 10) ' +
  'OR OLD.amount_minor IS NOT NEW.amount_minor';

/** The triggers that keep both count tables, the day cells' amounts as `amount` says. */
export async function createCountTriggers(db: Kysely<unknown>, amount: DayAmount): Promise<void> {
  if (isPostgres(db)) await createPostgresTriggers(db, amount);
  else await createSqliteTriggers(db, amount);
}

/** Drops what createCountTriggers made. */
export async function dropCountTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS wallet_transactions_count_update ON wallet_transactions`.execute(db);
    await sql`DROP TRIGGER IF EXISTS wallet_transactions_count_insert_delete ON wallet_transactions`.execute(db);
    await sql`DROP FUNCTION IF EXISTS wallet_transactions_count()`.execute(db);
  } else {
    for (const trigger of ['wallet_transactions_count_insert', 'wallet_transactions_count_delete', 'wallet_transactions_count_update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
    }
  }
}

async function createSqliteTriggers(db: Kysely<unknown>, amount: DayAmount): Promise<void> {
  await sql
    .raw(`CREATE TRIGGER wallet_transactions_count_insert AFTER INSERT ON wallet_transactions BEGIN${sqliteCount('NEW', '+', amount)}
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER wallet_transactions_count_delete AFTER DELETE ON wallet_transactions BEGIN${sqliteCount('OLD', '-', amount)}
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER wallet_transactions_count_update AFTER UPDATE OF ${countedColumns}
    ON wallet_transactions WHEN ${countedColumnsChanged}
    BEGIN${sqliteCount('OLD', '-', amount)}${sqliteCount('NEW', '+', amount)}
    END`)
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>, amount: DayAmount): Promise<void> {
  await sql
    .raw(`CREATE FUNCTION wallet_transactions_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN${pgCount('OLD', '-', amount)}
      END IF;
      IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN${pgCount('NEW', '+', amount)}
      END IF;
      RETURN NULL;
    END;
    $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER wallet_transactions_count_insert_delete AFTER INSERT OR DELETE ON wallet_transactions
    FOR EACH ROW EXECUTE FUNCTION wallet_transactions_count()`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER wallet_transactions_count_update AFTER UPDATE OF ${countedColumns}
    ON wallet_transactions FOR EACH ROW WHEN (${countedColumnsChanged.replace(/IS NOT/g, 'IS DISTINCT FROM')})
    EXECUTE FUNCTION wallet_transactions_count()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['wallet_transactions_tenant_reference', 'wallet_transactions_sender_created']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await dropCountTriggers(db);
  await db.schema.dropTable('wallet_transaction_day_counts').ifExists().execute();
  await db.schema.dropTable('wallet_transaction_counts').ifExists().execute();
}
