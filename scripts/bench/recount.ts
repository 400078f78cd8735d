// `node --import tsx scripts/bench/recount.ts <sqlite file> <table>`: the gateway's own recount of a counted table
// (server/db/running-counts.ts) over a SQLite file, for a synchronous caller that loaded rows with the count
// triggers set aside (scripts/bench-web.ts). A file rather than an evaluated string, so the typecheck sees the call.
import { openDatabase } from '../../server/db/connection.ts';
import { rebuildRunningCounts, type CountedTable } from '../../server/db/running-counts.ts';

const [file, table] = process.argv.slice(2);
const COUNTED_TABLES: readonly CountedTable[] = ['wallet_transactions', 'remittances'];
const counted = COUNTED_TABLES.find((name) => name === table);
if (!file || !counted) throw new Error(`usage: recount.ts <sqlite file> <${COUNTED_TABLES.join(' | ')}>, not ${process.argv.slice(2).join(' ')}`);
const db = openDatabase({ databaseUrl: file, dataDir: '.' });
try {
  await db.transaction().execute((trx) => rebuildRunningCounts(trx, counted));
} finally {
  await db.destroy();
}
