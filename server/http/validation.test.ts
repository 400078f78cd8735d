// Request validation without coercion (the contract's conventions: money, parameters, unknown members, text):
// what a client sends is what the contract says, or a 4xx naming it, and nothing is written.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { newKey } from '../testing/wallet.ts';
import { bearer, buildTestApp, signIn, tenantToken } from '../testing.ts';
import { bodyFaults } from './validation.ts';

// One gateway for the file: every refusal must leave it as it was, and the accepting tests only add rows.
let gateway: { app: FastifyInstance; token: string; attributes: Record<string, unknown> };

beforeAll(async () => {
  const { app, world } = await buildTestApp();
  const token = await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug');
  gateway = { app, token, attributes: { Amount: '5', Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember), template: 'topup' } };
});

afterAll(async () => {
  await gateway.app.close();
});

async function start() {
  return { ...gateway, before: await transactionCount(gateway.app) };
}

async function transactionCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('wallet_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function createTransaction(app: FastifyInstance, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/wallet-transactions',
    headers: { ...bearer(token), 'idempotency-key': newKey(), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

function pointers(body: string): Array<string | undefined> {
  return (JSON.parse(body) as { errors: Array<{ source?: { pointer?: string } }> }).errors.map((error) => error.source?.pointer);
}

describe('money in a request body', () => {
  it.each([['1e3'], ['0x10'], [' 7'], ['+5'], ['5.0'], ['007'], [[5]], [['6']], [5.5], [true], [null], [{}], ['9'.repeat(21)]])(
    'refuses the Amount %j with 422 at /data/attributes/Amount and writes nothing (regression: loose money input)',
    async (amount) => {
      const { app, token, attributes, before } = await start();
      const res = await createTransaction(app, token, { data: { type: 'wallettransaction', attributes: { ...attributes, Amount: amount } } });
      expectMatchesContract(res, 'createWalletTransaction');
      expect(res.statusCode).toBe(422);
      expect(pointers(res.body)).toContain('/data/attributes/Amount');
      expect(await transactionCount(app)).toBe(before);
    },
  );

  it('accepts an integer and a digit string', async () => {
    const { app, token, attributes } = await start();
    for (const amount of [5, '5']) {
      const res = await createTransaction(app, token, { data: { type: 'wallettransaction', attributes: { ...attributes, Amount: amount } } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes.amount).toBe('5.00');
    }
  });
});

describe('unknown members', () => {
  it.each([
    ['a top-level meta', (data: object) => ({ data, meta: { note: 'x' } }), '/meta'],
    ['a member of data', (data: object) => ({ data: { ...data, extra: 1 } }), '/data/extra'],
    ['a top-level links', (data: object) => ({ data, links: {} }), '/links'],
  ])('refuses %s with 422 naming it, and writes nothing (regression: ignored, not refused)', async (_what, build, pointer) => {
    const { app, token, attributes, before } = await start();
    const res = await createTransaction(app, token, build({ type: 'wallettransaction', attributes }));
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(pointers(res.body)).toEqual([pointer]);
    expect(await transactionCount(app)).toBe(before);
  });

  it('refuses an unknown member of data on a sign-in too', async () => {
    const { app } = await start();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/id/token',
      payload: { data: { type: 'token', attributes: { username: 'super@demo.test', password: 'x', clientid: 'teller-web' }, admin: true } },
    });
    expect(res.statusCode).toBe(422);
    expect(pointers(res.body)).toEqual(['/data/admin']);
  });
});

describe('text', () => {
  it.each([
    ['a NUL', 'Branch\u0000deposit'],
    ['a lone high surrogate', 'Branch \ud800 deposit'],
    ['a lone low surrogate', '\udc00'],
  ])('refuses %s in a text field with 422 at its pointer (regression: accepted)', async (_what, remarks) => {
    const { app, token, attributes, before } = await start();
    const res = await createTransaction(app, token, { data: { type: 'wallettransaction', attributes: { ...attributes, Remarks: remarks } } });
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(pointers(res.body)).toEqual(['/data/attributes/Remarks']);
    expect(await transactionCount(app)).toBe(before);
  });

  it('accepts emoji, right-to-left text and other well-formed characters', async () => {
    const { app, token, attributes } = await start();
    const res = await createTransaction(app, token, { data: { type: 'wallettransaction', attributes: { ...attributes, Remarks: 'دفع 💸 ok' } } });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a NUL in a query parameter with 400 naming it', async () => {
    const { app, token } = await start();
    const res = await app.inject({ method: 'GET', url: '/api/v1/wallet-transactions?filter[senderName]=a%00b', headers: bearer(token) });
    expectMatchesContract(res, 'listWalletTransactions');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: 'filter[senderName]' });
  });
});

