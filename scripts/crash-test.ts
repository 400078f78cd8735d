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
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/seed/index.ts';
import { mulberry32, type Random } from '../server/seed/prng.ts';
import { freePort, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const SEED = Number(process.env.CRASH_SEED ?? 20_250_301);
const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4);
/** A restart must answer /readyz (or, on a gateway without it, any HTTP request) within this many seconds. */
const READY_WITHIN_S = 30;
/** The load between two kills: a random moment in this window after the gateway is ready (ms). */
const KILL_AFTER_MS = { min: 300, max: 1_500 };
const STAFF = 'partner@demo.test';
const TENANT = 'teller';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A request whose answer never came: `sent` false when the connection was refused (nothing reached the gateway). */
class LostAnswer extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(port: number, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', (error) => reject(new LostAnswer(error.message, true)));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => reject(new LostAnswer(error.message, error.code !== 'ECONNREFUSED')));
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The gateway process

interface Gateway {
  port: number;
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
        const answer = await request(gateway.port, 'GET', '/readyz');
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
// The load: clients doing top-ups and cash-outs, each confirmed with its one-time code

interface Figures {
  /** Requests that reached the gateway (a refused connection is not one). */
  requests: number;
  /** Requests whose answer the kill cut off. */
  lost: number;
  /** The same request sent again after a lost answer. */
  retries: number;
  /** Confirms answered 409 COMPLETED on a retry: the first was applied, its answer lost. */
  appliedUnanswered: number;
  created: number;
  replayed: number;
  completed: number;
  refused: number;
  limited: number;
}

interface Receiver {
  userId: number;
  walletId: number;
  phone: string;
}

/** What the clients were told, checked against the database at the end. */
interface Ledger {
  /** Idempotency-Key → the transaction id its 201 named. */
  keys: Map<string, number>;
  /** Transactions whose confirm answered 200. */
  confirmed: Set<number>;
}

class Client {
  private operations = 0;

  constructor(
    private readonly name: string,
    private readonly gateway: Gateway,
    private readonly token: string,
    private readonly receiver: Receiver,
    private readonly random: Random,
    private readonly figures: Figures,
    private readonly ledger: Ledger,
  ) {}

  /** Sends until it answers; a lost answer waits for the gateway and sends the SAME request again. */
  private async send(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    for (let lost = false; ; ) {
      await this.gateway.ready;
      try {
        const answer = await request(this.gateway.port, method, path, { token: this.token, ...options });
        this.figures.requests += 1;
        if (lost) this.figures.retries += 1;
        return answer;
      } catch (error) {
        if (!(error instanceof LostAnswer)) throw error;
        if (error.sent) {
          this.figures.requests += 1;
          if (lost) this.figures.retries += 1;
          lost = true;
          this.figures.lost += 1;
        }
        await sleep(20);
      }
    }
  }

  async run(until: () => boolean): Promise<void> {
    while (!until()) await this.operate();
  }

  private async operate(): Promise<void> {
    this.operations += 1;
    const key = `crash-${SEED}-${this.name}-${this.operations}`;
    // Two top-ups for each cash-out, so most cash-outs find the money; some are refused, which is fine too.
    const cashOut = this.random.chance(1 / 3);
    const amount = this.random.int(1, 500);
    const attributes = { Amount: String(cashOut ? -amount : amount), Currency: 'GMD', ReceiverUserId: String(this.receiver.userId), Remarks: 'crash test' };
    let created: Answer;
    for (;;) {
      created = await this.send('POST', '/api/v1/wallet-transactions', {
        body: { data: { type: 'wallettransaction', attributes } },
        headers: { 'idempotency-key': key },
      });
      // A duplicate still in flight on a process that is gone cannot happen (the key is claimed in the work's own
      // transaction), but if it does, waiting is the client's part.
      if (created.status === 409) {
        await sleep(50);
        continue;
      }
      break;
    }
    if (created.status === 422) {
      this.figures.refused += 1;
      return;
    }
    if (created.status !== 201) throw new Error(`create ${key} answered ${created.status}: ${created.body}`);
    const { data } = JSON.parse(created.body) as { data: { id: string; attributes: { referenceNumber: string } } };
    const id = Number(data.id);
    const known = this.ledger.keys.get(key);
    if (known !== undefined && known !== id) throw new Error(`Key ${key} named transaction ${known}, then ${id}`);
    this.ledger.keys.set(key, id);
    if (created.headers['idempotent-replayed'] === 'true') this.figures.replayed += 1;
    else this.figures.created += 1;

    const code = await this.codeFor(data.attributes.referenceNumber);
    const confirm = { data: { type: 'wallettransaction', id: data.id, attributes: { Otp: code } } };
    const answer = await this.send('PATCH', `/api/v1/wallet-transactions/${data.id}`, { body: confirm });
    if (answer.status === 200) {
      this.ledger.confirmed.add(id);
      this.figures.completed += 1;
    } else if (answer.status === 409 && answer.body.includes('COMPLETED')) {
      // The confirm before the kill was applied; its answer was lost.
      this.ledger.confirmed.add(id);
      this.figures.completed += 1;
      this.figures.appliedUnanswered += 1;
    } else if (answer.status === 422) {
      this.figures.refused += 1;
    } else if (answer.status === 429) {
      // Attempts counted by a request the kill cut short stay counted (server/domain/attempts.ts).
      this.figures.limited += 1;
    } else {
      throw new Error(`confirm ${data.id} answered ${answer.status}: ${answer.body}`);
    }
  }

  /** The code the demo outbox (GET /dev/outbox) holds for the transaction's reference number. */
  private async codeFor(reference: string): Promise<string> {
    const answer = await this.send('GET', `/dev/outbox?filter%5Bto%5D=${encodeURIComponent(this.receiver.phone)}`);
    if (answer.status !== 200) throw new Error(`GET /dev/outbox answered ${answer.status}: ${answer.body}`);
    const rows = (JSON.parse(answer.body) as { data: Array<{ body: string; code?: string }> }).data;
    const code = rows.find((row) => row.body.includes(reference))?.code;
    if (!code) throw new Error(`No code in the outbox for ${reference}`);
    return code;
  }
}

async function signIn(gateway: Gateway): Promise<string> {
  const answer = await request(gateway.port, 'POST', '/api/v1/id/token', {
    body: { data: { type: 'token', attributes: { username: STAFF, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  if (answer.status !== 200) throw new Error(`Sign-in of ${STAFF} answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

// ---------------------------------------------------------------------------------------------------------------
// The database, read-only

interface Reader {
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function sqliteReader(file: string): Reader {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  return {
    rows: <T>(query: string, params: unknown[] = []) => Promise.resolve(db.prepare(query).all(...params) as T[]),
    close: () => Promise.resolve(void db.close()),
  };
}

async function postgresReader(url: string): Promise<Reader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SET default_transaction_read_only = on');
  return {
    rows: async <T>(query: string, params: unknown[] = []) => {
      let index = 0;
      const result = await client.query(
        query.replace(/\?/g, () => `$${(index += 1)}`),
        params,
      );
      return result.rows as T[];
    },
    close: () => client.end(),
  };
}

const big = (value: unknown): bigint => BigInt(String(value ?? 0));

/** Every violation of the money invariants the database shows; empty when all hold. */
async function violations(reader: Reader, ledger: Ledger, staffId: number, firstId: number): Promise<string[]> {
  const found: string[] = [];
  const balances = await reader.rows<{ id: number; balance_minor: unknown }>('SELECT id, balance_minor FROM wallets');
  const sums = new Map<number, bigint>();
  const moved = await reader.rows<{ wallet_id: number; counter_wallet_id: number | null; amount_minor: unknown }>(
    "SELECT wallet_id, counter_wallet_id, amount_minor FROM wallet_transactions WHERE status = 'COMPLETED'",
  );
  for (const row of moved) {
    sums.set(Number(row.wallet_id), (sums.get(Number(row.wallet_id)) ?? 0n) + big(row.amount_minor));
    if (row.counter_wallet_id !== null) sums.set(Number(row.counter_wallet_id), (sums.get(Number(row.counter_wallet_id)) ?? 0n) - big(row.amount_minor));
  }
  for (const wallet of balances) {
    const sum = sums.get(Number(wallet.id)) ?? 0n;
    if (big(wallet.balance_minor) !== sum) found.push(`wallet ${wallet.id}: balance ${big(wallet.balance_minor)} ≠ Σ completed ${sum}`);
  }

  const keys = await reader.rows<{ key: string; state: string; response_body: string | null }>(
    'SELECT key, state, response_body FROM idempotency_keys WHERE user_id = ? AND key LIKE ?',
    [staffId, `crash-${SEED}-%`],
  );
  const byTransaction = new Map<number, string>();
  for (const row of keys) {
    if (row.state !== 'done' || row.response_body === null) {
      found.push(`key ${row.key}: left ${row.state} with no answer`);
      continue;
    }
    const id = Number((JSON.parse(row.response_body) as { id: unknown }).id);
    const other = byTransaction.get(id);
    if (other) found.push(`transaction ${id} answers two keys, ${other} and ${row.key}`);
    byTransaction.set(id, row.key);
    const told = ledger.keys.get(row.key);
    if (told !== undefined && told !== id) found.push(`key ${row.key}: the client was told transaction ${told}, the key stores ${id}`);
  }
  for (const [key, id] of ledger.keys) {
    if (!keys.some((row) => row.key === key)) found.push(`key ${key}: answered 201 (transaction ${id}) but not stored`);
  }

  const made = await reader.rows<{ id: number; status: string; completed: string | null }>(
    'SELECT id, status, completed FROM wallet_transactions WHERE created_by = ? AND id >= ?',
    [staffId, firstId],
  );
  for (const row of made) {
    if (!byTransaction.has(Number(row.id))) found.push(`transaction ${row.id}: no Idempotency-Key names it (created twice or half-applied)`);
    if ((row.status === 'COMPLETED') !== (row.completed !== null)) found.push(`transaction ${row.id}: ${row.status} with completed = ${String(row.completed)}`);
  }
  if (made.length !== byTransaction.size) found.push(`${made.length} transactions for ${byTransaction.size} keys`);
  const status = new Map(made.map((row) => [Number(row.id), row.status]));
  for (const id of ledger.confirmed) {
    if (status.get(id) !== 'COMPLETED') found.push(`transaction ${id}: confirmed to the client, ${status.get(id) ?? 'missing'} in the database`);
  }

  // Each movement is one database transaction: its audit rows and code were written with it, or not at all.
  const audits = await reader.rows<{ entity_id: string; action: string; n: unknown }>(
    "SELECT entity_id, action, count(*) AS n FROM audit_log WHERE action IN ('wallettransaction.create', 'wallettransaction.confirm') AND actor_user_id = ? GROUP BY entity_id, action",
    [staffId],
  );
  const audited = new Map(audits.map((row) => [`${row.action} ${row.entity_id}`, Number(row.n)]));
  for (const row of made) {
    if (audited.get(`wallettransaction.create ${row.id}`) !== 1) found.push(`transaction ${row.id}: ${audited.get(`wallettransaction.create ${row.id}`) ?? 0} create audit rows`);
    const confirms = audited.get(`wallettransaction.confirm ${row.id}`) ?? 0;
    if (confirms !== (row.status === 'COMPLETED' ? 1 : 0)) found.push(`transaction ${row.id}: ${row.status} with ${confirms} confirm audit rows`);
  }
  const codes = await reader.rows<{ id: number }>(
    "SELECT t.id FROM wallet_transactions t WHERE t.created_by = ? AND t.id >= ? AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.body LIKE '%' || t.reference_number || '%' AND o.code IS NOT NULL)",
    [staffId, firstId],
  );
  for (const row of codes) found.push(`transaction ${row.id}: no one-time code was sent`);
  return found;
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
  const gateway: Gateway = {
    port: await freePort(),
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
  const figures: Figures = { requests: 0, lost: 0, retries: 0, appliedUnanswered: 0, created: 0, replayed: 0, completed: 0, refused: 0, limited: 0 };
  const ledger: Ledger = { keys: new Map(), confirmed: new Set() };
  let kills = 0;
  try {
    console.log(`Crash test on ${engine}: ${KILLS} SIGKILLs, ${CLIENTS} clients as ${STAFF}, seed ${SEED}.`);
    const seeding = Date.now();
    await startGateway(gateway);
    console.log(`Gateway ready on port ${gateway.port} with the demo world in ${((Date.now() - seeding) / 1000).toFixed(1)} s.`);

    const setup = await open();
    const staff = await setup.rows<{ user_id: number }>('SELECT user_id FROM accounts WHERE username = ?', [STAFF]);
    const staffId = Number(staff[0]?.user_id);
    const receivers = await setup.rows<{ userId: number; walletId: number; phone: string }>(
      `SELECT u.id AS "userId", w.id AS "walletId", u.phonenumber AS phone FROM users u
       JOIN accounts a ON a.user_id = u.id JOIN wallets w ON w.user_id = u.id
       WHERE u.tenant_id = ? AND a.roles = 256 AND (a.status & 1) = 1 AND (a.status & 112) = 0 AND w.currency = 'GMD' AND u.phonenumber IS NOT NULL
       ORDER BY u.id LIMIT ?`,
      [TENANT, CLIENTS],
    );
    const [{ next }] = (await setup.rows<{ next: unknown }>('SELECT coalesce(max(id), 0) + 1 AS next FROM wallet_transactions')) as [{ next: unknown }];
    const firstId = Number(next);
    const before = await violations(setup, ledger, staffId, firstId);
    await setup.close();
    if (before.length > 0) throw new Error(`The database breaks the invariants before any kill:\n  ${before.slice(0, 20).join('\n  ')}`);
    if (receivers.length < CLIENTS) throw new Error(`Only ${receivers.length} active members with a GMD wallet and a phone on ${TENANT}`);

    const clients: Client[] = [];
    for (const [index, receiver] of receivers.entries()) {
      clients.push(new Client(`c${index}`, gateway, await signIn(gateway), receiver, mulberry32(SEED + index + 1), figures, ledger));
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
    const found = await violations(reader, ledger, staffId, firstId);
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
    agent.destroy();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
