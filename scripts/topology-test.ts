// `npm run test:topology`: the README's production setup, run for real on one machine. nginx (Debian's package)
// terminates TLS in front of three gateway hosts (separate processes on distinct loopback addresses, 127.0.0.11–13,
// one port) sharing one throwaway PostgreSQL. Under a money load through the proxy, one host is killed (SIGKILL) and
// started again, then all three are rolled one by one (SIGTERM, start, ready). Meanwhile a change stream follows the
// tenant through the proxy, resuming by Last-Event-ID on whichever host answers, and payouts wait in the settler's
// queue, which every host's settler claims from. At the end: no money lost or doubled (balances equal completed
// transactions, one transaction per Idempotency-Key), no request failed that the client did not send again by its
// key, every transaction the load made reached the stream, and every queued payout settled once.
//
//   npm run test:topology                TOPOLOGY_CLIENTS=4 TOPOLOGY_SEED=11 TOPOLOGY_PAYOUTS=30
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../server/seed/prng.ts';
import { Client, closeConnections, loadSetup, newFigures, postgresReader, request, signIn, sleep, violations, type Ledger, type Line, type Reader } from './money-load.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startPostgresCluster } from './postgres-cluster.ts';
import { selfSignedCertificate } from './tls-front.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEED = Number(process.env.TOPOLOGY_SEED ?? 11);
const CLIENTS = Number(process.env.TOPOLOGY_CLIENTS ?? 4);
const PAYOUTS = Number(process.env.TOPOLOGY_PAYOUTS ?? 30);
const KEY_PREFIX = `topology-${SEED}-${Date.now()}`;
const HOSTS = ['127.0.0.11', '127.0.0.12', '127.0.0.13'];
/** A bound for a host that never comes up, sized for a busy two-core machine (the first seeds the demo world). */
const READY_WITHIN_MS = 300_000;
/** Load between two disruptions. */
const SETTLE_MS = 3_000;
const JWT_SECRET = 'topology-test-secret-topology-test-secret-0123';

interface Host {
  address: string;
  port: number;
  dataDir: string;
  child?: ChildProcess;
  log: string[];
  readyMs: number[];
}

function startHost(host: Host, databaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, ['dist-gateway/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: host.address,
      PORT: String(host.port),
      DATABASE_URL: databaseUrl,
      TELLER_DATA_DIR: host.dataDir,
      TELLER_JWT_SECRET: JWT_SECRET,
      TELLER_SERVE_WEB: '0',
      TELLER_TRUSTED_PROXIES: '127.0.0.1',
      TELLER_SETTLER_INTERVAL_MS: '300',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    host.log.push(chunk.toString('utf8'));
    if (host.log.length > 100) host.log.splice(0, host.log.length - 100);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  host.child = child;
  return child;
}

async function ready(host: Host): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < READY_WITHIN_MS) {
    if (host.child?.exitCode !== null && host.child?.exitCode !== undefined) break;
    try {
      if ((await request(`http://${host.address}:${host.port}`, 'GET', '/readyz')).status === 200) {
        host.readyMs.push(Date.now() - started);
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`Host ${host.address} was not ready (exit ${String(host.child?.exitCode)}):\n${host.log.join('').slice(-3_000)}`);
}

async function stopHost(host: Host, signal: 'SIGKILL' | 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
  const child = host.child;
  const started = Date.now();
  if (!child || child.exitCode !== null || child.signalCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  const code = await exited;
  return { code, ms: Date.now() - started };
}

/** nginx terminating TLS for the three hosts, as the README's production section sets it up. */
function startProxy(dir: string, port: number, hostPort: number): ChildProcess {
  const { keyFile: key, certFile: cert } = selfSignedCertificate(dir);
  const config = `
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream gateways {
    ${HOSTS.map((address) => `server ${address}:${hostPort} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_bind 127.0.0.1;
      proxy_buffering off;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`nginx: ${chunk.toString('utf8')}`));
  return child;
}

/** A change stream through the proxy that, whenever it ends, opens again after the last event it read. */
class Follower {
  readonly transactions = new Set<string>();
  reconnects = 0;
  duplicates = 0;
  private lastId: string | undefined;
  private readonly seen = new Set<string>();
  private stopped = false;
  private current: ReturnType<typeof https.request> | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  /** Resolves once the first stream is open (its `: connected` line arrived). */
  start(): Promise<void> {
    return new Promise((opened) => void this.follow(opened));
  }

  stop(): void {
    this.stopped = true;
    this.current?.destroy();
  }

