// The demo-mode bank switch and settler trigger (the contract's setBankMode and runSettler).
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { ANSWERING_BANK, remittanceGateway, SLOW_BANK } from '../testing/remittances.ts';
import { gatewayPerTest } from '../testing.ts';

const startGateway = gatewayPerTest();

describe('PUT /dev/bank (setBankMode) and POST /dev/settler (runSettler)', () => {
  it('switches the simulated bank, writes an audit row, and refuses an unknown mode with 422', async () => {
    const { app, as } = await remittanceGateway(startGateway);
    const res = await app.inject({ method: 'PUT', url: '/dev/bank', payload: { mode: 'down' } });
    expectMatchesContract(res, 'setBankMode');
    expect(res.json()).toEqual({ data: { mode: 'down' } });
    expect((await (await as('payout')).get('/api/v1/integration/swift/payout-account/5400012345')).statusCode).toBe(502);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'entity', 'before_json', 'after_json']).where('entity', '=', 'bank').execute();
    expect(audit).toEqual([{ action: 'bank.mode', entity: 'bank', before_json: '{"mode":"normal"}', after_json: '{"mode":"down"}' }]);
    for (const payload of [{ mode: 'broken' }, {}, { mode: 'down', extra: 1 }]) {
      const bad = await app.inject({ method: 'PUT', url: '/dev/bank', payload });
      expectMatchesContract(bad, 'setBankMode');
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('starts in the mode it is given in demo mode (TELLER_BANK_MODE), always normal in production', async () => {
    const slow = await remittanceGateway(startGateway, { bank: { ...SLOW_BANK, mode: 'slow' } });
    expect((await (await slow.as('payout')).get('/api/v1/integration/swift/payout-account/5400012345')).statusCode).toBe(504);
  });

  it('runs the settler at once and answers what each row settled to', async () => {
    const { app, as, remittances } = await remittanceGateway(startGateway);
    const empty = await app.inject({ method: 'POST', url: '/dev/settler' });
    expectMatchesContract(empty, 'runSettler');
    expect(empty.json()).toEqual({ data: { settled: 0, results: {} } });
    await (await as('payout')).republish(remittances.rows.broken);
    const res = await app.inject({ method: 'POST', url: '/dev/settler' });
    expectMatchesContract(res, 'runSettler');
    expect(res.json()).toEqual({ data: { settled: 1, results: { [remittances.rows.broken]: 128 } } });
  });

  it('does not exist outside demo mode (404), and the bank stays normal there', async () => {
    const { app, as } = await remittanceGateway(startGateway, { demo: false, bank: { ...ANSWERING_BANK, mode: 'down' } });
    for (const request of [{ method: 'PUT' as const, url: '/dev/bank', payload: { mode: 'down' } }, { method: 'POST' as const, url: '/dev/settler' }]) {
      const res = await app.inject(request);
      expectMatchesContract(res, request.url === '/dev/bank' ? 'setBankMode' : 'runSettler');
      expect(res.statusCode).toBe(404);
    }
    expect((await (await as('payout')).get('/api/v1/integration/swift/payout-account/5400012345')).statusCode).toBe(200);
  });

  it('settles on its own timer inside the gateway (settlerIntervalMs), and closing the gateway stops it', async () => {
    const { app, as, remittances } = await remittanceGateway(startGateway, { settlerIntervalMs: 20 });
    await (await as('payout')).republish(remittances.rows.missing);
    // However long the timer takes to come round on a busy machine: the test's timeout ends a settler that never does.
    let statusId = 4;
    while (statusId === 4) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      statusId = (await app.db.selectFrom('remittances').select('status_id').where('id', '=', Number(remittances.rows.missing)).executeTakeFirstOrThrow()).status_id;
    }
    expect(statusId).toBe(256);
  });
});
