// The running counts of wallet transactions (migrations 003, 004 and 013), for bulk loads: a seed or benchmark that
// inserts thousands of rows sets the per-row count triggers aside, loads, and recomputes every count in one pass
// (the demo seed on PostgreSQL spent most of its time in those triggers).
import { sql, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from './connection.ts';
import { recountDays } from './migrations/003_wallet.ts';
import { DAY_AMOUNT_PARTS } from './migrations/013_day_amount_parts.ts';

/** Every trigger that keeps a running count is named so (migrations 003 and 004). */
const COUNT_TRIGGERS = 'wallet_transactions_count%';

/** Recomputes every running count from the rows. Run it inside the transaction that loaded them. */
export async function rebuildRunningCounts(db: QueryExecutorProvider): Promise<void> {
  await sql`DELETE FROM wallet_transaction_counts`.execute(db);
  await sql`DELETE FROM wallet_transaction_hour_counts`.execute(db);
  await sql`
    INSERT INTO wallet_transaction_counts (tenant_id, status, type, currency, n)
    SELECT tenant_id, status, type, currency, count(*) FROM wallet_transactions
    GROUP BY tenant_id, status, type, currency`.execute(db);
  await recountDays(db, DAY_AMOUNT_PARTS);
  // Each row's hour in its eight cells (status or '*', type or 0, currency or '*'), then the running sums.
  await sql`
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
    ) AS cells`.execute(db);
}

/**
 * Sets the count triggers aside (PostgreSQL: disabled; SQLite, which cannot disable one: dropped, their SQL
 * kept) and returns what puts them back exactly as they were. Inside a transaction, a rollback restores them too.
 */
export async function suspendCountTriggers(db: QueryExecutorProvider): Promise<() => Promise<void>> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      SELECT tgname AS name FROM pg_trigger
      WHERE tgrelid = 'wallet_transactions'::regclass AND NOT tgisinternal AND tgname LIKE ${COUNT_TRIGGERS}`.execute(db);
    for (const { name } of rows) await sql`ALTER TABLE wallet_transactions DISABLE TRIGGER ${sql.id(name)}`.execute(db);
    return async () => {
      for (const { name } of rows) await sql`ALTER TABLE wallet_transactions ENABLE TRIGGER ${sql.id(name)}`.execute(db);
    };
  }
  const { rows } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master
    WHERE type = 'trigger' AND tbl_name = 'wallet_transactions' AND name LIKE ${COUNT_TRIGGERS}`.execute(db);
  for (const { name } of rows) await sql`DROP TRIGGER ${sql.id(name)}`.execute(db);
  return async () => {
    for (const trigger of rows) await sql.raw(trigger.sql).execute(db);
  };
}

/**
 * Runs a bulk load of wallet transactions without the per-row count triggers, then recomputes the counts.
 * Call it inside the load's transaction, so nobody sees the rows without their counts.
 */
export async function loadWithoutCountTriggers<T>(db: QueryExecutorProvider, load: () => Promise<T>): Promise<T> {
  const resume = await suspendCountTriggers(db);
  const result = await load();
  await rebuildRunningCounts(db);
  await resume();
  return result;
}
