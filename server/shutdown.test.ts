// The gateway as `npm start` runs it: at start it checks the config; stopped by SIGTERM, in-flight requests finish,
// later ones are refused, the database closes, the process exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { seedMinimal } from './seed/index.ts';
import { freePort } from './testing/free-port.ts';
import { REMITTANCE_LOGINS, seedRemittanceWorld } from './testing/remittances.ts';
import { TEST_JWT_SECRET } from './testing.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The simulated bank is slow: a payout-account read waits this long, then answers 504; long enough for the test to
 * signal while it waits, even on a busy machine, and within the gateway's grace for in-flight requests.
 */
const BANK_TIMEOUT_MS = 15_000;
const SHUTDOWN_GRACE_MS = 60_000;
/** A test that seeds a database and starts the gateway as a process, which compiles the contract: over a minute with both cores busy. */
const PROCESS_TEST_MS = 300_000;


interface Running {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

const started: Running[] = [];
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A data directory with the minimal and remittance worlds (seeding the demo world would take a minute here), then
 * `node --import tsx server/main.ts` over it in demo mode with a slow bank, once /healthz answers. */
async function startGateway(): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teller-shutdown-'));
  const seeding = await buildApp({ dataDir, demo: true, jwtSecret: TEST_JWT_SECRET });
  await seedMinimal(seeding.db);
  await seedRemittanceWorld(seeding.db, new Date());
  await seeding.close();

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TELLER_DATA_DIR: dataDir,
      TELLER_JWT_SECRET: TEST_JWT_SECRET,
      TELLER_SERVE_WEB: '0',
      NODE_ENV: 'test',
      TELLER_BANK_MODE: 'slow',
      TELLER_BANK_TIMEOUT_MS: String(BANK_TIMEOUT_MS),
      TELLER_SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: Running = { child, port, dataDir, output: () => output, exited };
  started.push(running);
  // However long its start takes on a busy machine (it compiles the contract): the test's timeout ends a hang.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The gateway exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then((res) => res.ok, () => false);
    if (ready) return running;
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

async function sessionToken(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/id/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { type: 'token', attributes: { username: REMITTANCE_LOGINS.payout, password: 'Demo@12345', clientid: 'teller-web' } } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

interface RawAnswer {
  status: number;
  body: string;
}

/** One connection to the gateway: `send` writes a request on it, `answers` reads every answer once the server closes it. */
function connection(port: number): { send: (request: string) => Promise<void>; answers: Promise<RawAnswer[]> } {
  const socket = connect(port, '127.0.0.1');
  let raw = '';
  socket.on('data', (chunk: Buffer) => void (raw += chunk.toString('latin1')));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const send = async (request: string) => {
    await connected;
    await new Promise<void>((resolve) => socket.write(request, () => resolve()));
  };
  const answers = new Promise<RawAnswer[]>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      const found: RawAnswer[] = [];
      const head = /HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g;
      for (let match = head.exec(raw); match; match = head.exec(raw)) {
        const length = Number(/content-length: (\d+)/i.exec(match[2] ?? '')?.[1] ?? 0);
        const start = head.lastIndex;
        found.push({ status: Number(match[1]), body: raw.slice(start, start + length) });
        head.lastIndex = start + length;
      }
      resolve(found);
    });
  });
  return { send, answers };
}

describe('SIGTERM', () => {
  it('lets the request in flight finish, refuses the next with 503, closes the database and exits 0 (regression: a stop cut requests off)', async () => {
    const gateway = await startGateway();
    const token = await sessionToken(gateway.port);
    const slow = `GET /api/v1/integration/swift/payout-account/5400012345 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`;
    // The next request is begun on a second connection before the signal (its headers not yet ended, so the connection
    // is busy and stays open) and ended after it: it arrives while the gateway closes, on a connection of its own, so
    // its answer depends neither on pipelining behind the slow one nor on how long that one takes.
    const nextStart = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    const nextEnd = 'X-Request-Id: after-sigterm\r\nConnection: close\r\n\r\n';
    const inFlight = connection(gateway.port);
    const later = connection(gateway.port);
    await inFlight.send(slow);
    await later.send(nextStart);
    // The slow request is in flight (the gateway logged it; the bank answers BANK_TIMEOUT_MS later) when the signal comes.
    await expect.poll(() => gateway.output()).toContain('/api/v1/integration/swift/payout-account/5400012345');
    gateway.child.kill('SIGTERM');
    await expect.poll(() => gateway.output()).toContain('SIGTERM: finishing in-flight requests');
    await later.send(nextEnd);

    const [refused, ...afterRefused] = await later.answers;
    expect(refused?.status, gateway.output()).toBe(503);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      errors: [expect.objectContaining({ status: '503', code: 'shutting_down' })],
      meta: { requestId: 'after-sigterm' },
    });
    expect(afterRefused).toEqual([]);
    const [first, ...more] = await inFlight.answers;
    expect(first?.status, gateway.output()).toBe(504);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ errors: [{ code: 'bank_timeout' }] });
    expect(more).toEqual([]);

    expect(await gateway.exited).toBe(0);
    // SQLite removes its write-ahead log when the last connection closes cleanly.
    expect(existsSync(join(gateway.dataDir, 'teller.db-wal'))).toBe(false);
    expect(gateway.output()).toContain('SIGTERM: finishing in-flight requests');
    await expect(fetch(`http://127.0.0.1:${gateway.port}/healthz`)).rejects.toThrow();
  }, PROCESS_TEST_MS);
});

describe('start', () => {
  it("checks the config on the checker's thread and logs the verdict (the Config page then answers from it)", async () => {
    const gateway = await startGateway();
    await expect.poll(() => gateway.output(), { interval: 200 }).toMatch(/Config: all \d+ files are ok\./);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
  }, PROCESS_TEST_MS);
});
