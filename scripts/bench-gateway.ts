// `npm run bench:gateway`: seeds 1,000,000 wallet transactions into a temporary SQLite file, starts
// the gateway on a free loopback port in its own process, and prints for GET wallet-transactions (newest first,
// filtered by status, 10 a page) the p50 / p95 latency of page 1 and page 40,000, and the requests per second
// 10 concurrent clients get (autocannon, 10 s, loopback only) on page 1 and, for the record, on page 40,000.
// Target on a 2-core machine: p95 under 30 ms for any page, 1,500 requests/s or more on page 1.
//
//   BENCH_ROWS=200000 npm run bench:gateway    fewer rows, for a quick look
//   BENCH_KEEP=1 npm run bench:gateway         keep the database file and print where it is
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connection.ts';
import { rebuildRunningCounts, suspendCountTriggers } from '../server/db/running-counts.ts';
import { sessionFor } from '../server/domain/auth/identity.ts';
import { openSession } from '../server/domain/auth/sessions.ts';
import { signToken } from '../server/domain/auth/tokens.ts';
import { TRANSACTION_TYPE } from '../server/domain/reference.ts';
import { referenceNumber } from '../server/domain/wallet/transactions.ts';
import { seedMinimal } from '../server/seed/index.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const TENANT = 'naccug';
const PAGE_SIZE = 10;
const DEEP_PAGE = 40_000;
const SAMPLES = 300;
const LOAD_SECONDS = 10;
/** Load on each measured page before any figure is taken: V8 compiles the hot paths in the first seconds. */
const WARM_UP_SECONDS = 5;
const CONNECTIONS = 10;
const TARGET = { p95Ms: 30, requestsPerSecond: 1_500 };

interface ServeMessage {
  port?: number;
  /** The gateway process's CPU time so far, microseconds (user + system). */
  cpu?: number;
}

