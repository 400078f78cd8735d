// The running counts of wallet transactions (migrations 003, 004 and 013) and of remittances (migration 009), for bulk
// loads: a seed or benchmark that inserts thousands of rows sets the per-row count triggers aside, loads, and
// recomputes every count in one pass (the demo seed on PostgreSQL spent most of its time in those triggers).
import { sql, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from './connection.ts';
import { recountDays } from './migrations/003_wallet.ts';
import { recountRemittanceDays } from './migrations/009_remittance_day_counts.ts';
import { DAY_AMOUNT_PARTS } from './migrations/013_day_amount_parts.ts';

/** A table whose rows keep running counts, with the name its count triggers share and what recomputes its counts. */
const COUNTED = {
  // Migrations 003 and 004.
  wallet_transactions: { triggers: 'wallet_transactions_count%', rebuild: rebuildWalletCounts },
  // Migration 009.
  remittances: { triggers: 'remittances_count_days%', rebuild: rebuildRemittanceCounts },
} satisfies Record<string, { triggers: string; rebuild: (db: QueryExecutorProvider) => Promise<void> }>;

export type CountedTable = keyof typeof COUNTED;

/** Recomputes every running count of `table` from its rows. Run it inside the transaction that loaded them. */
export async function rebuildRunningCounts(db: QueryExecutorProvider, table: CountedTable): Promise<void> {
  await COUNTED[table].rebuild(db);
}

async function rebuildRemittanceCounts(db: QueryExecutorProvider): Promise<void> {
  await sql`DELETE FROM remittance_day_counts`.execute(db);
  await recountRemittanceDays(db);
}

async function rebuildWalletCounts(db: QueryExecutorProvider): Promise<void> {
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
export async function suspendCountTriggers(db: QueryExecutorProvider, table: CountedTable): Promise<() => Promise<void>> {
  const { triggers } = COUNTED[table];
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      SELECT tgname AS name FROM pg_trigger
      WHERE tgrelid = ${table}::regclass AND NOT tgisinternal AND tgname LIKE ${triggers}`.execute(db);
    for (const { name } of rows) await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(name)}`.execute(db);
    return async () => {
      for (const { name } of rows) await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(name)}`.execute(db);
    };
  }
  const { rows } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master
    WHERE type = 'trigger' AND tbl_name = ${table} AND name LIKE ${triggers}`.execute(db);
  for (const { name } of rows) await sql`DROP TRIGGER ${sql.id(name)}`.execute(db);
  return async () => {
    for (const trigger of rows) await sql.raw(trigger.sql).execute(db);
  };
}

/**
 * Runs a bulk load of `table` without its per-row count triggers, then recomputes its counts.
 * Call it inside the load's transaction, so nobody sees the rows without their counts.
 */
export async function loadWithoutCountTriggers<T>(db: QueryExecutorProvider, table: CountedTable, load: () => Promise<T>): Promise<T> {
  const resume = await suspendCountTriggers(db, table);
  const result = await load();
  await rebuildRunningCounts(db, table);
  await resume();
  return result;
}