describe('body shape', () => {
  it('refuses a body nested 5,000 levels deep with 422, never a 500 (regression: stack overflow in the idempotency hash)', async () => {
    const { app, token, attributes, before } = await start();
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const payload = `{"data":${JSON.stringify({ type: 'wallettransaction', attributes })},"meta":${deep}}`;
    const res = await createTransaction(app, token, payload);
    expectMatchesContract(res, 'createWalletTransaction');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].title).toMatch(/nested too deeply/);
    expect(await transactionCount(app)).toBe(before);
  });

  // docs/decisions.md: "a body nests at most 16 levels and holds at most 10,000 values".
  it('finds depth, size and character faults without recursion: 16 levels and 10,000 values pass, one more is refused', () => {
    const nested = (levels: number): unknown => {
      let value: unknown = 'x';
      for (let level = 0; level < levels; level += 1) value = { a: value };
      return value;
    };
    expect(bodyFaults(nested(16))).toBeUndefined();
    expect(bodyFaults(nested(17))?.[0]).toMatchObject({ keyword: 'depth', instancePath: '/a'.repeat(16) });
    expect(bodyFaults(nested(100_000))?.[0]).toMatchObject({ keyword: 'depth', instancePath: '/a'.repeat(16) });
    // The object, the list and its items: 2 + 9,998 values.
    expect(bodyFaults({ list: Array.from({ length: 9_998 }, () => 1) })).toBeUndefined();
    expect(bodyFaults({ list: Array.from({ length: 9_999 }, () => 1) })?.[0]).toMatchObject({ keyword: 'size' });
    expect(bodyFaults({ 'a/b\u0000': 'ok', c: ['\ud83d'] })).toEqual([
      expect.objectContaining({ instancePath: '/a~1b\u0000', keyword: 'characters' }),
      expect.objectContaining({ instancePath: '/c/0', keyword: 'characters' }),
    ]);
    expect(bodyFaults({ data: { attributes: { Remarks: '💸 دفع' } } })).toBeUndefined();
  });
});

describe('query and path parameters', () => {
  it.each([
    ['page[size]=1e1', 'page[size]'],
    ['page[size]=0x10', 'page[size]'],
    ['page[size]=%207', 'page[size]'],
    ['page[size]=+5', 'page[size]'],
    ['page[size]=5.0', 'page[size]'],
    ['page[size]=1e9', 'page[size]'],
    ['page[number]=-1', 'page[number]'],
    ['page[number]=9007199254740993', 'page[number]'],
    ['page[size]=5&page[size]=6', 'page[size]'],
    ['sort=;drop', 'sort'],
    ['filter[type]=0x1', 'filter[type]'],
    ['filter[userId]=1e3%3B', 'filter[userId]'],
  ])('refuses %s with 400 naming the parameter (regression: coerced)', async (query, parameter) => {
    const { app, token } = await start();
    const res = await app.inject({ method: 'GET', url: `/api/v1/wallet-transactions?${query}`, headers: bearer(token) });
    expectMatchesContract(res, 'listWalletTransactions');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter });
  });

  it('reads plain integers and booleans', async () => {
    const { app, token } = await start();
    const list = await app.inject({ method: 'GET', url: '/api/v1/wallet-transactions?page[size]=5&page[number]=1&filter[type]=1', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ pageSize: 5, pageNumber: 1 });
  });
});
