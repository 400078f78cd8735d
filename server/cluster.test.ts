// Several gateway processes on one database (server/cluster.ts), on each test engine: two processes started as an
// operator starts them share a SQLite file or a PostgreSQL database, and requests alternate between them (idempotency,
// money, sign-in limits, logout); then TELLER_PROCESSES=2 runs two workers behind one port and closes them on SIGTERM.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processCount } from './cluster.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { SIGN_IN } from './testing/documented.ts';
import { DEMO_PASSWORD, MINIMAL_TENANTS, type MinimalWorld } from './seed/index.ts';
import { TEST_JWT_SECRET } from './testing.ts';
import { sharedTestDatabase, type TestDatabase } from './testing/database.ts';
import { freePort } from './testing/free-port.ts';
import { startGatewayProcess, until, type GatewayProcess } from './testing/gateway-process.ts';
import { newKey } from './testing/wallet.ts';

interface Answer {
  status: number;
  body: { data?: { id: string; attributes: { referenceNumber: string } }; errors?: Array<{ code?: string }> };
}

async function call(base: string, method: string, path: string, token: string | null, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const signIn = (base: string, username: string, password: string) =>
  call(base, 'POST', '/api/v1/id/token', null, { data: { type: 'token', attributes: { username, password, clientid: 'teller-web' } } });

/** The session token of `username`, signed in through `base`. */
async function sessionToken(base: string, username: string): Promise<string> {
  const session = await signIn(base, username, DEMO_PASSWORD);
  return (session.body as unknown as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

/** super@demo.test acting in naccug, signed in through `base`. */
async function naccugAdmin(base: string): Promise<string> {
  const ownToken = await sessionToken(base, 'super@demo.test');
  const tenant = MINIMAL_TENANTS.find((entry) => entry.id === 'naccug');
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownToken}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: tenant?.clientId ?? '', grant_type: tenant?.grantType ?? '', scope: tenant?.scope ?? '' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const create = (base: string, token: string, attributes: Record<string, unknown>, key = newKey()) =>
  call(base, 'POST', '/api/v1/wallet-transactions', token, { data: { type: 'wallettransaction', attributes } }, { 'idempotency-key': key });

/** The status of a plain authenticated read through `base`. */
const readWith = async (base: string, token: string) => (await fetch(`${base}/api/v1/um/roles`, { headers: { authorization: `Bearer ${token}` } })).status;

const PAIR_LIMIT = SIGN_IN.perAccountAndAddress;

/** Time for gateway processes to start side by side: each compiles the contract, over a minute with both cores busy. */
const PROCESS_STARTS_MS = 300_000;

const confirm = (base: string, token: string, id: string, otp: string) =>
  call(base, 'PATCH', `/api/v1/wallet-transactions/${id}`, token, { data: { type: 'wallettransaction', id, attributes: { Otp: otp } } });

describe('two gateway processes on one database', () => {
  let database: TestDatabase & { world: MinimalWorld };
  let dataDir: string;
  let db: Db;
  let gateways: GatewayProcess[] = [];
  let token: string;

  beforeAll(async () => {
    database = await sharedTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'teller-processes-'));
    db = openDatabase({ databaseUrl: database.url, dataDir });
    const env = { DATABASE_URL: database.url, TELLER_DATA_DIR: dataDir, TELLER_JWT_SECRET: TEST_JWT_SECRET };
    gateways = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
    token = await naccugAdmin(gateways[0]?.base ?? '');
  }, PROCESS_STARTS_MS);

  afterAll(async () => {
    const codes = await Promise.all(gateways.map((gateway) => gateway.stop()));
    await db?.destroy();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(codes).toEqual(gateways.map(() => 0));
  });

  /** The gateway a request goes to: the first, the second, the first... */
  const alternate = (index: number): string => gateways[index % gateways.length]?.base ?? '';

  async function codeFor(reference: string): Promise<string> {
    const row = await db.selectFrom('outbox').select('code').where('body', 'like', `%${reference}%`).where('code', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row.code ?? '';
  }

  async function transactionsOf(receiverId: number): Promise<number> {
    const row = await db.selectFrom('wallet_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('receiver_user_id', '=', receiverId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('makes one transaction of 50 concurrent POSTs with one Idempotency-Key, whichever process each reaches', async () => {
    const receiver = database.world.users.kanifingMember;
    const before = await transactionsOf(receiver);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => create(alternate(index), token, { Amount: '25', ReceiverUserId: String(receiver) }, key)),
    );
    // The first request creates it; the others answer it again, or (while it is still being written) 409.
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
    expect(new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data?.id)).size).toBe(1);
    expect(await transactionsOf(receiver)).toBe(before + 1);
  });

  it('completes exactly 3 of 50 concurrent cash-outs of 30 on a balance of 100 and leaves 10, alternating between the processes', async () => {
    const receiver = String(database.world.users.serrekundaMemberByOfficer);
    const wallet = database.world.wallets.serrekundaMemberByOfficerGmd;
    const funding = await create(alternate(0), token, { Amount: '100', ReceiverUserId: receiver });
    const fundingId = funding.body.data?.id ?? '';
    const funded = await confirm(alternate(1), token, fundingId, await codeFor(funding.body.data?.attributes.referenceNumber ?? ''));
    expect(funded.status).toBe(200);

    const cashOuts: Array<{ id: string; code: string }> = [];
    for (let index = 0; index < 50; index += 1) {
      const started = await create(alternate(index), token, { Amount: '-30', ReceiverUserId: receiver });
      expect(started.status).toBe(201);
      cashOuts.push({ id: started.body.data?.id ?? '', code: await codeFor(started.body.data?.attributes.referenceNumber ?? '') });
    }
    const answers = await Promise.all(cashOuts.map(({ id, code }, index) => confirm(alternate(index + 1), token, id, code)));
    // One staff member's code tries are counted before they are checked (20 at once per account): tries past that
    // answer 429 and leave their transaction PENDING; none of them moves money.
    const refused = answers.filter((answer) => answer.status === 422 && answer.body.errors?.[0]?.code === 'insufficient_funds');
    const limited = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(refused.length + limited.length).toBe(47);
    const { balance_minor: balance } = await db.selectFrom('wallets').select('balance_minor').where('id', '=', wallet).executeTakeFirstOrThrow();
    expect(balance).toBe(1_000);
    const statuses = await db
      .selectFrom('wallet_transactions')
      .select('status')
      .where('id', 'in', cashOuts.map(({ id }) => Number(id)))
      .execute();
    expect(statuses.filter((row) => row.status === 'COMPLETED')).toHaveLength(3);
    expect(statuses.filter((row) => row.status === 'FAILED')).toHaveLength(refused.length);
    expect(statuses.filter((row) => row.status === 'PENDING')).toHaveLength(limited.length);
  });

  // Both processes see the same address (loopback), so each pair below is one account and one address.
  it(`counts wrong passwords alternating between the processes in one limit: ${PAIR_LIMIT} checked in total, then 429 on both`, async () => {
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt += 1) expect((await signIn(alternate(attempt), 'officer@demo.test', 'wrong-password')).status).toBe(401);
    for (const base of gateways.map((gateway) => gateway.base)) {
      expect((await signIn(base, 'officer@demo.test', 'wrong-password')).status).toBe(429);
      expect((await signIn(base, 'officer@demo.test', DEMO_PASSWORD)).status).toBe(429);
    }
  });

  it(`checks at most ${PAIR_LIMIT} of 20 concurrent wrong passwords sent to both processes`, async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, (_, index) => signIn(alternate(index), 'group@demo.test', 'wrong-password')));
    // A 401 is a checked password; a 429 was refused before the password was hashed.
    expect(burst.filter((answer) => answer.status === 401)).toHaveLength(PAIR_LIMIT);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(20 - PAIR_LIMIT);
    for (const base of gateways.map((gateway) => gateway.base)) expect((await signIn(base, 'group@demo.test', DEMO_PASSWORD)).status).toBe(429);
  });

  it('ends a session on both processes at once when it is logged out on one', async () => {
    const [first, second] = gateways.map((gateway) => gateway.base);
    const own = await sessionToken(first ?? '', 'partner@demo.test');
    // The second process has verified the token, so its signature cache remembers it.
    expect(await readWith(second ?? '', own)).toBe(200);
    expect(await readWith(first ?? '', own)).toBe(200);
    const logout = await fetch(`${first ?? ''}/api/v1/id/token`, { method: 'DELETE', headers: { authorization: `Bearer ${own}` } });
    expect(logout.status).toBe(204);
    expect(await readWith(second ?? '', own)).toBe(401);
    expect(await readWith(first ?? '', own)).toBe(401);
  });
});

