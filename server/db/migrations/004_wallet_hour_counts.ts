// Deep pages at the cost of page 1 (the speed budget, README "Benchmarks": 1,500 requests/s for any page of 1,000,000 transactions).
//
// The per-day counts of 003 find the day a deep page starts on only by summing every earlier day over every
// type and currency (≈0.7 ms at page 40,000), and the page then skips up to a day of rows (≈11,000 at 1,000,000
// rows over 90 days, ≈1 ms). This table keeps, per hour, running totals, `through` = the rows of this and every
// earlier hour, so the hour a page starts on is one index seek (through > position) and the page skips at most
// an hour of rows. The `through` column is kept for every combination of the list's countable filters: a status
// or '*' (any status), a type or 0 (any type), a currency or '*' (any currency), so no query sums over cells.
// Triggers keep it exact in the same transaction as the row change; on PostgreSQL they take a per-tenant
// transaction lock first, so two transactions never both extend the totals from a stale earlier hour.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../connection.ts';

/** The counted columns a row change must touch the counts for. */
const COUNTED_COLUMNS = 'tenant_id, status, type, currency, created';
const HOUR = (row: string) => `substr(${row}.created, 1, 13)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // PostgreSQL: codes and ISO hours compare byte by byte (the database's locale would only make every index
  // comparison slower; SQLite compares bytes anyway).
  const code = pg ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('wallet_transaction_hour_counts')
    .addColumn('tenant_id', code, (col) => col.notNull())
    /** A status, or '*' for every status. */
    .addColumn('status', code, (col) => col.notNull())
    /** A type code, or 0 for every type. */
    .addColumn('type', 'integer', (col) => col.notNull())
    /** A currency, or '*' for every currency. */
    .addColumn('currency', code, (col) => col.notNull())
    /** YYYY-MM-DDTHH, the UTC hour of `created`. */
    .addColumn('hour', code, (col) => col.notNull())
    /** Rows in this hour. */
    .addColumn('n', 'bigint', (col) => col.notNull())
    /** Rows in this hour and every earlier one. */
    .addColumn('through', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('wallet_transaction_hour_counts_pk', ['tenant_id', 'status', 'type', 'currency', 'hour'])
    // SQLite: stored in key order, so an hour's earlier neighbour and the later hours are adjacent rows.
    .$call((table) => (pg ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema
    .createIndex('wallet_transaction_hour_counts_through')
    .on('wallet_transaction_hour_counts')
    .columns(['tenant_id', 'status', 'type', 'currency', 'through', 'hour'])
    .execute();

  await sql.raw(fillStatement).execute(db);
  if (pg) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** The eight cells a row counts in: its own status, type and currency, or '*' / 0 for any of them. */
const cellsOf = (row: string) => `
      (SELECT ${row}.status AS status UNION ALL SELECT '*') AS s
      CROSS JOIN (SELECT ${row}.type AS type UNION ALL SELECT 0) AS t
      CROSS JOIN (SELECT ${row}.currency AS currency UNION ALL SELECT '*') AS c`;

/**
 * Adds (+) or removes (-) one row: a row's first hour in a cell starts from the cell's total so far, then that
 * hour and every later one count it.
 */
function countStatements(row: 'NEW' | 'OLD', sign: '+' | '-'): string {
  const insertHour =
    sign === '+'
      ? `
    INSERT INTO wallet_transaction_hour_counts (tenant_id, status, type, currency, hour, n, through)
    SELECT ${row}.tenant_id, s.status, t.type, c.currency, ${HOUR(row)}, 0, coalesce((
      SELECT earlier.through FROM wallet_transaction_hour_counts AS earlier
      WHERE earlier.tenant_id = ${row}.tenant_id AND earlier.status = s.status AND earlier.type = t.type
        AND earlier.currency = c.currency AND earlier.hour < ${HOUR(row)}
      ORDER BY earlier.hour DESC LIMIT 1), 0)
    FROM ${cellsOf(row)}
    WHERE true
    ON CONFLICT (tenant_id, status, type, currency, hour) DO NOTHING;`
      : '';
  return `${insertHour}
    UPDATE wallet_transaction_hour_counts
    SET n = n ${sign} CASE WHEN hour = ${HOUR(row)} THEN 1 ELSE 0 END, through = through ${sign} 1
    WHERE tenant_id = ${row}.tenant_id AND status IN (${row}.status, '*') AND type IN (${row}.type, 0)
      AND currency IN (${row}.currency, '*') AND hour >= ${HOUR(row)};`;
}

const changed = (distinct: string) =>
  `OLD.tenant_id ${distinct} NEW.tenant_id OR OLD.status ${distinct} NEW.status OR OLD.type ${distinct} NEW.type ` +
  `OR OLD.currency ${distinct} NEW.currency OR ${HOUR('OLD')} ${distinct} ${HOUR('NEW')}`;

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TRIGGER wallet_transactions_count_hours_insert AFTER INSERT ON wallet_transactions BEGIN${countStatements('NEW', '+')}
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER wallet_transactions_count_hours_delete AFTER DELETE ON wallet_transactions BEGIN${countStatements('OLD', '-')}
    END`).execute(db);
  await sql.raw(`CREATE TRIGGER wallet_transactions_count_hours_update AFTER UPDATE OF ${COUNTED_COLUMNS} ON wallet_transactions
    WHEN ${changed('IS NOT')}
    BEGIN${countStatements('OLD', '-')}${countStatements('NEW', '+')}
    END`).execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The lock: a row counted in a new hour reads the cell's total from the hour before; without it, a concurrent
  // change to an earlier hour (not yet committed) would be missing from that total for good.
  const lock = (row: string) => `
      PERFORM pg_advisory_xact_lock(hashtext('wallet_transaction_hour_counts'), hashtext(${row}.tenant_id));`;
  await sql.raw(`CREATE FUNCTION wallet_transactions_count_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN${lock('OLD')}${countStatements('OLD', '-')}
      END IF;
      IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN${lock('NEW')}${countStatements('NEW', '+')}
      END IF;
      RETURN NULL;
    END;
    $$`).execute(db);
  await sql.raw(`CREATE TRIGGER wallet_transactions_count_hours_insert_delete AFTER INSERT OR DELETE ON wallet_transactions
    FOR EACH ROW EXECUTE FUNCTION wallet_transactions_count_hours()`).execute(db);
  await sql.raw(`CREATE TRIGGER wallet_transactions_count_hours_update AFTER UPDATE OF ${COUNTED_COLUMNS} ON wallet_transactions
    FOR EACH ROW WHEN (${changed('IS DISTINCT FROM')}) EXECUTE FUNCTION wallet_transactions_count_hours()`).execute(db);
}

