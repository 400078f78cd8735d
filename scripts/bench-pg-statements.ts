// The database server's CPU for one page of the wallet list, unnamed statements (parsed and planned on every call)
// against named ones (parsed once per connection, issue 26), on the PostgreSQL data `npm run bench:gateway` kept:
//
//   BENCH_DATA=/var/tmp/bench npm run bench:gateway -- --postgres      once, to seed
//   BENCH_DATA=/var/tmp/bench node --import tsx scripts/bench-pg-statements.ts
//
// It captures the queries the gateway's own code sends for page 1 and for page 40,000 (filter[status]=COMPLETED,
// newest first, 10 a page), runs them again and again on one connection, alternately unnamed and named in rounds
// (so other work on the machine weighs on both alike), and reads the backend's CPU time from /proc.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/connection.ts';
import { statementName } from '../server/db/named-statements.ts';
import { sessionFor } from '../server/domain/auth/identity.ts';
import { ROLE } from '../server/domain/reference.ts';
import { listTransactions } from '../server/domain/wallet/listing.ts';
import { processCpu } from './bench/process-cpu.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

const KEPT = process.env.BENCH_DATA;
if (!KEPT) throw new Error('Set BENCH_DATA to the directory `npm run bench:gateway -- --postgres` seeded.');
const PAGES = 1_000;
const ROUNDS = 3;


const world = JSON.parse(readFileSync(join(KEPT, 'postgres-files', 'world.json'), 'utf8')) as { superUserId: number };
const postgres = await startPostgresCluster({ directory: join(KEPT, 'postgres'), settings: { shared_buffers: '512MB', effective_cache_size: '2GB', work_mem: '16MB' } });
try {
  const url = postgres.url.replace(/\/postgres$/, '/teller_bench');
  const sent: CompiledQuery[] = [];
  const db = openDatabase({ databaseUrl: url, dataDir: KEPT, onQuery: (query) => sent.push(query) });
  const session = sessionFor(world.superUserId, ROLE.TopAdmin, { id: 'naccug', claim: 'naccug', type: 'wallet' }, 'bench');
  const pages: Array<[string, CompiledQuery[]]> = [];
  for (const [label, number] of [['page 1', 1], ['page 40,000', 40_000]] as const) {
    sent.length = 0;
    await listTransactions(db, session, { filters: { status: 'COMPLETED' }, sort: { field: 'created', column: 'created', direction: 'desc' }, page: { number, size: 10, offset: (number - 1) * 10 } });
    pages.push([label, [...sent]]);
  }
  await db.destroy();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backend = rows[0]?.pid ?? 0;
  console.log(`Load average ${loadavg().map((value) => value.toFixed(2)).join(', ')} on the way in.`);
  for (const [label, queries] of pages) {
    const totals = { unnamed: 0, named: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of ['unnamed', 'named'] as const) {
        const before = processCpu(backend);
        for (let page = 0; page < PAGES; page += 1) {
          for (const query of queries) {
            const values = [...query.parameters];
            if (mode === 'named') await client.query({ name: statementName(query.sql), text: query.sql, values });
            else await client.query(query.sql, values);
          }
        }
        totals[mode] += processCpu(backend) - before;
      }
    }
    const perPage = (micros: number) => (micros / 1000 / (PAGES * ROUNDS)).toFixed(3);
    console.log(`${label} (${queries.length} ${queries.length === 1 ? 'query' : 'queries'}): database CPU a page unnamed ${perPage(totals.unnamed)} ms, named ${perPage(totals.named)} ms`);
  }
  console.log(`Load average ${loadavg().map((value) => value.toFixed(2)).join(', ')} on the way out.`);
  await client.end();
} finally {
  postgres.stop();
}