  private async follow(opened: () => void): Promise<void> {
    while (!this.stopped) {
      await new Promise<void>((ended) => {
        const target = new URL('/api/v1/changes', this.url);
        const req = https.request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            rejectUnauthorized: false,
            headers: { authorization: `Bearer ${this.token}`, accept: 'text/event-stream', ...(this.lastId ? { 'last-event-id': this.lastId } : {}) },
          },
          (res) => {
            if (res.statusCode !== 200) {
              res.resume();
              res.on('end', () => ended());
              return;
            }
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (text: string) => {
              buffer += text;
              if (buffer.includes(': connected')) opened();
              for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
                this.read(buffer.slice(0, at));
                buffer = buffer.slice(at + 2);
              }
            });
            res.on('end', () => ended());
            res.on('error', () => ended());
          },
        );
        req.on('error', () => ended());
        req.end();
        this.current = req;
      });
      if (this.stopped) return;
      this.reconnects += 1;
      await sleep(200);
    }
  }

  private read(block: string): void {
    const id = /^id: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!id || !data) return;
    if (this.seen.has(id)) this.duplicates += 1;
    this.seen.add(id);
    this.lastId = id;
    const event = JSON.parse(data) as { entity: string; entityId: string };
    if (event.entity === 'walletTransaction') this.transactions.add(event.entityId);
  }
}

/** Puts payouts in the settler's queue, as re-initiating them does; returns their ids. */
async function queuePayouts(reader: Reader, count: number, queued: readonly number[], now: Date): Promise<number[]> {
  // Rows this run has not queued before: each payout is queued once, so each must settle once.
  const rows = await reader.rows<{ id: number; tenant_id: string }>('SELECT r.id, r.tenant_id FROM remittances r ORDER BY r.id DESC LIMIT ? OFFSET ?', [count, queued.length]);
  for (const row of rows) {
    await reader.rows('INSERT INTO payout_queue (remittance_id, tenant_id, queued_at, queued_by, claim, claimed_at) VALUES (?, ?, ?, NULL, NULL, NULL)', [row.id, row.tenant_id, now.toISOString()]);
  }
  return rows.map((row) => Number(row.id));
}

