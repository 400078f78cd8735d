// The gateway behind the README's TLS proxy (issue 22, defect 1), started as an operator starts it with
// TELLER_TRUSTED_PROXIES=127.0.0.1, behind the project's TLS front (scripts/tls-front.ts, which appends the client's
// address to X-Forwarded-For as nginx does). Clients reach the front from distinct loopback addresses (127.0.0.2,
// 127.0.0.3), so the gateway's only peer is the front and the client's address comes from the front's header.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { tmpdir } from 'node:os';
import tls from 'node:tls';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsFront, type TlsFront } from '../scripts/tls-front.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { SIGN_IN } from './testing/documented.ts';
import { DEMO_PASSWORD, type MinimalWorld } from './seed/index.ts';
import { TEST_JWT_SECRET } from './testing.ts';
import { sharedTestDatabase, type TestDatabase } from './testing/database.ts';
import { startGatewayProcess, type GatewayProcess } from './testing/gateway-process.ts';

interface Answer {
  status: number;
  cookies: string[];
}

const signInBody = (username: string, password: string) =>
  JSON.stringify({ data: { type: 'token', attributes: { username, password, clientid: 'teller-web' } } });

const cookiesOf = (header: string | string[] | undefined): string[] => (header === undefined ? [] : [header].flat());

/** A sign-in over HTTP/2 and TLS through the front, from the local address `from`. */
async function signInThroughFront(front: TlsFront, from: string, username: string, password: string, headers: http2.OutgoingHttpHeaders = {}): Promise<Answer> {
  const { hostname, port } = new URL(front.url);
  const session = http2.connect(front.url, {
    createConnection: () => tls.connect({ socket: net.connect({ host: hostname, port: Number(port), localAddress: from }), ALPNProtocols: ['h2'], rejectUnauthorized: false }),
  });
  try {
    return await new Promise<Answer>((done, failed) => {
      const stream = session.request({ ':method': 'POST', ':path': '/api/v1/id/token', 'content-type': 'application/json', ...headers });
      let answer: Answer = { status: 0, cookies: [] };
      stream.on('response', (received) => (answer = { status: Number(received[':status']), cookies: cookiesOf(received['set-cookie']) }));
      stream.on('data', () => undefined);
      stream.on('end', () => done(answer));
      stream.on('error', failed);
      stream.end(signInBody(username, password));
    });
  } finally {
    session.close();
  }
}

/** A sign-in straight to the gateway over plain HTTP, from the local address `from`. */
async function signInDirectly(gateway: GatewayProcess, from: string, username: string, password: string, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  const { hostname, port } = new URL(gateway.base);
  return new Promise<Answer>((done, failed) => {
    const request = http.request(
      { host: hostname, port, localAddress: from, method: 'POST', path: '/api/v1/id/token', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => done({ status: response.statusCode ?? 0, cookies: cookiesOf(response.headers['set-cookie']) }));
      },
    );
    request.on('error', failed);
    request.end(signInBody(username, password));
  });
}

const PAIR_LIMIT = SIGN_IN.perAccountAndAddress;

