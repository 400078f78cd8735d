// The benchmarks' seeds (BENCH_ROWS, up to 10,000,000): rows written with the table's secondary indexes and count
// triggers in place update every index and count row by row, in the order the rows come (random for a hashed payin
// id), which made 10,000,000 remittances a matter of hours. A bulk load sets both aside, writes, then builds each
// index in one sorted pass and counts once; the indexes come back from their own definitions, exactly as they were.
import { sql } from 'kysely';
import { isPostgres, openDatabase, type ConnectionOptions, type Db } from '../../server/db/connection.ts';
import { rebuildRunningCounts, suspendCountTriggers, type CountedTable } from '../../server/db/running-counts.ts';

interface IndexDefinition {
  name: string;
  definition: string;
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs `write` (which writes `table`'s rows through a connection of its own) with the table's secondary indexes and
 * count triggers set aside, then builds the indexes, recounts, and refreshes the planner's statistics (and, on
 * PostgreSQL, the visibility map the count queries' index-only scans need). Prints each stage's time.
 */
export async function bulkLoad(database: ConnectionOptions, table: CountedTable, write: () => Promise<void> | void): Promise<void> {
  const db = openDatabase(database);
  try {
    const resumeTriggers = await suspendCountTriggers(db, table);
    const indexes = await secondaryIndexes(db, table);
    for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
    let stage = Date.now();
    await write();
    console.log(`  rows written in ${seconds(stage)}`);
    stage = Date.now();
    await buildIndexes(db, indexes);
    console.log(`  ${indexes.length} indexes built in ${seconds(stage)}`);
    stage = Date.now();
    await db.transaction().execute((trx) => rebuildRunningCounts(trx, table));
    await resumeTriggers();
    const after = await secondaryIndexes(db, table);
    if (JSON.stringify(after) !== JSON.stringify(indexes)) throw new Error(`${table}'s indexes differ after the load: ${JSON.stringify({ before: indexes, after })}`);
    if (isPostgres(db)) await sql`VACUUM ANALYZE`.execute(db);
    else {
      await sql`ANALYZE`.execute(db);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    }
    console.log(`  counts and statistics in ${seconds(stage)}`);
  } finally {
    await db.destroy();
  }
}

/** The table's indexes that no constraint owns (a primary key's or UNIQUE constraint's index stays), by name. */
async function secondaryIndexes(db: Db, table: string): Promise<IndexDefinition[]> {
  const { rows } = isPostgres(db)
    ? await sql<IndexDefinition>`
        SELECT indexname AS name, indexdef AS definition FROM pg_indexes AS i
        WHERE i.schemaname = current_schema() AND i.tablename = ${table}
          AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
        ORDER BY indexname`.execute(db)
    : await sql<IndexDefinition>`
        SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL ORDER BY name`.execute(db);
  return rows;
}

async function buildIndexes(db: Db, indexes: readonly IndexDefinition[]): Promise<void> {
  // One connection for all of them, with room to sort in memory (PostgreSQL: maintenance_work_mem is per session).
  await db.connection().execute(async (connection) => {
    if (isPostgres(db)) await sql`SET maintenance_work_mem = '1GB'`.execute(connection);
    else await sql`PRAGMA cache_size = -262144`.execute(connection);
    for (const { definition } of indexes) await sql.raw(definition).execute(connection);
  });
}
