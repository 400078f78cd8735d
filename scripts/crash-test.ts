// `npm run test:crash`: the real gateway killed with SIGKILL 10 times under a money load, restarted on the same
// database each time, and the database checked afterwards (issue-free money under crashes, Stripe's idempotency
// behaviour): one transaction per Idempotency-Key, every wallet's balance equal to the sum of its completed
// transactions, nothing half-applied, every acknowledged answer durable, and a clean restart every time.
//
//   npm run test:crash                           SQLite (a temporary data directory)
//   npm run test:crash -- --postgres             a throwaway PostgreSQL cluster (initdb / pg_ctl from PATH)
//   npm run test:crash -- --postgres <url>       an existing, empty PostgreSQL database
//   CRASH_SEED=7 CRASH_KILLS=10 CRASH_CLIENTS=4  the seeded PRNG (kill moments, amounts), kills, concurrent clients
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../server/seed/prng.ts';
import { Client, STAFF, closeConnections, loadSetup, newFigures, postgresReader, request, signIn, sleep, sqliteReader, violations, type Ledger } from './money-load.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const SEED = Number(process.env.CRASH_SEED ?? 20_250_301);
const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4);
/**
 * A start must answer /readyz (or, on a gateway without it, any HTTP request) within this many seconds: a bound for a
 * gateway that never comes up, sized for a busy two-core machine (the first start seeds the demo world: 15 s quiet,
 * over 30 s under load). How fast restarts are is printed, not judged.
 */
const READY_WITHIN_S = 300;
/** The load between two kills: a random moment in this window after the gateway is ready (ms). */
const KILL_AFTER_MS = { min: 300, max: 1_500 };
/** The Idempotency-Keys of this run, so the check reads only the load's own. */
const KEY_PREFIX = `crash-${SEED}`;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------------------------------------------
// The gateway process

interface Gateway {
  port: number;
  url: string;
  env: NodeJS.ProcessEnv;
  child?: ChildProcess;
  /** Resolves once the current process is ready; replaced on each restart. */
  ready: Promise<void>;
  restartsMs: number[];
  log: string[];
}

