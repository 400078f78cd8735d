import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { send } from '../domain/outbox.ts';
import { bearer, gatewayPerTest, signIn, tenantToken, type TestGateway } from '../testing.ts';

const startGateway = gatewayPerTest();

async function start(options: Parameters<typeof startGateway>[0] = {}) {
  const gateway = await startGateway(options);
  return { ...gateway, token: await signIn(gateway.app, 'super@demo.test') };
}

interface Entry {
  id: string;
  attributes: Record<string, unknown>;
}

async function list(gw: TestGateway & { token: string }, url: string, operationId: string, token = gw.token): Promise<Entry[]> {
  const res = await gw.app.inject({ method: 'GET', url, headers: bearer(token) });
  expectMatchesContract(res, operationId);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('reference lists (users-and-wallets §3, §7)', () => {
  it('[UW-7.05] lists countries with iso, name and nationality, Gambia among them', async () => {
    const gw = await start();
    const countries = await list(gw, '/api/v1/um/countries', 'listCountries');
    expect(countries.find((country) => country.id === 'GM')?.attributes).toEqual({ iso: 'GM', name: 'Gambia', nationality: 'Gambian' });
    for (const iso of ['SN', 'AE', 'GB', 'US', 'NG']) expect(countries.some((country) => country.id === iso)).toBe(true);
  });

  it('[UW-7.06] [UW-4.01] [UW-4.04] lists the four roles by number', async () => {
    const gw = await start();
    const roles = await list(gw, '/api/v1/um/roles', 'listRoles');
    expect(roles.map((role) => role.attributes.value)).toEqual([4, 16, 64, 256]);
  });

  it('[UW-7.08] lists every status bit, 0 being Pending', async () => {
    const gw = await start();
    const statuses = await list(gw, '/api/v1/um/status', 'listStatuses');
    expect(statuses.map((status) => [status.attributes.value, status.attributes.name])).toEqual([
      [0, 'Pending'], [1, 'Active'], [2, 'Duplicate'], [4, 'Expired'], [8, 'Verified'], [16, 'LockOut'], [32, 'Sanctioned'], [64, 'On Hold'], [256, 'KYC Rejected'],
    ]);
  });

  it('[UW-7.09] lists the wallet transaction types with their codes', async () => {
    const gw = await start();
    const types = await list(gw, '/api/v1/tx/transactiontypes', 'listTransactionTypes');
    expect(types.map((type) => [type.attributes.value, type.attributes.name])).toEqual([
      [1, 'Top Up'], [2, 'P2P'], [4, 'Request Money'], [8, 'Disbursement'], [32, 'Loan'], [256, 'Cash Out'],
    ]);
  });

  it('[UW-7.07] lists only the groups of the token\'s tenant', async () => {
    const gw = await start();
    expect(await list(gw, '/api/v1/um/groups', 'listGroups')).toEqual([]);
    const naccug = await tenantToken(gw.app, gw.token, 'naccug');
    const groups = await list(gw, '/api/v1/um/groups', 'listGroups', naccug);
    expect(groups.map((group) => group.attributes.name)).toEqual(['Kanifing CU', 'Serrekunda CU']);
    expect(groups[0]?.attributes.value).toBe(gw.world.groups.kanifing);
    const teller = await list(gw, '/api/v1/um/groups', 'listGroups', await tenantToken(gw.app, gw.token, 'teller'));
    expect(teller.map((group) => group.attributes.name)).toEqual(['Westfield Branch']);
  });

  it('[IC-7.22] [IC-7.32] lists product types and currencies', async () => {
    const gw = await start();
    const types = await list(gw, '/api/v1/producttype', 'listProductTypes');
    expect(types.map((type) => type.attributes.name)).toContain('Remittance');
    const currencies = await list(gw, '/api/v1/settings/currency', 'listCurrencies');
    expect(currencies.map((currency) => currency.attributes.code)).toEqual(expect.arrayContaining(['GMD', 'USD', 'EUR', 'SLE']));
    expect(currencies.find((currency) => currency.attributes.code === 'GMD')?.attributes).toEqual({ name: 'Gambian Dalasi', code: 'GMD', symbol: 'D' });
  });

  it('[IC-7.18] [UW-3.15] pages, sorts and filters the products of the token\'s tenant, with the list meta', async () => {
    const gw = await start();
    // identity-and-catalogue §1: the catalogue is per tenant, so the list is read with the teller tenant's token.
    gw.token = await tenantToken(gw.app, gw.token, 'teller');
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/product?page[number]=2&page[size]=2&sort=-title', headers: bearer(gw.token) });
    expectMatchesContract(res, 'listProducts');
    expect(res.json().meta).toEqual({ itemTotal: 5, pageNumber: 2, pageSize: 2, pageTotal: 3 });
    expect(res.json().data.map((product: Entry) => product.attributes.title)).toEqual(['Credit Union Loan', 'Cash Pickup']);

    const payouts = await gw.app.inject({ method: 'GET', url: '/api/v1/product?filter[type]=Payout&filter[title]=CASH', headers: bearer(gw.token) });
    expectMatchesContract(payouts, 'listProducts');
    expect(payouts.json().data.map((product: Entry) => product.attributes.title)).toEqual(['Cash Pickup']);

    const none = await gw.app.inject({ method: 'GET', url: '/api/v1/product?filter[title]=%25', headers: bearer(gw.token) });
    expect(none.json().meta).toEqual({ itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 0 });

    const tooBig = await gw.app.inject({ method: 'GET', url: '/api/v1/product?page[size]=101', headers: bearer(gw.token) });
    expectMatchesContract(tooBig, 'listProducts');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].source).toEqual({ parameter: 'page[size]' });
  });

  it('[UW-7.28] lists the payout channels of the token\'s tenant', async () => {
    const gw = await start();
    const channels = await list(gw, '/api/v1/channel', 'listChannels', await tenantToken(gw.app, gw.token, 'naccug'));
    expect(channels.map((channel) => channel.attributes.code).sort()).toEqual(['BANK', 'CASH', 'MOBILE', 'WALLET']);
  });
});

