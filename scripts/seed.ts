// Seeds a fresh demo world into a data directory (or DATABASE_URL), without starting the gateway:
//   npx tsx scripts/seed.ts [--data-dir ./data] [--transactions 20000] [--now 2025-03-01T09:00:00Z] [--seed 20240601]
// Refuses a database that already holds data; delete the directory for a fresh world.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_PASSWORD, isEmpty, seedDemoWorld } from '../server/seed/index.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: process.env.TELLER_DATA_DIR ?? './data' },
    transactions: { type: 'string', default: '20000' },
    now: { type: 'string' },
    seed: { type: 'string' },
  },
});

const dataDir = resolve(values['data-dir']);
const databaseUrl = process.env.DATABASE_URL || undefined;
const transactionCount = Number(values.transactions);
const now = values.now ? new Date(values.now) : new Date();
if (!Number.isInteger(transactionCount) || transactionCount < 0) throw new Error('--transactions must be a whole number');
if (Number.isNaN(now.getTime())) throw new Error('--now must be an ISO-8601 date-time');

const db = openDatabase({ databaseUrl, dataDir });
try {
  await migrateToLatest(db);
  if (!(await isEmpty(db))) {
    console.error(`${describeDatabase({ databaseUrl, dataDir })} already holds data; remove it for a fresh demo world.`);
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const summary = await seedDemoWorld(db, {
      now,
      transactionCount,
      ...(values.seed ? { seed: Number(values.seed) } : {}),
    });
    console.log(
      `Seeded ${describeDatabase({ databaseUrl, dataDir })} in ${Date.now() - started} ms: ${summary.tenants} tenants, ` +
        `${summary.users} users, ${summary.wallets} wallets, ${summary.transactions} wallet transactions, ` +
        `${summary.remittances} remittances, ${summary.uptTransactions} UPT transactions.`,
    );
    console.log(`Demo logins (password ${DEMO_PASSWORD}): ${summary.logins.map((login) => login.email).join(', ')}`);
  }
} finally {
  await db.destroy();
}