/**
 * The counts of the rows already there: each row's hour in its eight cells (one GROUP BY per cell over the rows
 * grouped once), then the running sums.
 */
const fillStatement = `
  WITH base AS MATERIALIZED (
    SELECT tenant_id, status, type, currency, substr(created, 1, 13) AS hour, count(*) AS n
    FROM wallet_transactions GROUP BY tenant_id, status, type, currency, substr(created, 1, 13))
  INSERT INTO wallet_transaction_hour_counts (tenant_id, status, type, currency, hour, n, through)
  SELECT tenant_id, status, type, currency, hour, n,
    sum(n) OVER (PARTITION BY tenant_id, status, type, currency ORDER BY hour)
  FROM (
    SELECT tenant_id, status, type, currency, hour, n FROM base
    UNION ALL SELECT tenant_id, status, type, '*', hour, sum(n) FROM base GROUP BY tenant_id, status, type, hour
    UNION ALL SELECT tenant_id, status, 0, currency, hour, sum(n) FROM base GROUP BY tenant_id, status, currency, hour
    UNION ALL SELECT tenant_id, status, 0, '*', hour, sum(n) FROM base GROUP BY tenant_id, status, hour
    UNION ALL SELECT tenant_id, '*', type, currency, hour, sum(n) FROM base GROUP BY tenant_id, type, currency, hour
    UNION ALL SELECT tenant_id, '*', type, '*', hour, sum(n) FROM base GROUP BY tenant_id, type, hour
    UNION ALL SELECT tenant_id, '*', 0, currency, hour, sum(n) FROM base GROUP BY tenant_id, currency, hour
    UNION ALL SELECT tenant_id, '*', 0, '*', hour, sum(n) FROM base GROUP BY tenant_id, hour
  ) AS cells`;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS wallet_transactions_count_hours_update ON wallet_transactions`.execute(db);
    await sql`DROP TRIGGER IF EXISTS wallet_transactions_count_hours_insert_delete ON wallet_transactions`.execute(db);
    await sql`DROP FUNCTION IF EXISTS wallet_transactions_count_hours()`.execute(db);
  } else {
    for (const trigger of ['wallet_transactions_count_hours_insert', 'wallet_transactions_count_hours_delete', 'wallet_transactions_count_hours_update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
    }
  }
  await db.schema.dropTable('wallet_transaction_hour_counts').ifExists().execute();
}