async function main(): Promise<void> {
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'teller-topology-'));
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-gateway.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The gateway did not compile');
  const database = await startPostgresCluster({ settings: { fsync: 'on', synchronous_commit: 'on' } });
  const hostPort = await freePort();
  const proxyPort = await freePort();
  const hosts: Host[] = HOSTS.map((address, index) => ({ address, port: hostPort, dataDir: join(dir, `host${index + 1}`), log: [], readyMs: [] }));
  let proxy: ChildProcess | undefined;
  let follower: Follower | undefined;
  try {
    console.log(`Topology test: nginx (TLS) → ${HOSTS.length} gateway hosts (${HOSTS.join(', ')}:${hostPort}) → PostgreSQL; ${CLIENTS} clients, seed ${SEED}.`);
    // The first host migrates and seeds the empty database; the others start once it has.
    const [first, ...others] = hosts as [Host, ...Host[]];
    startHost(first, database.url);
    await ready(first);
    console.log(`  first host ready with the demo world in ${((first.readyMs[0] ?? 0) / 1000).toFixed(1)} s`);
    for (const host of others) startHost(host, database.url);
    await Promise.all(others.map(ready));
    proxy = startProxy(dir, proxyPort, hostPort);
    const line: Line = { url: `https://127.0.0.1:${proxyPort}`, ready: Promise.resolve() };
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await request(line.url, 'GET', '/readyz')).status === 200) break;
      } catch (error) {
        if (tries > 100) throw new Error(`nginx did not answer: ${String(error)}`, { cause: error });
      }
      await sleep(100);
    }

    const reader = await postgresReader(database.url, { writable: true });
    const { staffId, receivers, firstId } = await loadSetup(reader, CLIENTS);
    const before = await violations(reader, { keys: new Map(), confirmed: new Set() }, KEY_PREFIX, staffId, firstId);
    if (before.length > 0) throw new Error(`The demo world breaks the invariants before the load:\n  ${before.slice(0, 20).join('\n  ')}`);

    const figures = newFigures();
    const ledger: Ledger = { keys: new Map(), confirmed: new Set() };
    const token = await signIn(line);
    follower = new Follower(line.url, token);
    await follower.start();
    const clients = await Promise.all(receivers.map(async (receiver, index) => new Client(`c${index}`, line, KEY_PREFIX, await signIn(line), receiver, mulberry32(SEED + index), figures, ledger)));
    let done = false;
    let failure: unknown;
    const load = Promise.all(clients.map((client) => client.run(() => done)));
    load.catch((error: unknown) => {
      failure = error;
    });
    const payouts: number[] = [];
    const disrupt = async (what: string, step: () => Promise<void>) => {
      payouts.push(...(await queuePayouts(reader, Math.ceil(PAYOUTS / 3), payouts, new Date())));
      await sleep(SETTLE_MS);
      if (failure !== undefined) throw failure;
      const started = Date.now();
      await step();
      console.log(`  ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };

    const victim = hosts[1] as Host;
    await disrupt(`killed ${victim.address} (SIGKILL) and started it again`, async () => {
      await stopHost(victim, 'SIGKILL');
      await sleep(1_000);
      startHost(victim, database.url);
      await ready(victim);
    });
    await disrupt('rolled all three hosts one by one (SIGTERM, start, ready)', async () => {
      for (const host of hosts) {
        const { code } = await stopHost(host, 'SIGTERM');
        if (code !== 0) throw new Error(`Host ${host.address} exited ${String(code)} on SIGTERM:\n${host.log.join('').slice(-2_000)}`);
        startHost(host, database.url);
        await ready(host);
      }
    });
    await disrupt('load on the rolled hosts', async () => {
      await sleep(1_000);
    });
    done = true;
    await load;

    // Every payout leaves the queue settled; the settlers keep claiming after the kill and the roll.
    const queuedAt = Date.now();
    for (;;) {
      const [waiting] = (await reader.rows<{ n: unknown }>('SELECT count(*) AS n FROM payout_queue')) as [{ n: unknown }];
      if (Number(waiting.n) === 0) break;
      if (Date.now() - queuedAt > 120_000) throw new Error(`${Number(waiting.n)} payouts still queued two minutes after the load`);
      await sleep(500);
    }
    // The stream catches up with the last writes.
    await sleep(2_000);
    follower.stop();

    const found = await violations(reader, ledger, KEY_PREFIX, staffId, firstId);
    const missed = [...ledger.keys.values()].filter((id) => !follower?.transactions.has(String(id)));
    if (missed.length > 0) found.push(`${missed.length} transactions never reached the change stream (first: ${missed.slice(0, 5).join(', ')})`);
    const settled = await reader.rows<{ id: number; status_id: number; settles: unknown }>(
      `SELECT r.id, r.status_id, (SELECT count(*) FROM audit_log a WHERE a.action = 'remittance.settle' AND a.entity_id = CAST(r.id AS text)) AS settles
       FROM remittances r WHERE r.id IN (${payouts.map(() => '?').join(', ') || 'NULL'})`,
      payouts,
    );
    for (const row of settled) {
      if (Number(row.settles) !== 1) found.push(`payout ${row.id}: settled ${Number(row.settles)} times`);
    }
    if (settled.length !== payouts.length) found.push(`${payouts.length} payouts queued, ${settled.length} found`);
    await reader.close();

    const restarts = hosts.flatMap((host) => host.readyMs.slice(1));
    console.log(`\nPostgreSQL behind nginx, ${HOSTS.length} hosts: ${((Date.now() - began) / 1000).toFixed(1)} s`);
    console.log(`  requests           ${figures.requests} through the proxy; ${figures.lost} answers lost to a stopped host (502/503/504 or cut off), each sent again with its Idempotency-Key (${figures.retries} retries); 0 failed without a retry`);
    console.log(`  transactions       ${ledger.keys.size} keys: ${figures.created} created, ${figures.replayed} replayed, ${figures.completed} confirmed (${figures.appliedUnanswered} applied before the answer was lost), ${figures.refused} refused (422), ${figures.limited} limited (429)`);
    console.log(`  change stream      ${follower.transactions.size} transactions seen, ${follower.reconnects} reconnects by Last-Event-ID, ${follower.duplicates} events seen twice`);
    console.log(`  settler            ${payouts.length} payouts queued during the load, all settled once`);
    console.log(`  restarts           ${restarts.length}, ready in ${Math.min(...restarts)}–${Math.max(...restarts)} ms`);
    if (follower.reconnects === 0) found.push('the change stream never had to reconnect: the roll did not reach its host');
    if (found.length > 0) {
      console.error(`\n${found.length} violations:\n  ${found.slice(0, 50).join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('  invariants         one transaction per key, balances = Σ completed, nothing half-applied, every change streamed, every payout settled once: held');
    }
  } finally {
    follower?.stop();
    await Promise.all(hosts.map((host) => stopHost(host, 'SIGKILL')));
    proxy?.kill('SIGTERM');
    closeConnections();
    database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
