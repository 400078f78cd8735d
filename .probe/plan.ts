import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/connection.ts';
import { sessionFor } from '../server/domain/auth/identity.ts';
import { ROLE } from '../server/domain/reference.ts';
import { listTransactions } from '../server/domain/wallet/listing.ts';
import { startPostgresCluster } from '../scripts/postgres-cluster.ts';
const KEPT = '/var/tmp/pgperf-bench';
const world = JSON.parse(readFileSync(join(KEPT, 'postgres-files', 'world.json'), 'utf8')) as { superUserId: number; sessionId: string };
const postgres = await startPostgresCluster({ directory: join(KEPT, 'postgres'), settings: { shared_buffers: '512MB', effective_cache_size: '2GB', work_mem: '16MB' } });
try {
  const url = postgres.url.replace(/\/postgres$/, '/teller_bench');
  const sent: CompiledQuery[] = [];
  const db = openDatabase({ databaseUrl: url, dataDir: KEPT, onQuery: (query) => sent.push(query) });
  const session = sessionFor(world.superUserId, ROLE.TopAdmin, { id: 'naccug', claim: 'naccug', type: 'wallet' }, world.sessionId);
  await listTransactions(db, session, { filters: { status: 'COMPLETED' }, sort: { field: 'created', column: 'created', direction: 'desc' }, page: { number: 1, size: 10, offset: 0 } });
  await db.destroy();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const extra = process.argv.slice(2);
  if (process.env.GENERIC) await client.query('SET plan_cache_mode = force_generic_plan');
  const queries: Array<{ sql: string; parameters: readonly unknown[] }> = extra.length ? [{ sql: readFileSync(extra[0]!, 'utf8'), parameters: JSON.parse(extra[1]!) }] : sent;
  for (const q of queries) {
    console.log(q.sql, JSON.stringify(q.parameters));
    const types = q.parameters.map(() => 'unknown');
    await client.query(`PREPARE p AS ${q.sql}`);
    const lit = q.parameters.map((p) => (typeof p === 'number' ? String(p) : Array.isArray(p) ? `'{${p.join(',')}}'` : `'${String(p)}'`)).join(', ');
    for (let i = 0; i < 8; i++) {
      const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS${i === 7 ? '' : ', SUMMARY ON'}) EXECUTE p(${lit})`);
      const lines = r.rows.map((row) => row['QUERY PLAN'] as string);
      if (i === 7) console.log(lines.join('\n'));
      else console.log(i, lines.filter((l) => /Planning Time|Execution Time/.test(l)).join(' | '));
    }
    await client.query('DEALLOCATE p');
    void types;
  }
  await client.end();
} finally {
  postgres.stop();
}
