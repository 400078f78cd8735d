// The gateway's metrics (issue 26, "what operators of a real deployment expect"): request durations by contract
// operation and status, the payout queue, approvals waiting and change streams, read as a Prometheus scraper reads
// them, on each test engine; and the scrape listener that serves them apart from the public port.
import type { AddressInfo } from 'node:net';
import { Gauge, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { MINIMAL_NOW } from '../seed/index.ts';
import { bearer, gatewayPerTest, signIn } from '../testing.ts';
import { seedRemittanceWorld } from '../testing/remittances.ts';
import { serveMetrics } from './metrics.ts';

const gateway = gatewayPerTest();

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const HOUR = 60 * 60 * 1000;

describe('gateway metrics', () => {
  it('counts each answered request under its contract operation, method and status, never under its raw path', async () => {
    const { app } = await gateway();
    const token = await signIn(app, 'super@demo.test');
    for (let index = 0; index < 3; index += 1) expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/no/such/place/42' })).statusCode).toBe(404);

    const text = await app.metrics.metrics();
    expect(text).toContain('# TYPE teller_http_request_duration_seconds histogram');
    expect(sample(text, 'teller_http_request_duration_seconds_count{operation="listRoles",method="GET",status="200"}')).toBe(3);
    expect(sample(text, 'teller_http_request_duration_seconds_count{operation="listRoles",method="GET",status="401"}')).toBe(1);
    expect(sample(text, 'teller_http_request_duration_seconds_count{operation="createToken",method="POST",status="200"}')).toBe(1);
    // Every bucket holds at least the requests of the ones below it, and +Inf holds them all.
    expect(sample(text, 'teller_http_request_duration_seconds_bucket{le="+Inf",operation="listRoles",method="GET",status="200"}')).toBe(3);
    expect(text).not.toContain('/no/such/place/42');
  });

  it('reads the payout queue, the approvals waiting for a checker and the open change streams as they are now', async () => {
    const { app } = await gateway();
    const read = async (name: string) => sample(await app.metrics.metrics(), name);
    expect(await read('teller_settler_queue_depth')).toBe(0);
    expect(await read('teller_settler_queue_oldest_age_seconds')).toBe(0);
    expect(await read('teller_approvals_pending')).toBe(0);
    expect(await read('teller_change_stream_clients')).toBe(0);

    await seedRemittanceWorld(app.db, MINIMAL_NOW);
    const remittances = await app.db.selectFrom('remittances').select(['id', 'tenant_id']).orderBy('id').limit(2).execute();
    const queuedAt = [2 * HOUR, HOUR].map((ago) => new Date(MINIMAL_NOW.getTime() - ago).toISOString());
    await app.db
      .insertInto('payout_queue')
      .values(remittances.map((row, index) => ({ remittance_id: row.id, tenant_id: row.tenant_id, queued_at: queuedAt[index] ?? '', queued_by: null, claim: null, claimed_at: null })))
      .execute();
    expect(await read('teller_settler_queue_depth')).toBe(2);
    expect(await read('teller_settler_queue_oldest_age_seconds')).toBe(2 * 60 * 60);

    const maker = await app.db.selectFrom('users').select(['id', 'tenant_id']).orderBy('id').executeTakeFirstOrThrow();
    const approval = (status: 'pending' | 'running' | 'approved', expiresIn: number) => ({
      tenant_id: maker.tenant_id,
      operation_id: 'createWalletTransaction',
      rule_id: 'rule',
      approvers_json: '{}',
      status,
      request_json: '{}',
      request_hash: `${status}${expiresIn}`,
      maker_session_json: '{}',
      maker_user_id: maker.id,
      maker_group_id: null,
      summary: 'A top-up',
      before_json: '{}',
      after_json: '{}',
      decided_by: null,
      decided: null,
      reason: null,
      result_status: null,
      result_json: null,
      created: MINIMAL_NOW.toISOString(),
      expires: new Date(MINIMAL_NOW.getTime() + expiresIn).toISOString(),
    });
    // Waiting: pending and not expired, or being run. Not waiting: expired, or decided.
    await app.db.insertInto('approvals').values([approval('pending', HOUR), approval('running', HOUR), approval('pending', -HOUR), approval('approved', HOUR)]).execute();
    expect(await read('teller_approvals_pending')).toBe(2);

    const ends = [app.teller.changes.subscribe({ wake: () => undefined, end: () => undefined }), app.teller.changes.subscribe({ wake: () => undefined, end: () => undefined })];
    expect(await read('teller_change_stream_clients')).toBe(2);
    for (const end of ends) end();
    expect(await read('teller_change_stream_clients')).toBe(0);
  });
});

describe('the scrape listener', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers GET /metrics in the Prometheus text format and nothing else', async () => {
    const { app } = await gateway();
    const server = await serveMetrics(app.metrics, { port: 0, host: '127.0.0.1' });
    close = () => new Promise((closed) => server.close(() => closed()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const scrape = await fetch(`${base}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await scrape.text()).toContain('# TYPE teller_settler_queue_depth gauge');
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/api/v1/um/roles`)).status).toBe(404);
  });

  it('says the metrics cannot be read, without a detail, when a reading fails (the database is down)', async () => {
    const registry = new Registry();
    new Gauge({
      name: 'teller_settler_queue_depth',
      help: 'A reading that fails as a lost database does.',
      registers: [registry],
      collect() {
        throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
      },
    });
    const server = await serveMetrics(registry, { port: 0, host: '127.0.0.1' });
    close = () => new Promise((closed) => server.close(() => closed()));
    const scrape = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    expect(scrape.status).toBe(503);
    expect(await scrape.text()).toBe('Metrics could not be read now.\n');
  });
});