describe('the gateway behind a TLS front it trusts (TELLER_TRUSTED_PROXIES=127.0.0.1)', () => {
  let database: TestDatabase & { world: MinimalWorld };
  let dataDir: string;
  let db: Db;
  let gateway: GatewayProcess;
  let front: TlsFront;

  beforeAll(async () => {
    database = await sharedTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'teller-behind-front-'));
    db = openDatabase({ databaseUrl: database.url, dataDir });
    gateway = await startGatewayProcess({ DATABASE_URL: database.url, TELLER_DATA_DIR: dataDir, TELLER_JWT_SECRET: TEST_JWT_SECRET, TELLER_TRUSTED_PROXIES: '127.0.0.1' });
    front = await startTlsFront(gateway.base, dataDir);
    // The gateway compiles the contract as it starts: over a minute with both cores busy (issue 25).
  }, 300_000);

  afterAll(async () => {
    await front?.close();
    const code = await gateway?.stop();
    await db?.destroy();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  });

  /** The addresses the audit rows of `action` about `userId` recorded, oldest first. */
  async function auditedAddresses(action: string, userId: number): Promise<unknown[]> {
    const rows = await db.selectFrom('audit_log').select('after_json').where('action', '=', action).where('entity_id', '=', String(userId)).orderBy('id').execute();
    return rows.map((row) => (JSON.parse(row.after_json ?? '{}') as { address?: unknown }).address);
  }

  it('sets teller_session and teller_tenant Secure for a sign-in over HTTPS through the front, and records the client’s address', async () => {
    const answer = await signInThroughFront(front, '127.0.0.2', 'payin@demo.test', DEMO_PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.cookies).toEqual([
      expect.stringMatching(/^teller_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict; Secure$/),
      'teller_tenant=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
    ]);
    expect(await auditedAddresses('session.create', database.world.users.payin)).toEqual(['127.0.0.2']);
  });

  it(`locks out the client that sent ${PAIR_LIMIT} wrong passwords and no other behind the same front, each failure audited with its client’s address`, async () => {
    const partner = database.world.users.partner;
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt += 1) expect((await signInThroughFront(front, '127.0.0.2', 'partner@demo.test', 'wrong-password')).status).toBe(401);
    expect((await signInThroughFront(front, '127.0.0.2', 'partner@demo.test', DEMO_PASSWORD)).status).toBe(429);
    // Another person behind the same proxy: a wrong password is checked, the right one signs in.
    expect((await signInThroughFront(front, '127.0.0.3', 'partner@demo.test', 'wrong-password')).status).toBe(401);
    expect((await signInThroughFront(front, '127.0.0.3', 'partner@demo.test', DEMO_PASSWORD)).status).toBe(200);

    expect(await auditedAddresses('signin.fail', partner)).toEqual([...Array.from({ length: PAIR_LIMIT }, () => '127.0.0.2'), '127.0.0.3']);
    expect(await auditedAddresses('signin.limit', partner)).toEqual(['127.0.0.2']);
    expect(await auditedAddresses('session.create', partner)).toEqual(['127.0.0.3']);
  });

  it('keeps a locked-out client locked when it forges X-Forwarded-For through the front (the front appends its real address)', async () => {
    const forged = { 'x-forwarded-for': '127.0.0.3' };
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt += 1) await signInThroughFront(front, '127.0.0.2', 'group@demo.test', 'wrong-password');
    expect((await signInThroughFront(front, '127.0.0.2', 'group@demo.test', DEMO_PASSWORD, forged)).status).toBe(429);
    expect(await auditedAddresses('signin.limit', database.world.users.group)).toEqual(['127.0.0.2']);
  });

  it('ignores X-Forwarded-For and X-Forwarded-Proto sent straight to the gateway by a peer that is not the front', async () => {
    const forged = { 'x-forwarded-for': '127.0.0.3', 'x-forwarded-proto': 'https' };
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt += 1) await signInThroughFront(front, '127.0.0.2', 'officer@demo.test', 'wrong-password');
    expect((await signInDirectly(gateway, '127.0.0.2', 'officer@demo.test', DEMO_PASSWORD, forged)).status).toBe(429);
    const another = await signInDirectly(gateway, '127.0.0.4', 'super@demo.test', DEMO_PASSWORD, forged);
    expect(another.status).toBe(200);
    expect(another.cookies.filter((cookie) => cookie.includes('Secure'))).toEqual([]);
    expect(await auditedAddresses('session.create', database.world.users.super)).toEqual(['127.0.0.4']);
  });
});

describe('TELLER_TRUSTED_PROXIES at start', () => {
  it('stops the gateway with a message naming the variable and the entry when an entry is not an address or CIDR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'teller-bad-proxies-'));
    try {
      // A gateway that started anyway is stopped, not left behind.
      const outcome = await startGatewayProcess({ TELLER_DATA_DIR: dataDir, TELLER_TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/33' }).then(
        async (started) => `started (exit ${String(await started.stop())})`,
        (error: unknown) => String(error),
      );
      expect(outcome).toMatch(/exited with code 1:[\s\S]*TELLER_TRUSTED_PROXIES=127\.0\.0\.1,10\.0\.0\.0\/33: "10\.0\.0\.0\/33" has a prefix length outside 0-32/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