function startGateway(gateway: Gateway): Promise<void> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: gateway.env, stdio: ['ignore', 'pipe', 'pipe'] });
  gateway.child = child;
  const keep = (chunk: Buffer) => {
    gateway.log.push(chunk.toString('utf8'));
    if (gateway.log.length > 200) gateway.log.splice(0, gateway.log.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  gateway.ready = (async () => {
    while (Date.now() - started < READY_WITHIN_S * 1000) {
      if (child.exitCode !== null) break;
      try {
        const answer = await request(gateway.url, 'GET', '/readyz');
        // 404: a gateway without /readyz, which listens only after migrating and seeding.
        if (answer.status === 200 || answer.status === 404) {
          gateway.restartsMs.push(Date.now() - started);
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`The gateway was not ready within ${READY_WITHIN_S} s (exit code ${String(child.exitCode)}):\n${gateway.log.join('').slice(-3_000)}`);
  })();
  return gateway.ready;
}

async function killGateway(gateway: Gateway): Promise<void> {
  const child = gateway.child;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const usePostgres = args.includes('--postgres');
  const given = args[args.indexOf('--postgres') + 1];
  const began = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'teller-crash-'));
  let cluster: PostgresCluster | undefined;
  let databaseUrl: string | undefined;
  if (usePostgres) {
    if (given && !given.startsWith('--')) databaseUrl = given;
    else {
      // Durable commits as in production: the test kills the gateway, and an answered confirm must survive it.
      cluster = await startPostgresCluster({ settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' } });
      databaseUrl = cluster.url;
    }
  }
  const engine = usePostgres ? 'PostgreSQL' : 'SQLite';
  const port = await freePort();
  const gateway: Gateway = {
    port,
    url: `http://127.0.0.1:${port}`,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TELLER_DATA_DIR: dataDir,
      TELLER_SERVE_WEB: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
    },
    ready: Promise.resolve(),
    restartsMs: [],
    log: [],
  };
  gateway.env.PORT = String(gateway.port);
  const open = () => (databaseUrl ? postgresReader(databaseUrl) : Promise.resolve(sqliteReader(join(dataDir, 'teller.db'))));
  const random = mulberry32(SEED);
  const figures = newFigures();
  const ledger: Ledger = { keys: new Map(), confirmed: new Set() };
  let kills = 0;
  try {
    console.log(`Crash test on ${engine}: ${KILLS} SIGKILLs, ${CLIENTS} clients as ${STAFF}, seed ${SEED}.`);
    const seeding = Date.now();
    await startGateway(gateway);
    console.log(`Gateway ready on port ${gateway.port} with the demo world in ${((Date.now() - seeding) / 1000).toFixed(1)} s.`);

    const setup = await open();
    const { staffId, receivers, firstId } = await loadSetup(setup, CLIENTS);
    const before = await violations(setup, ledger, KEY_PREFIX, staffId, firstId);
    await setup.close();
    if (before.length > 0) throw new Error(`The database breaks the invariants before any kill:\n  ${before.slice(0, 20).join('\n  ')}`);

    const clients: Client[] = [];
    for (const [index, receiver] of receivers.entries()) {
      clients.push(new Client(`c${index}`, gateway, KEY_PREFIX, await signIn(gateway), receiver, mulberry32(SEED + index + 1), figures, ledger));
    }
    let done = false;
    const load = Promise.all(clients.map((client) => client.run(() => done)));
    // A failing client stops the run at once rather than after the remaining kills.
    let failure: unknown;
    load.catch((error: unknown) => {
      failure = error;
    });
    for (; kills < KILLS && failure === undefined; ) {
      await gateway.ready;
      await sleep(random.int(KILL_AFTER_MS.min, KILL_AFTER_MS.max));
      await killGateway(gateway);
      kills += 1;
      void startGateway(gateway).catch((error: unknown) => {
        failure = error;
      });
    }
    await gateway.ready;
    // A little load on the last process, then every client finishes its operation in hand.
    await sleep(500);
    done = true;
    await load;

    const reader = await open();
    const found = await violations(reader, ledger, KEY_PREFIX, staffId, firstId);
    const [counts] = (await reader.rows<{ n: unknown; completed: unknown; pending: unknown }>(
      "SELECT count(*) AS n, sum(CASE WHEN status = 'COMPLETED' THEN 1 ELSE 0 END) AS completed, sum(CASE WHEN status = 'PENDING' THEN 1 ELSE 0 END) AS pending FROM wallet_transactions WHERE created_by = ? AND id >= ?",
      [staffId, firstId],
    )) as [{ n: unknown; completed: unknown; pending: unknown }];
    await reader.close();

    const seconds = (Date.now() - began) / 1000;
    const restarts = gateway.restartsMs.slice(1);
    console.log(`\n${engine}: ${kills} kills in ${seconds.toFixed(1)} s`);
    console.log(`  requests           ${figures.requests} answered or cut off; ${figures.lost} answers lost to a kill, ${figures.retries} retries of the same request (same Idempotency-Key)`);
    console.log(`  transactions       ${Number(counts.n)} in the database for ${ledger.keys.size} keys: ${Number(counts.completed)} completed, ${Number(counts.pending)} pending`);
    console.log(`  answers            ${figures.created} created, ${figures.replayed} replayed (created before a kill), ${figures.completed} confirmed (${figures.appliedUnanswered} applied before a kill), ${figures.refused} refused (422), ${figures.limited} limited (429)`);
    console.log(`  restarts           ${restarts.length}, ready in ${Math.min(...restarts)}–${Math.max(...restarts)} ms (limit ${READY_WITHIN_S} s)`);
    if (found.length > 0) {
      console.error(`\n${found.length} violations:\n  ${found.slice(0, 50).join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('  invariants         one transaction per key, balances = Σ completed, nothing half-applied, acknowledged answers durable: held');
    }
  } finally {
    await killGateway(gateway);
    closeConnections();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