describe('TELLER_PROCESSES', () => {
  it('is one process unless it says auto (one per core) or a whole number', () => {
    expect(processCount(undefined, 8)).toBe(1);
    expect(processCount('', 8)).toBe(1);
    expect(processCount('auto', 8)).toBe(8);
    expect(processCount(' AUTO ', 2)).toBe(2);
    expect(processCount('3', 8)).toBe(3);
    expect(processCount('0', 8)).toBe(1);
    expect(processCount('two', 8)).toBe(1);
  });

  it('runs that many gateway processes behind one port, replaces one that dies, and closes them all on SIGTERM', async () => {
    const database = await sharedTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'teller-processes-'));
    let running: GatewayProcess | undefined;
    try {
      const metricsPort = await freePort();
      const gateway = await startGatewayProcess({
        DATABASE_URL: database.url,
        TELLER_DATA_DIR: dataDir,
        TELLER_JWT_SECRET: TEST_JWT_SECRET,
        TELLER_PROCESSES: '2',
        TELLER_METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      });
      running = gateway;
      /** The processes that logged "Server listening" so far. */
      const listening = () => new Set([...gateway.output().matchAll(/"pid":(\d+)[^\n]*Server listening/g)].map((match) => Number(match[1])));
      const workersOf = () => execFileSync('ps', ['--ppid', String(gateway.child.pid), '-o', 'pid=']).toString().trim().split(/\s+/).map(Number);
      const answers = async () => {
        // Each new connection goes to the next worker; all of them answer.
        for (let index = 0; index < 4; index += 1) expect((await fetch(`${gateway.base}/config.json`, { headers: { connection: 'close' } })).status).toBe(200);
      };
      const [first, second] = workersOf();
      expect(workersOf()).toHaveLength(2);
      await until(() => listening().size === 2);
      // One scrape of the supervisor counts the requests every worker answered, and the queue once, not per worker.
      const scrape = async () => {
        // A worker busy starting may miss the supervisor's 5-second wait (503): the scraper asks again, as Prometheus
        // would, for as long as that lasts (on a busy machine, several waits).
        let answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        while (answer.status === 503) answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(answer.status).toBe(200);
        return answer.text();
      };
      const configReads = (text: string) => Number(/^teller_http_request_duration_seconds_count\{operation="\/config\.json",method="GET",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
      const before = configReads(await scrape());
      await answers();
      const after = await scrape();
      expect(configReads(after) - before).toBe(4);
      expect(after.match(/^teller_settler_queue_depth /gm)).toHaveLength(1);
      expect(after).toMatch(/^teller_settler_queue_depth 0$/m);

      process.kill(first ?? 0, 'SIGKILL');
      const replaced = () => {
        const now = workersOf();
        return now.length === 2 && now.includes(second ?? 0) && !now.includes(first ?? 0);
      };
      await until(replaced, 250);
      const workers = workersOf();
      expect(gateway.output()).toMatch(/ended \(SIGKILL\); starting another/);
      await until(() => listening().size === 3);
      await answers();

      expect(await gateway.stop()).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      // A failed run leaves no gateway behind.
      await running?.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two workers start, then a third in place of the one killed.
  }, 2 * PROCESS_STARTS_MS);
});
