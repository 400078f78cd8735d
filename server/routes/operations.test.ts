// The probes (the contract's "Operations"): /healthz while the process serves, /readyz when the database answers and
// every migration ran; no token, no rate limit.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { gatewayPerTest } from '../testing.ts';

const start = gatewayPerTest();

describe('GET /healthz', () => {
  it('answers 200 without a token, however often it is asked (operability: liveness probe)', async () => {
    const { app } = await start();
    for (let asked = 0; asked < 50; asked += 1) {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ meta: { status: 'ok' } });
      if (asked === 0) expectMatchesContract(res, 'getHealth');
    }
  });

  it('stays 200 when the database does not answer: restarting a live process would not help', async () => {
    const { app } = await start();
    await app.db.destroy();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('GET /readyz', () => {
  it('answers 200 with the number of migrations run when the database answers and its schema is current', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expectMatchesContract(res, 'getReadiness');
    const ran = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(app.db);
    expect(res.json()).toEqual({ meta: { status: 'ready', migrations: Number(ran.rows[0]?.n) } });
  });

  it('answers 503 migrations_pending, naming them, when a migration has not run (operability: readiness probe)', async () => {
    const { app } = await start();
    const [newest] = (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(app.db)).rows;
    await sql`delete from kysely_migration where name = ${newest?.name ?? ''}`.execute(app.db);
    const res = await app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'probe-1' } });
    expect(res.statusCode).toBe(503);
    expectMatchesContract(res, 'getReadiness');
    expect(res.json()).toEqual({
      errors: [{ status: '503', title: 'Not ready', code: 'migrations_pending', detail: `1 database migration has not run yet: ${newest?.name}.` }],
      meta: { requestId: 'probe-1' },
    });
  });

  it('answers 503 database_unreachable when the database does not answer', async () => {
    const { app } = await start();
    await app.db.destroy();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expectMatchesContract(res, 'getReadiness');
    expect(res.json()).toMatchObject({ errors: [{ status: '503', code: 'database_unreachable' }] });
  });
});
