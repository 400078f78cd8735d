// Dashboard statistics on the gateway (identity-and-catalogue §2 admin dashboard, §7 um/statistics and wt/statistics).
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import type { NewWalletTransaction } from '../db/schema.ts';
import { TRANSACTION_TYPE } from '../domain/reference.ts';
import { walletClient, type WalletClient } from '../testing/wallet.ts';
import type { MinimalWorld } from '../seed/index.ts';
import { gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();

async function start(): Promise<{ app: FastifyInstance; world: MinimalWorld; admin: WalletClient }> {
  const { app, world } = await startGateway();
  return { app, world, admin: walletClient(app, await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug')) };
}

async function widgets(client: WalletClient): Promise<Record<string, number>> {
  const res = await client.get('/api/v1/um/statistics');
  expectMatchesContract(res, 'getUserStatistics');
  expect(res.statusCode).toBe(200);
  const data = res.json().data as Array<{ id: string; attributes: { value: number } }>;
  return Object.fromEntries(data.map((widget) => [widget.id, widget.attributes.value]));
}

describe('GET api/v1/um/statistics (getUserStatistics)', () => {
  it('[IC-7.40] [IC-2.37] answers widgets with value, name and description counting the tenant\'s users', async () => {
    const { admin } = await start();
    const res = await admin.get('/api/v1/um/statistics');
    expectMatchesContract(res, 'getUserStatistics');
    expect(res.json().data[0]).toEqual({
      type: 'widget',
      id: 'users-total',
      attributes: { value: 3, name: 'Users', description: 'All end users', opens: { list: 'users' } },
    });
    expect(await widgets(admin)).toEqual({
      'users-total': 3,
      // Counted by displayed status, as the list a click opens filters: both active users are also verified.
      'users-active': 0,
      'users-pending': 1,
      'users-verified': 2,
      'users-restricted': 0,
      'admins-total': 2,
      'wallets-balance': 1000,
    });
  });

  it('[IC-2.37] a widget that opens a list has that list\'s total as its value, for every role scope', async () => {
    const { app } = await start();
    for (const email of ['super@demo.test', 'group@demo.test', 'officer@demo.test', 'partner@demo.test']) {
      const client = email === 'super@demo.test' ? walletClient(app, await tenantToken(app, await signIn(app, email), 'naccug')) : walletClient(app, await signIn(app, email));
      const res = await client.get('/api/v1/um/statistics');
      const data = res.json().data as Array<{ id: string; attributes: { value: number; opens?: { list: string; status?: string } } }>;
      const opening = data.filter((widget) => widget.attributes.opens);
      expect(opening.map((widget) => widget.id)).toEqual(['users-total', 'users-active', 'users-pending', 'users-verified', 'admins-total']);
      for (const { id, attributes } of opening) {
        const { list, status } = attributes.opens ?? { list: 'users' };
        const query = new URLSearchParams({ 'filter[account.roles]': list === 'users' ? '256' : '-256', ...(status ? { 'filter[status]': status } : {}) });
        const listed = await client.get(`/api/v1/um/user?${query.toString()}`);
        expect(listed.statusCode).toBe(200);
        expect(listed.json().meta.itemTotal, `${email} ${id}`).toBe(attributes.value);
      }
    }
  });

  it('[UW-6.13] counts only what roles 16 and 64 may see, and another tenant only its own users', async () => {
    const { app } = await start();
    const group = await widgets(walletClient(app, await signIn(app, 'group@demo.test')));
    expect(group).toMatchObject({ 'users-total': 1, 'wallets-balance': 1000 });
    const officer = await widgets(walletClient(app, await signIn(app, 'officer@demo.test')));
    expect(officer).toMatchObject({ 'users-total': 2, 'wallets-balance': 1000 });
    const partner = await widgets(walletClient(app, await signIn(app, 'partner@demo.test')));
    expect(partner).toMatchObject({ 'users-total': 1, 'admins-total': 1, 'wallets-balance': 250 });
  });
});

describe('GET api/v1/wt/statistics (getTransactionStatistics)', () => {
  async function seed(app: FastifyInstance, world: MinimalWorld) {
    const row = (created: string, type: NewWalletTransaction['type'], amount: number, status: NewWalletTransaction['status'] = 'COMPLETED', currency = 'GMD', receiver = world.users.kanifingMember): NewWalletTransaction => ({
      tenant_id: 'naccug',
      reference_number: `WTST-${created}-${type}-${amount}-${status}-${currency}-${receiver}`,
      type,
      status,
      wallet_id: receiver === world.users.kanifingMember ? world.wallets.kanifingMemberGmd : world.wallets.serrekundaMemberByOfficerGmd,
      receiver_user_id: receiver,
      amount_minor: amount,
      fee_minor: 0,
      currency,
      created,
      updated: created,
    });
    await app.db
      .insertInto('wallet_transactions')
      .values([
        row('2025-01-15T08:00:00.000Z', TRANSACTION_TYPE.CashOut, -20_000),
        row('2025-01-15T09:00:00.000Z', TRANSACTION_TYPE.TopUp, 5_000, 'PENDING'),
        row('2025-01-15T09:30:00.000Z', TRANSACTION_TYPE.TopUp, 7_000, 'COMPLETED', 'USD'),
        row('2025-01-14T10:00:00.000Z', TRANSACTION_TYPE.P2P, 1_250),
        row('2025-01-09T00:00:00.000Z', TRANSACTION_TYPE.Loan, 300_000),
        row('2025-01-08T23:59:59.999Z', TRANSACTION_TYPE.Disbursement, 4_000),
        row('2024-02-01T00:00:00.000Z', TRANSACTION_TYPE.TopUp, 100),
        row('2024-01-31T23:59:59.999Z', TRANSACTION_TYPE.TopUp, 100),
        row('2025-01-15T10:00:00.000Z', TRANSACTION_TYPE.TopUp, 900, 'COMPLETED', 'GMD', world.users.serrekundaMemberByOfficer),
      ])
      .execute();
  }

  it('[IC-7.41] [RP-3.14] [IC-2.39] weekly: one row per day of the last 7 days, oldest first, COMPLETED in the tenant currency only', async () => {
    const { app, world, admin } = await start();
    await seed(app, world);
    const res = await admin.get('/api/v1/wt/statistics?filter[timeframe]=weekly');
    expectMatchesContract(res, 'getTransactionStatistics');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((row: { id: string }) => row.id)).toEqual([
      '2025-01-09', '2025-01-10', '2025-01-11', '2025-01-12', '2025-01-13', '2025-01-14', '2025-01-15',
    ]);
    expect(data[0].attributes).toEqual({ period: '2025-01-09', count: 1, p2P: '0.00', topUp: '0.00', loans: '3000.00', disbursement: '0.00', cashout: '0.00' });
    expect(data[1].attributes.count).toBe(0);
    expect(data[5].attributes).toMatchObject({ count: 1, p2P: '12.50' });
    // Today: the opening top-up of 1000.00, the cash-out of 200.00 and Ebrima's top-up of 9.00.
    expect(data[6].attributes).toEqual({ period: '2025-01-15', count: 3, p2P: '0.00', topUp: '1009.00', loans: '0.00', disbursement: '0.00', cashout: '200.00' });
    expect(meta).toEqual({
      currency: 'GMD',
      startDate: '2025-01-09',
      endDate: '2025-01-15',
      timeframe: 'weekly',
      totals: { count: 5, p2P: '12.50', topUp: '1009.00', loans: '3000.00', disbursement: '0.00', cashout: '200.00' },
    });
  });

  it('[IC-7.41] monthly: one row per month of the last 12 months, weekly by default', async () => {
    const { app, world, admin } = await start();
    await seed(app, world);
    const res = await admin.get('/api/v1/wt/statistics?filter[timeframe]=monthly');
    expectMatchesContract(res, 'getTransactionStatistics');
    const { data, meta } = res.json();
    expect(data).toHaveLength(12);
    expect(data[0].attributes).toMatchObject({ period: '2024-02-01', count: 1, topUp: '1.00' });
    expect(data[11].attributes).toMatchObject({ period: '2025-01-01', count: 6, disbursement: '40.00' });
    expect(meta).toMatchObject({ startDate: '2024-02-01', endDate: '2025-01-15', timeframe: 'monthly' });
    expect(meta.totals.count).toBe(7);
    const byDefault = await admin.get('/api/v1/wt/statistics');
    expect(byDefault.json().meta.timeframe).toBe('weekly');
  });

  it('[UW-6.13] counts only the transactions of the users role 16 may see', async () => {
    const { app, world } = await start();
    await seed(app, world);
    const group = walletClient(app, await signIn(app, 'group@demo.test'));
    const res = await group.get('/api/v1/wt/statistics');
    expectMatchesContract(res, 'getTransactionStatistics');
    // Ebrima (Serrekunda CU) is outside the Kanifing group admin's scope.
    expect(res.json().data[6].attributes).toMatchObject({ count: 2, topUp: '1000.00', cashout: '200.00' });
  });

  it('refuses an unknown timeframe with 400', async () => {
    const { admin } = await start();
    const res = await admin.get('/api/v1/wt/statistics?filter[timeframe]=daily');
    expectMatchesContract(res, 'getTransactionStatistics');
    expect(res.statusCode).toBe(400);
  });
});
