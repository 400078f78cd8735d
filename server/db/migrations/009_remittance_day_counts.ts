// The remittance list's counts at the cost of an index seek (README "Benchmarks": p95 under 30 ms for any page of
// 1,000,000 remittances). Per tenant, day (the UTC day of transaction_date) and status id (-1 for every status), the
// number of rows: the list's itemTotal for a status and a date range is the sum of at most a year of days, and a
// deep page finds the day it starts on by walking them, then skips at most a day of rows (domain/remittances/listing.ts).
// Triggers keep it exact in the same transaction as the row change; each change is an increment, so concurrent
// writers need no lock (an upsert on PostgreSQL).
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from '../connection.ts';

const DAY = (row: string) => `substr(${row}.transaction_date, 1, 10)`;

/** Adds (+) or removes (-) one row in its two cells: its own status and every status (-1). */
function countStatements(row: 'NEW' | 'OLD', sign: '+' | '-'): string {
  if (sign === '+') {
    return ['status_id', '-1']
      .map(
        (status) => `
    INSERT INTO remittance_day_counts (tenant_id, status_id, day, n) VALUES (${row}.tenant_id, ${status === 'status_id' ? `${row}.status_id` : status}, ${DAY(row)}, 1)
    ON CONFLICT (tenant_id, status_id, day) DO UPDATE SET n = remittance_day_counts.n + 1;`,
      )
      .join('');
  }
  return `
    UPDATE remittance_day_counts SET n = n - 1
    WHERE tenant_id = ${row}.tenant_id AND status_id IN (${row}.status_id, -1) AND day = ${DAY(row)};`;
}

const COUNTED_COLUMNS = 'tenant_id, status_id, transaction_date';
const changed = (distinct: string) =>
  `OLD.tenant_id ${distinct} NEW.tenant_id OR OLD.status_id ${distinct} NEW.status_id OR ${DAY('OLD')} ${distinct} ${DAY('NEW')}`;

/** Fills the (empty) day counts from the rows: this migration, and a bulk load that set the triggers aside (db/running-counts.ts). */
export async function recountRemittanceDays(db: QueryExecutorProvider): Promise<void> {
  await sql`
    INSERT INTO remittance_day_counts (tenant_id, status_id, day, n)
    SELECT tenant_id, status_id, substr(transaction_date, 1, 10), count(*) FROM remittances GROUP BY tenant_id, status_id, substr(transaction_date, 1, 10)
    UNION ALL
    SELECT tenant_id, -1, substr(transaction_date, 1, 10), count(*) FROM remittances GROUP BY tenant_id, substr(transaction_date, 1, 10)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const code = pg ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('remittance_day_counts')
    .addColumn('tenant_id', code, (col) => col.notNull())
    /** A status id, or -1 for every status. */
    .addColumn('status_id', 'integer', (col) => col.notNull())
    /** YYYY-MM-DD, the UTC day of transaction_date. */
    .addColumn('day', code, (col) => col.notNull())
    .addColumn('n', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('remittance_day_counts_pk', ['tenant_id', 'status_id', 'day'])
    .$call((table) => (pg ? table : table.modifyEnd(sql`without rowid`)))
    .execute();

  await recountRemittanceDays(db);

  if (pg) {
    await sql.raw(`CREATE FUNCTION remittances_count_days() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN${countStatements('OLD', '-')}
      END IF;
      IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN${countStatements('NEW', '+')}
      END IF;
      RETURN NULL;
    END;
    $$`).execute(db);
    await sql.raw(`CREATE TRIGGER remittances_count_days_insert_delete AFTER INSERT OR DELETE ON remittances
    FOR EACH ROW EXECUTE FUNCTION remittances_count_days()`).execute(db);
    await sql.raw(`CREATE TRIGGER remittances_count_days_update AFTER UPDATE OF ${COUNTED_COLUMNS} ON remittances
    FOR EACH ROW WHEN (${changed('IS DISTINCT FROM')}) EXECUTE FUNCTION remittances_count_days()`).execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER remittances_count_days_insert AFTER INSERT ON remittances BEGIN${countStatements('NEW', '+')}
    END`).execute(db);
    await sql.raw(`CREATE TRIGGER remittances_count_days_delete AFTER DELETE ON remittances BEGIN${countStatements('OLD', '-')}
    END`).execute(db);
    await sql.raw(`CREATE TRIGGER remittances_count_days_update AFTER UPDATE OF ${COUNTED_COLUMNS} ON remittances
    WHEN ${changed('IS NOT')}
    BEGIN${countStatements('OLD', '-')}${countStatements('NEW', '+')}
    END`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS remittances_count_days_update ON remittances`.execute(db);
    await sql`DROP TRIGGER IF EXISTS remittances_count_days_insert_delete ON remittances`.execute(db);
    await sql`DROP FUNCTION IF EXISTS remittances_count_days()`.execute(db);
  } else {
    for (const trigger of ['remittances_count_days_insert', 'remittances_count_days_delete', 'remittances_count_days_update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
    }
  }
  await db.schema.dropTable('remittance_day_counts').ifExists().execute();
}
