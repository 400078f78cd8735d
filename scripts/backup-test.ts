// `npm run test:backup`: a backup taken while money moves, restored, and checked (issue 26, README "Backup and
// restore"), on SQLite and on PostgreSQL. A gateway serves a money load (scripts/money-load.ts); mid-load the
// backup tool copies its database (scripts/backup.ts: SQLite's VACUUM INTO, pg_dump); the load goes on and stops.
// The copy is restored as an operator would (the file into a fresh data directory; pg_restore into an empty
// database), and on it: the money invariants hold (one transaction per Idempotency-Key, every balance equal to its
// completed transactions, nothing half-applied), and a gateway started on it is ready and signs staff in.
//
//   npm run test:backup                  both engines     -- --sqlite | --postgres   one of them
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { mulberry32 } from '../server/seed/prng.ts';
import { backupDatabase, restorePostgres } from './backup.ts';
import { Client, closeConnections, loadSetup, newFigures, postgresReader, request, signIn, sleep, sqliteReader, violations, type Ledger, type Line, type Reader } from './money-load.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENTS = 3;
const KEY_PREFIX = `backup-${Date.now()}`;
/** A bound for a gateway that never comes up, sized for a busy two-core machine (the first start seeds). */
const READY_WITHIN_MS = 300_000;

interface Gateway {
  child: ChildProcess;
  line: Line;
}

async function startGateway(env: Record<string, string>): Promise<Gateway> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), TELLER_SERVE_WEB: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-3_000)));
  const line: Line = { url: `http://127.0.0.1:${port}`, ready: Promise.resolve() };
  const started = Date.now();
  while (Date.now() - started < READY_WITHIN_MS && child.exitCode === null) {
    try {
      if ((await request(line.url, 'GET', '/readyz')).status === 200) return { child, line };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`The gateway was not ready (exit ${String(child.exitCode)}):\n${log}`);
}

async function stopGateway(gateway: Gateway): Promise<void> {
  if (gateway.child.exitCode !== null) return;
  const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
  gateway.child.kill('SIGTERM');
  await exited;
}

async function countOf(reader: Reader, staffId: number, firstId: number): Promise<number> {
  const [row] = (await reader.rows<{ n: unknown }>('SELECT count(*) AS n FROM wallet_transactions WHERE created_by = ? AND id >= ?', [staffId, firstId])) as [{ n: unknown }];
  return Number(row.n);
}

/** One engine: load, back up mid-load, restore, check. Resolves the violations found. */
async function run(engine: 'SQLite' | 'PostgreSQL'): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'teller-backup-'));
  let cluster: PostgresCluster | undefined;
  const gateways: Gateway[] = [];
  try {
    cluster = engine === 'PostgreSQL' ? await startPostgresCluster() : undefined;
    const dataDir = join(dir, 'data');
    const env = { TELLER_DATA_DIR: dataDir, DATABASE_URL: cluster?.url ?? '' };
    const gateway = await startGateway(env);
    gateways.push(gateway);
    const open = (): Promise<Reader> => (cluster ? postgresReader(cluster.url) : Promise.resolve(sqliteReader(join(dataDir, 'teller.db'))));

    const setup = await open();
    const { staffId, receivers, firstId } = await loadSetup(setup, CLIENTS);
    await setup.close();
    const figures = newFigures();
    const ledger: Ledger = { keys: new Map(), confirmed: new Set() };
    const clients = await Promise.all(receivers.map(async (receiver, index) => new Client(`c${index}`, gateway.line, KEY_PREFIX, await signIn(gateway.line), receiver, mulberry32(index + 1), figures, ledger)));
    let done = false;
    const load = Promise.all(clients.map((client) => client.run(() => done)));
    let failure: unknown;
    load.catch((error: unknown) => {
      failure = error;
    });

    await sleep(3_000);
    const backup = join(dir, engine === 'SQLite' ? 'teller-backup.db' : 'teller-backup.dump');
    const started = Date.now();
    const copied = backupDatabase({ databaseUrl: cluster?.url, dataDir }, backup);
    const backupMs = Date.now() - started;
    const duringBackup = figures.requests;
    await sleep(2_000);
    done = true;
    await load;
    if (failure !== undefined) throw failure;
    await stopGateway(gateway);
    const live = await open();
    const made = await countOf(live, staffId, firstId);
    await live.close();

    // Restore as an operator would: the file into a fresh data directory, the dump into an empty database.
    const restoredDir = join(dir, 'restored');
    let restoredUrl = '';
    if (cluster) {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE restored');
      await admin.end();
      restoredUrl = cluster.url.replace(/\/postgres$/, '/restored');
      restorePostgres(backup, restoredUrl);
    } else {
      mkdirSync(restoredDir, { recursive: true });
      copyFileSync(backup, join(restoredDir, 'teller.db'));
    }
    const restored = await (cluster ? postgresReader(restoredUrl) : Promise.resolve(sqliteReader(join(restoredDir, 'teller.db'))));
    // The copy is one moment: what clients were told after it is not in it, so only the copy's own consistency is judged.
    const found = await violations(restored, { keys: new Map(), confirmed: new Set() }, KEY_PREFIX, staffId, firstId);
    const inCopy = await countOf(restored, staffId, firstId);
    await restored.close();
    if (inCopy === 0) found.push('the backup holds none of the transactions made before it');

    const again = await startGateway({ TELLER_DATA_DIR: restoredDir, DATABASE_URL: restoredUrl });
    gateways.push(again);
    await signIn(again.line);
    await stopGateway(again);

    console.log(`${engine}: backed up ${copied} in ${backupMs} ms while the load ran (${duringBackup} requests by then, ${figures.requests} in all)`);
    console.log(`  transactions       ${made} made by the load, ${inCopy} in the backup (it was taken mid-load)`);
    console.log(`  restored copy      ${found.length === 0 ? 'invariants held; a gateway on it was ready and signed staff in' : `${found.length} violations`}`);
    return found.map((problem) => `${engine}: ${problem}`);
  } finally {
    for (const gateway of gateways) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const engines = args.includes('--sqlite') ? (['SQLite'] as const) : args.includes('--postgres') ? (['PostgreSQL'] as const) : (['SQLite', 'PostgreSQL'] as const);
const found: string[] = [];
try {
  for (const engine of engines) found.push(...(await run(engine)));
} finally {
  closeConnections();
}
if (found.length > 0) {
  console.error(`\n${found.length} violations:\n  ${found.slice(0, 50).join('\n  ')}`);
  process.exitCode = 1;
}
