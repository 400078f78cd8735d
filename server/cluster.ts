// Several gateway processes on one port and one database (node:cluster), for as many cores as the machine has:
// TELLER_PROCESSES=auto (one per core) or a number; unset or 1 is one process, as before. Every process serves any
// request, because everything they must agree on lives in the database (idempotency keys, one-time codes and
// their tries, the outbox, the payout queue). The primary serves nothing: it migrates and seeds the database once,
// creates the JWT secret file when there is none, starts the workers, starts a new one when one dies, and on
// SIGINT or SIGTERM asks each to close (each drains like a single gateway would) and exits when they have.
// Background jobs (the settler) run in one worker, the lead; its claims in the database would make running it in
// every worker safe too, only busier.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { openDatabase, type ConnectionOptions } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { moveFilesFromDisk } from './domain/files/disk.ts';
import { clusterMetrics, serveMetrics } from './http/metrics.ts';
import { resolveJwtSecret } from './domain/auth/tokens.ts';
import { seedIfEmpty, type DemoWorldSummary } from './seed/index.ts';

/** Marks the worker that runs the background jobs and speaks for the group in the log. */
const LEAD_ENV = 'TELLER_LEAD_PROCESS';
/** What the primary sends a worker to close it: the worker then does what SIGTERM does to a single gateway. */
const CLOSE_MESSAGE = 'teller:close';
/** A worker that has not closed this long after being asked is killed. */
const CLOSE_TIMEOUT_MS = 30_000;
/** A worker that dies is replaced after this pause. */
const RESTART_DELAY_MS = 1_000;

/** How many gateway processes TELLER_PROCESSES asks for: `auto` is one per core; anything else invalid is 1. */
export function processCount(setting: string | undefined, cores: number = availableParallelism()): number {
  const text = setting?.trim().toLowerCase() ?? '';
  if (text === '') return 1;
  if (text === 'auto') return Math.max(1, cores);
  if (/^\d{1,3}$/.test(text) && Number(text) >= 1) return Number(text);
  console.warn(`TELLER_PROCESSES=${setting} is neither auto nor a whole number from 1; running one process.`);
  return 1;
}

/** True in the primary of a multi-process gateway, which must run superviseGateways and nothing else. */
export function isSupervisor(processes: number): boolean {
  return processes > 1 && cluster.isPrimary;
}

/** True in a single-process gateway and in the lead worker: it runs the background jobs and prints the banner. */
export function isLeadProcess(): boolean {
  return cluster.isPrimary || process.env[LEAD_ENV] === '1';
}

if (cluster.isWorker) {
  // The primary's request to close: the same path as a signal to a single gateway (main.ts's SIGTERM handler).
  process.on('message', (message) => {
    if (message === CLOSE_MESSAGE) process.emit('SIGTERM', 'SIGTERM');
  });
}

export interface SupervisorOptions extends ConnectionOptions {
  processes: number;
  demo: boolean;
  /** Where the sum of the workers' metrics is served (http/metrics.ts); none when absent. */
  metrics?: { port: number; host: string } | undefined;
  log: (line: string) => void;
  /** Told what the demo seed put in an empty database. */
  onSeeded?: (summary: DemoWorldSummary, ms: number) => void;
}

/** Migrates and seeds once, then keeps `processes` workers serving until a signal; resolves the exit code. */
export async function superviseGateways(options: SupervisorOptions): Promise<number> {
  const db = openDatabase(options);
  try {
    await migrateToLatest(db);
    await moveFilesFromDisk(db, options.dataDir);
    const started = Date.now();
    const seeded = await seedIfEmpty(db, { demo: options.demo });
    if (seeded) options.onSeeded?.(seeded, Date.now() - started);
  } finally {
    await db.destroy();
  }
  // TELLER_JWT_SECRET, else the file in dataDir: created here, so no worker reads it half-written.
  resolveJwtSecret({ dataDir: options.dataDir });
  const metricsServer = options.metrics ? await serveMetrics(clusterMetrics(), options.metrics) : undefined;

  const leads = new WeakSet<Worker>();
  let listened = false;
  let closing = false;
  const fork = (lead: boolean) => {
    const worker = cluster.fork(lead ? { [LEAD_ENV]: '1' } : {});
    if (lead) leads.add(worker);
    worker.once('listening', () => (listened = true));
  };

  return new Promise((resolve) => {
    /** Asks every worker to close (SIGKILL after CLOSE_TIMEOUT_MS) and resolves `code` once all have exited. */
    const closeAll = (code: number) => {
      closing = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
      const killer = setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, CLOSE_TIMEOUT_MS);
      const ended = workers.map((worker) => new Promise((exited) => worker.once('exit', exited)));
      for (const worker of workers) if (worker.isConnected()) worker.send(CLOSE_MESSAGE);
      void Promise.all(ended).then(() => {
        clearTimeout(killer);
        metricsServer?.close();
        resolve(code);
      });
    };
    const close = (signal: NodeJS.Signals) => {
      if (closing) return;
      options.log(`${signal}: closing the gateway processes`);
      closeAll(0);
    };
    cluster.on('exit', (worker, code, signal) => {
      if (closing) return;
      const how = signal ?? `code ${code}`;
      // While none has ever listened, the next would not start either (configuration, database): stop, do not spin.
      if (!listened) {
        options.log(`Gateway process ${worker.process.pid ?? '?'} ended (${how}) before any listened; stopping.`);
        closeAll(1);
        return;
      }
      options.log(`Gateway process ${worker.process.pid ?? '?'} ended (${how}); starting another.`);
      setTimeout(() => {
        if (!closing) fork(leads.has(worker));
      }, RESTART_DELAY_MS);
    });
    for (let index = 0; index < options.processes; index += 1) fork(index === 0);
    options.log(`${options.processes} gateway processes started by process ${process.pid}.`);
    process.on('SIGINT', close);
    process.on('SIGTERM', close);
  });
}
