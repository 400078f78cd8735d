// users-and-wallets §7: bodies travel in a JSON:API envelope and answers are documents with data and meta.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { newKey } from '../testing/wallet.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();

async function start() {
  const { app, world } = await startGateway();
  const token = await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug');
  return { app, world, token };
}

async function transactionCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('wallet_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('[UW-7.02] JSON:API envelopes', () => {
  it('[UW-7.02] refuses a body outside the data envelope or of another type, as a JSON:API error, and writes nothing', async () => {
    const { app, world, token } = await start();
    const attributes = { Amount: '500', Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember), Remarks: 'Branch deposit' };
    const before = await transactionCount(app);
    const post = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/v1/wallet-transactions', headers: { ...bearer(token), 'idempotency-key': newKey() }, payload: payload as object });

    for (const payload of [attributes, { data: { attributes } }, { data: { type: 'user', attributes } }, { data: { type: 'wallettransaction' } }]) {
      const res = await post(payload);
      expectMatchesContract(res, 'createWalletTransaction');
      expect([400, 422]).toContain(res.statusCode);
      const errors = res.json().errors as { status: string; title: string }[];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]?.status).toBe(String(res.statusCode));
    }
    expect(await transactionCount(app)).toBe(before);

    const accepted = await post({ data: { type: 'wallettransaction', attributes } });
    expectMatchesContract(accepted, 'createWalletTransaction');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ type: 'wallettransaction', id: expect.any(String), attributes: expect.any(Object) });
    expect(await transactionCount(app)).toBe(before + 1);
  });

  it('[UW-7.02] answers a list as a document with data entries (type, id, attributes) and meta (itemTotal, pageNumber, pageSize, pageTotal)', async () => {
    const { app, token } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/v1/um/user?page[number]=1&page[size]=5&filter[account.roles]=256', headers: bearer(token) });
    expectMatchesContract(res, 'listUsers');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { type: string; id: string; attributes: object }[]; meta: Record<string, number> };
    expect(body.data.length).toBeGreaterThan(0);
    for (const entry of body.data) expect(entry).toMatchObject({ type: expect.any(String), id: expect.any(String), attributes: expect.any(Object) });
    expect(body.meta).toMatchObject({ pageNumber: 1, pageSize: 5, itemTotal: expect.any(Number), pageTotal: Math.ceil((body.meta.itemTotal ?? 0) / 5) });
  });
});
