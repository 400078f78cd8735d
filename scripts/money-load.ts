// The money load two end-to-end checks share (scripts/crash-test.ts, scripts/topology-test.ts): staff clients doing
// top-ups and cash-outs through the real gateway, each confirmed with its one-time code from the demo outbox, each
// retried with the same Idempotency-Key whenever its answer is lost; and the money invariants read from the database
// afterwards (one transaction per key, every balance equal to the sum of its completed transactions, nothing
// half-applied, every acknowledged answer durable).
import http from 'node:http';
import https from 'node:https';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/seed/index.ts';
import type { Random } from '../server/seed/prng.ts';

/** Who the load signs in as, and the tenant whose members receive the money. */
export const STAFF = 'partner@demo.test';
export const TENANT = 'teller';

/** Where a client sends: a gateway or the proxy in front of several, ready once `ready` resolves. */
export interface Line {
  url: string;
  ready: Promise<void>;
}

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A request whose answer never came: `sent` false when the connection was refused (nothing reached the gateway). */
/** Answers that say the request may not have been done: a proxy without its gateway (502, 504), a closing gateway (503). */
const UNANSWERED = new Set([502, 503, 504]);

export class LostAnswer extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
  }
}

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false }) };

/** Lets the keep-alive connections go, so the process can end. */
export function closeConnections(): void {
  agents.http.destroy();
  agents.https.destroy();
}

export function request(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const url = new URL(path, base);
    const secure = url.protocol === 'https:';
    const req = (secure ? https : http).request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${url.search}`,
        agent: secure ? agents.https : agents.http,
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The load: clients doing top-ups and cash-outs, each confirmed with its one-time code

export interface Figures {
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

export interface Receiver {
  userId: number;
  walletId: number;
  phone: string;
}

/** What the clients were told, checked against the database at the end. */
export interface Ledger {
  /** Idempotency-Key → the transaction id its 201 named. */
  keys: Map<string, number>;
  /** Transactions whose confirm answered 200. */
  confirmed: Set<number>;
}

export class Client {
  private operations = 0;

  constructor(
    private readonly name: string,
    private readonly line: Line,
    private readonly keyPrefix: string,
    private readonly token: string,
    private readonly receiver: Receiver,
    private readonly random: Random,
    private readonly figures: Figures,
    private readonly ledger: Ledger,
  ) {}

  /** Sends until it answers; a lost answer waits for the gateway and sends the SAME request again. */
  private async send(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    for (let lost = false; ; ) {
      await this.line.ready;
      try {
        const answer = await request(this.line.url, method, path, { token: this.token, ...options });
        this.figures.requests += 1;
        if (lost) this.figures.retries += 1;
        if (!UNANSWERED.has(answer.status)) return answer;
        // The proxy lost its gateway mid-request, or the gateway was closing: the same request again.
        lost = true;
        this.figures.lost += 1;
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
    const key = `${this.keyPrefix}-${this.name}-${this.operations}`;
    // Two top-ups for each cash-out, so most cash-outs find the money; some are refused, which is fine too.
    const cashOut = this.random.chance(1 / 3);
    const amount = this.random.int(1, 500);
    const attributes = { Amount: String(cashOut ? -amount : amount), Currency: 'GMD', ReceiverUserId: String(this.receiver.userId), Remarks: 'money load' };
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

export async function signIn(line: Line): Promise<string> {
  const answer = await request(line.url, 'POST', '/api/v1/id/token', {
    body: { data: { type: 'token', attributes: { username: STAFF, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  if (answer.status !== 200) throw new Error(`Sign-in of ${STAFF} answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

// The database, read-only

export interface Reader {
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export function sqliteReader(file: string): Reader {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  return {
    rows: <T>(query: string, params: unknown[] = []) => Promise.resolve(db.prepare(query).all(...params) as T[]),
    close: () => Promise.resolve(void db.close()),
  };
}

/** A client of the database at `url`: read-only unless `writable` (a test that queues work of its own). */
export async function postgresReader(url: string, { writable = false } = {}): Promise<Reader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (!writable) await client.query('SET default_transaction_read_only = on');
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
export async function violations(reader: Reader, ledger: Ledger, keyPrefix: string, staffId: number, firstId: number): Promise<string[]> {
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
    [staffId, `${keyPrefix}-%`],
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

/** The staff member's user id, the members the money goes to, and the first transaction id the load will make. */
export async function loadSetup(reader: Reader, clients: number): Promise<{ staffId: number; receivers: Receiver[]; firstId: number }> {
  const staff = await reader.rows<{ user_id: number }>('SELECT user_id FROM accounts WHERE username = ?', [STAFF]);
  const receivers = await reader.rows<Receiver>(
    `SELECT u.id AS "userId", w.id AS "walletId", u.phonenumber AS phone FROM users u
     JOIN accounts a ON a.user_id = u.id JOIN wallets w ON w.user_id = u.id
     WHERE u.tenant_id = ? AND a.roles = 256 AND (a.status & 1) = 1 AND (a.status & 112) = 0 AND w.currency = 'GMD' AND u.phonenumber IS NOT NULL
     ORDER BY u.id LIMIT ?`,
    [TENANT, clients],
  );
  if (receivers.length < clients) throw new Error(`Only ${receivers.length} active members with a GMD wallet and a phone on ${TENANT}`);
  const [{ next }] = (await reader.rows<{ next: unknown }>('SELECT coalesce(max(id), 0) + 1 AS next FROM wallet_transactions')) as [{ next: unknown }];
  return { staffId: Number(staff[0]?.user_id), receivers: receivers.map((row) => ({ userId: Number(row.userId), walletId: Number(row.walletId), phone: row.phone })), firstId: Number(next) };
}

export function newFigures(): Figures {
  return { requests: 0, lost: 0, retries: 0, appliedUnanswered: 0, created: 0, replayed: 0, completed: 0, refused: 0, limited: 0 };
}