/** The child process: the gateway on the benchmark database, on a free loopback port. */
async function serve(file: string, dataDir: string): Promise<void> {
  const app = await buildApp({ databaseUrl: file, dataDir, demo: false, jwtSecret: JWT_SECRET, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ port } satisfies ServeMessage);
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system } satisfies ServeMessage);
  });
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teller-bench-'));
  const file = join(dataDir, 'teller.db');
  let server: ChildProcess | undefined;
  try {
    console.log(`Seeding ${ROWS.toLocaleString('en')} wallet transactions into ${file} ...`);
    const seeding = Date.now();
    const world = await seedSchemaAndWorld(file, dataDir);
    await bulkInsert(file, dataDir, world);
    console.log(`Seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s.`);

    server = fork(fileURLToPath(import.meta.url), ['--serve', file, dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const gateway = server;
    const port = await new Promise<number>((resolve, reject) => {
      gateway.once('message', (message: ServeMessage) => resolve(message.port ?? 0));
      gateway.once('exit', (code) => reject(new Error(`The gateway exited with code ${code}`)));
    });
    /** CPU microseconds the gateway process has used so far. */
    const gatewayCpu = () =>
      new Promise<number>((resolve) => {
        gateway.once('message', (message: ServeMessage) => resolve(message.cpu ?? 0));
        gateway.send('cpu');
      });
    const { token } = await signToken(sessionFor(world.superUserId, 4, { id: TENANT, claim: TENANT, type: 'wallet' }, world.sessionId), new TextEncoder().encode(JWT_SECRET), {
      ttlSeconds: 3600,
    });
    const base = `http://127.0.0.1:${port}`;
    const url = (page: number, extra = '') =>
      `/api/v1/wallet-transactions?filter%5Bstatus%5D=COMPLETED&sort=-created&page%5Bnumber%5D=${page}&page%5Bsize%5D=${PAGE_SIZE}${extra}`;

    const first = await get(base, url(1), token);
    const meta = (JSON.parse(first.body) as { meta: { itemTotal: number; pageTotal: number } }).meta;
    console.log(`\nGateway on ${base}; ${meta.itemTotal.toLocaleString('en')} COMPLETED transactions, ${meta.pageTotal.toLocaleString('en')} pages of ${PAGE_SIZE}.`);
    const deep = Math.min(DEEP_PAGE, Math.max(1, meta.pageTotal - 1));
    const deepAnswer = JSON.parse((await get(base, url(deep), token)).body) as { data: unknown[] };
    if (deepAnswer.data.length !== PAGE_SIZE) throw new Error(`Page ${deep} has ${deepAnswer.data.length} rows, not ${PAGE_SIZE}.`);

    const pages: Array<[string, string]> = [
      ['page 1', url(1)],
      [`page ${deep.toLocaleString('en')}`, url(deep)],
      [`page ${meta.pageTotal.toLocaleString('en')} (last)`, url(meta.pageTotal)],
      [`page ${deep.toLocaleString('en')}, oldest first`, url(deep).replace('sort=-created', 'sort=created')],
    ];
    const [load] = loadavg();
    console.log(`\nLoad average ${loadavg().map((value) => value.toFixed(2)).join(', ')} (1, 5, 15 min) on ${cpus().length} cores.`);
    if ((load ?? 0) > cpus().length / 2) {
      console.log(`\nNote: load average ${load?.toFixed(1)} on ${cpus().length} cores: other work competes for the CPU, so wall-clock`);
      console.log('figures are pessimistic; the gateway CPU per request below is the load-independent figure.');
    }
    console.log(`\nWarm-up: ${WARM_UP_SECONDS} s of load on each page (not counted), so V8 has compiled the hot paths.`);
    for (const [, path] of pages) await autocannon(`${base}${path}`, token, WARM_UP_SECONDS);

    console.log(`\nLatency, one client, ${SAMPLES} requests each (after 30 warm-up requests):`);
    const latencies: Array<{ label: string; p95: number }> = [];
    for (const [label, path] of pages) {
      const cpuBefore = await gatewayCpu();
      const { p50, p95, max } = await latency(base, path, token);
      const cpuPerRequest = (await gatewayCpu()) - cpuBefore;
      latencies.push({ label, p95 });
      const perRequestMs = cpuPerRequest / 1000 / (SAMPLES + 30);
      console.log(
        `  ${label.padEnd(30)} p50 ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   max ${max.toFixed(2).padStart(6)} ms` +
          `   gateway CPU ${perRequestMs.toFixed(2)} ms/request (≈ ${Math.round(1000 / perRequestMs)} requests/s on one core)`,
      );
    }

    console.log(`\nThroughput, autocannon, ${CONNECTIONS} connections, ${LOAD_SECONDS} s, loopback:`);
    const throughputs: Array<{ label: string; rps: number }> = [];
    for (const [label, path] of pages.slice(0, 2)) {
      const cpuBefore = await gatewayCpu();
      const result = await autocannon(`${base}${path}`, token);
      const perRequestMs = ((await gatewayCpu()) - cpuBefore) / 1000 / Math.max(1, result.requests.total);
      throughputs.push({ label, rps: result.requests.average });
      console.log(
        `  ${label.padEnd(30)} ${Math.round(result.requests.average).toLocaleString('en').padStart(6)} requests/s   ` +
          `latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms   ` +
          `gateway CPU ${perRequestMs.toFixed(2)} ms/request   (${result.non2xx} non-2xx, ${result.errors} errors)`,
      );
    }

    const worstP95 = Math.max(...latencies.map((entry) => entry.p95));
    const [pageOne, deepPage] = throughputs;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`\nLoad average at the end ${loadavg().map((value) => value.toFixed(2)).join(', ')}.`);
    console.log(`Target p95 < ${TARGET.p95Ms} ms for any page: worst ${worstP95.toFixed(2)} ms, ${verdict(worstP95 < TARGET.p95Ms)}.`);
    if (pageOne) {
      console.log(
        `Target >= ${TARGET.requestsPerSecond} requests/s on ${pageOne.label}: ${Math.round(pageOne.rps)}, ${verdict(pageOne.rps >= TARGET.requestsPerSecond)}` +
          (deepPage ? ` (${deepPage.label}: ${Math.round(deepPage.rps)} requests/s).` : '.'),
      );
    }
  } finally {
    server?.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (server && server.exitCode === null) server.kill();
    if (process.env.BENCH_KEEP) console.log(`\nKept ${file}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

interface SeededWorld {
  superUserId: number;
  sessionId: string;
  wallets: Array<{ id: number; userId: number }>;
  senderId: number;
}

/** Migrations and the minimal world (tenants, staff, members with wallets) through the gateway's own code. */
async function seedSchemaAndWorld(file: string, dataDir: string): Promise<SeededWorld> {
  const app = await buildApp({ databaseUrl: file, dataDir, demo: false, jwtSecret: JWT_SECRET, logger: false });
  try {
    const world = await seedMinimal(app.db);
    // The benchmark's token needs a live server-side session; it outlasts the bulk insert and the run.
    const session = await openSession(app.db, { userId: world.users.super, client: 'teller-web', now: new Date(), ttlSeconds: 12 * 3600 });
    return {
      superUserId: world.users.super,
      sessionId: session.id,
      senderId: world.users.officer,
      wallets: [
        { id: world.wallets.kanifingMemberGmd, userId: world.users.kanifingMember },
        { id: world.wallets.serrekundaMemberByOfficerGmd, userId: world.users.serrekundaMemberByOfficer },
      ],
    };
  } finally {
    await app.close();
  }
}

/**
 * One prepared INSERT in transactions of 50,000 rows, spread over the last 365 days. The running-count triggers
 * (migrations 003 and 004) are set aside for the load and every count rebuilt in one pass afterwards
 * (server/db/running-counts.ts, as the demo seed does), then the triggers are put back exactly as they were.
 */
async function bulkInsert(file: string, dataDir: string, world: SeededWorld): Promise<void> {
  const counts = openDatabase({ databaseUrl: file, dataDir });
  const resumeCountTriggers = await suspendCountTriggers(counts);
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');

  const insert = db.prepare(`
    INSERT INTO wallet_transactions (id, tenant_id, reference_number, type, status, wallet_id, counter_wallet_id, sender_user_id,
      receiver_user_id, amount_minor, fee_minor, currency, service_id, external_id, remarks, created_by, created, updated, completed)
    VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, 'GMD', NULL, ?, ?, ?, ?, ?, ?)`);
  // Ids given here, so each row gets the reference number a live transaction would (referenceNumber(id, created)).
  const { next: firstId } = db.prepare('SELECT coalesce(max(id), 0) + 1 AS next FROM wallet_transactions').get() as { next: number };
  // 7 in 12 COMPLETED, 2 FAILED, 2 PENDING, 1 PROCESSING; every type.
  const statuses = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED', 'FAILED', 'PENDING', 'PENDING', 'PROCESSING'];
  const types = [TRANSACTION_TYPE.TopUp, TRANSACTION_TYPE.CashOut, TRANSACTION_TYPE.P2P, TRANSACTION_TYPE.Loan, TRANSACTION_TYPE.Disbursement, TRANSACTION_TYPE.RequestMoney];
  const newest = Date.now();
  const step = (365 * 86_400_000) / ROWS;
  const batch = db.transaction((from: number, to: number) => {
    for (let index = from; index < to; index += 1) {
      const createdAt = new Date(newest - (ROWS - index) * step);
      const created = createdAt.toISOString();
      const id = firstId + index;
      const type = types[index % types.length] ?? TRANSACTION_TYPE.TopUp;
      const status = statuses[(index * 7) % statuses.length] ?? 'COMPLETED';
      const wallet = world.wallets[index % world.wallets.length] ?? { id: 0, userId: 0 };
      const amount = 100 + ((index * 7_919) % 500_000);
      insert.run(
        id,
        TENANT,
        referenceNumber(id, createdAt),
        type,
        status,
        wallet.id,
        world.senderId,
        wallet.userId,
        type === TRANSACTION_TYPE.CashOut ? -amount : amount,
        Math.max(100, Math.round(amount / 100)),
        type === TRANSACTION_TYPE.Loan ? `LN-${index}` : null,
        index % 3 === 0 ? 'Branch deposit' : null,
        world.senderId,
        created,
        created,
        status === 'COMPLETED' ? created : null,
      );
    }
  });
  for (let from = 0; from < ROWS; from += 50_000) batch(from, Math.min(ROWS, from + 50_000));

  db.close();
  await counts.transaction().execute((trx) => rebuildRunningCounts(trx));
  await resumeCountTriggers();
  await counts.destroy();

  const analysed = new SqliteDatabase(file);
  analysed.exec('ANALYZE');
  analysed.pragma('wal_checkpoint(TRUNCATE)');
  analysed.close();
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(base: string, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) reject(new Error(`GET ${path} answered ${response.statusCode}: ${body.slice(0, 300)}`));
        else resolve({ status: response.statusCode, body });
      });
    });
    request.on('error', reject);
  });
}

async function latency(base: string, path: string, token: string): Promise<{ p50: number; p95: number; max: number }> {
  for (let index = 0; index < 30; index += 1) await get(base, path, token);
  const samples: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const started = process.hrtime.bigint();
    await get(base, path, token);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.ceil(quantile * samples.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1] ?? Number.NaN };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}

/** Runs the autocannon CLI in its own process (so the load generator never shares the gateway's event loop). */
async function autocannon(target: string, token: string, seconds: number = LOAD_SECONDS): Promise<AutocannonResult> {
  const bin = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [bin, '--json', '--connections', String(CONNECTIONS), '--duration', String(seconds), '--headers', `authorization=Bearer ${token}`, target],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as AutocannonResult;
}

// Last, so every module-level constant above is initialised first.
if (process.argv[2] === '--serve') {
  await serve(process.argv[3] ?? '', process.argv[4] ?? '');
} else {
  await main();
}
