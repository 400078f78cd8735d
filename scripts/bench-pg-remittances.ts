// The database server's CPU for one page of the remittance list (GET api/v1/remittance) on the PostgreSQL data
// `npm run bench:remittances` kept, as the gateway sends it (named statements):
//
//   BENCH_DATA=/var/tmp/bench BENCH_SEED_ONLY=1 npm run bench:remittances -- --postgres   once, to seed
//   BENCH_DATA=/var/tmp/bench node --import tsx scripts/bench-pg-remittances.ts
//
// It captures the statements the gateway's own code sends for each page the bench measures, runs them again and
// again on one connection, and reads the backend's CPU time from /proc.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/connection.ts';
import { statementName } from '../server/db/named-statements.ts';
import { sessionFor } from '../server/domain/auth/identity.ts';
import { ROLE } from '../server/domain/reference.ts';
import { listRemittances, type RemittanceFilters } from '../server/domain/remittances/listing.ts';
import { loadAverage } from './bench/measure-pages.ts';
import { processCpu } from './bench/process-cpu.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

const KEPT = process.env.BENCH_DATA;
if (!KEPT) throw new Error('Set BENCH_DATA to the directory `npm run bench:remittances -- --postgres` seeded.');
const PAGES = 300;
const DAY = 86_400_000;


const world = JSON.parse(readFileSync(join(KEPT, 'remittances-postgres-files', 'world.json'), 'utf8')) as { adminId: number; newest: number; rows: number };
const postgres = await startPostgresCluster({ directory: join(KEPT, 'remittances-postgres'), settings: { shared_buffers: '512MB', effective_cache_size: '2GB', work_mem: '16MB' } });
try {
  const url = postgres.url.replace(/\/postgres$/, '/teller_bench');
  const sent: CompiledQuery[] = [];
  const db = openDatabase({ databaseUrl: url, dataDir: KEPT, onQuery: (query) => sent.push(query) });
  const session = sessionFor(world.adminId, ROLE.TopAdmin, { id: 'amal', claim: 'amal', type: 'payin' }, 'bench');
  const weekStart = new Date(world.newest - 6 * DAY).toISOString().slice(0, 10);
  const today = new Date(world.newest).toISOString().slice(0, 10);
  const pageTotal = Math.ceil(world.rows / 10);
  const cases: Array<[string, RemittanceFilters, 'asc' | 'desc', number]> = [
    ['page 1, newest first', { text: {} }, 'desc', 1],
    [`page ${Math.floor(pageTotal / 2)}`, { text: {} }, 'desc', Math.floor(pageTotal / 2)],
    [`page ${pageTotal} (last)`, { text: {} }, 'desc', pageTotal],
    [`page ${Math.floor(pageTotal / 2)}, oldest first`, { text: {} }, 'asc', Math.floor(pageTotal / 2)],
    ['status 128, page 1', { text: {}, statusId: 128 }, 'desc', 1],
    ['last 7 days, page 1', { text: {}, startDate: weekStart, endDate: today }, 'desc', 1],
  ];
  const pages: Array<[string, CompiledQuery[]]> = [];
  for (const [label, filters, direction, number] of cases) {
    sent.length = 0;
    await listRemittances(db, session, { filters, sort: { field: 'transactionDate', column: 'transaction_date', direction }, page: { number, size: 10, offset: (number - 1) * 10 } });
    pages.push([label, [...sent]]);
  }
  await db.destroy();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backend = rows[0]?.pid ?? 0;
  console.log(`${world.rows.toLocaleString('en')} remittances. Load average ${loadAverage()} on the way in.`);
  for (const [label, queries] of pages) {
    // Parsed and planned once before counting, as a gateway's connection has them after its first requests.
    for (const query of queries) await client.query({ name: statementName(query.sql), text: query.sql, values: [...query.parameters] });
    const before = processCpu(backend);
    for (let page = 0; page < PAGES; page += 1) {
      for (const query of queries) await client.query({ name: statementName(query.sql), text: query.sql, values: [...query.parameters] });
    }
    const perPage = (processCpu(backend) - before) / 1000 / PAGES;
    console.log(`  ${label.padEnd(30)} ${queries.length} statements, database CPU ${perPage.toFixed(3)} ms a page`);
  }
  console.log(`Load average ${loadAverage()} on the way out.`);
  await client.end();
} finally {
  postgres.stop();
}