describe('[UW-3.14] reference list shapes (users-and-wallets §3)', () => {
  it('[UW-3.14] roles, groups and statuses are value and name pairs', async () => {
    const gw = await start();
    const naccug = await tenantToken(gw.app, gw.token, 'naccug');
    for (const [url, operationId] of [['/api/v1/um/roles', 'listRoles'], ['/api/v1/um/groups', 'listGroups'], ['/api/v1/um/status', 'listStatuses']] as const) {
      const entries = await list(gw, url, operationId, naccug);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(entry.attributes).toEqual(expect.objectContaining({ value: expect.any(Number), name: expect.any(String) }));
      }
    }
  });

  it('[UW-3.14] countries carry iso, name and nationality', async () => {
    const gw = await start();
    for (const country of await list(gw, '/api/v1/um/countries', 'listCountries')) {
      expect(Object.keys(country.attributes).sort()).toEqual(['iso', 'name', 'nationality']);
    }
  });

  it('[UW-3.14] transaction types carry a name', async () => {
    const gw = await start();
    const types = await list(gw, '/api/v1/tx/transactiontypes', 'listTransactionTypes');
    expect(types.map((type) => type.attributes.name)).toEqual(['Top Up', 'P2P', 'Request Money', 'Disbursement', 'Loan', 'Cash Out']);
  });

  it('[UW-3.14] products carry an id and a type; product types and currencies an id and a name', async () => {
    const gw = await start();
    const products = await list(gw, '/api/v1/product?page[size]=100', 'listProducts', await tenantToken(gw.app, gw.token, 'teller'));
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.id).toEqual(expect.any(String));
      expect(product.attributes.type).toEqual(expect.any(String));
    }
    const productTypes = await list(gw, '/api/v1/producttype', 'listProductTypes');
    expect(productTypes.map((type) => type.attributes.name)).toEqual(expect.arrayContaining(products.map((product) => product.attributes.type)));
    for (const type of productTypes) expect(type.id).toEqual(expect.any(String));
    for (const currency of await list(gw, '/api/v1/settings/currency', 'listCurrencies')) {
      expect(currency.id).toEqual(expect.any(String));
      expect(currency.attributes.name).toEqual(expect.any(String));
    }
  });

  it('[UW-3.14] payout channels carry a code and a name', async () => {
    const gw = await start();
    const channels = await list(gw, '/api/v1/channel', 'listChannels', await tenantToken(gw.app, gw.token, 'naccug'));
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels) expect(channel.attributes).toEqual(expect.objectContaining({ code: expect.any(String), name: expect.any(String) }));
  });

  it('[UW-3.14] tenants carry name, id, grantType and scope', async () => {
    const gw = await start();
    const tenants = await list(gw, '/api/v1/id/tenant/tenantselections', 'listTenantSelections');
    const teller = tenants.find((tenant) => tenant.id === 'teller');
    expect(teller?.attributes).toMatchObject({ name: 'Teller Wallet', grantType: 'delegation', scope: expect.stringContaining('wallet') });
    for (const tenant of tenants) {
      expect(tenant.attributes).toEqual(expect.objectContaining({ name: expect.any(String), grantType: expect.any(String), scope: expect.any(String) }));
    }
  });
});

describe('GET /dev/outbox (listOutbox)', () => {
  it('shows what the gateway sent, newest first, in demo mode', async () => {
    const gw = await start();
    await send(gw.app.db, { channel: 'email', to: 'group@demo.test', subject: 'Reset', body: 'Use the link', link: '/auth/resetpassword/abc' });
    await send(gw.app.db, { channel: 'sms', to: '2207000001', body: 'Your code is 123456', code: '123456' });
    const res = await gw.app.inject({ method: 'GET', url: '/dev/outbox' });
    expectMatchesContract(res, 'listOutbox');
    const messages = res.json().data;
    expect(messages.map((message: { channel: string }) => message.channel)).toEqual(['sms', 'email']);
    expect(messages[0]).toMatchObject({ to: '2207000001', subject: null, code: '123456' });
    expect(messages[1]).toMatchObject({ to: 'group@demo.test', link: '/auth/resetpassword/abc' });
    expect(messages[1]).not.toHaveProperty('code');

    const filtered = await gw.app.inject({ method: 'GET', url: '/dev/outbox?filter[to]=group@demo.test' });
    expectMatchesContract(filtered, 'listOutbox');
    expect(filtered.json().data).toHaveLength(1);
  });

  it('does not exist outside demo mode', async () => {
    const gw = await start({ demo: false });
    await send(gw.app.db, { channel: 'sms', to: '2207000001', body: 'Your code is 123456', code: '123456' });
    const res = await gw.app.inject({ method: 'GET', url: '/dev/outbox' });
    expectMatchesContract(res, 'listOutbox');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('123456');
  });
});
