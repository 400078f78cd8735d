// The command palette's look-ups (searchUsers, searchWalletTransactions): what they match, paging, tenant isolation
// and the role scope of 16 and 64 (users-and-wallets §6), and bad input answered 4xx, never 5xx.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import type { MinimalWorld } from '../seed/index.ts';
import { gatewayPerTest, signIn, tenantToken } from '../testing.ts';
import { walletClient, type WalletClient } from '../testing/wallet.ts';

const startGateway = gatewayPerTest();

async function start(): Promise<{ app: FastifyInstance; world: MinimalWorld; as: (email: string, tenant?: string) => Promise<WalletClient> }> {
  const { app, world } = await startGateway();
  const as = async (email: string, tenant?: string) => {
    const session = await signIn(app, email);
    return walletClient(app, tenant ? await tenantToken(app, session, tenant) : session);
  };
  return { app, world, as };
}

type Listed = { data: Array<{ id: string; attributes: Record<string, unknown> }>; meta: { itemTotal: number; pageSize: number; pageNumber: number } };

async function users(client: WalletClient, query: string, paging = ''): Promise<Listed> {
  const res = await client.get(`/api/v1/search/users?filter[query]=${encodeURIComponent(query)}${paging}`);
  expectMatchesContract(res, 'searchUsers');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function transactions(client: WalletClient, query: string, paging = ''): Promise<Listed> {
  const res = await client.get(`/api/v1/search/wallet-transactions?filter[query]=${encodeURIComponent(query)}${paging}`);
  expectMatchesContract(res, 'searchWalletTransactions');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const ids = (listed: Listed) => listed.data.map((row) => row.id);

describe('GET api/v1/search/users (searchUsers)', () => {
  it('finds a user by account id, phone number, e-mail or name, case-insensitively', async () => {
    const { app, world, as } = await start();
    const admin = await as('super@demo.test', 'naccug');
    const member = await app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.user_id', 'users.id')
      .select(['users.phonenumber', 'accounts.account_id'])
      .where('users.id', '=', world.users.kanifingMember)
      .executeTakeFirstOrThrow();
    const expected = String(world.users.kanifingMember);
    expect(ids(await users(admin, String(member.account_id)))).toContain(expected);
    expect(ids(await users(admin, member.phonenumber ?? 'none'))).toEqual([expected]);
    expect(ids(await users(admin, 'FATOU.JALLOW@mail'))).toEqual([expected]);
    expect(ids(await users(admin, 'fatou jal'))).toEqual([expected]);
    const found = await users(admin, 'fatou');
    expect(found.data[0]?.attributes.fullname).toBe('Fatou Jallow');
  });

  it('keeps to the token tenant: another tenant’s users are never found', async () => {
    const { as } = await start();
    const teller = await as('partner@demo.test');
    expect((await users(teller, 'Fatou')).meta.itemTotal).toBe(0);
    expect(ids(await users(teller, 'Musa Bojang'))).toHaveLength(1);
    const naccug = await as('super@demo.test', 'naccug');
    expect((await users(naccug, 'Musa Bojang')).meta.itemTotal).toBe(0);
  });

  it('[UW-6.13] keeps roles 16 and 64 to their own scope, as the users list does', async () => {
    const { world, as } = await start();
    const group = await as('group@demo.test');
    const officer = await as('officer@demo.test');
    const member = (name: string) => ({ group: users(group, name), officer: users(officer, name) });
    // Ebrima: Serrekunda, created by the officer. Binta: Serrekunda, created by the group admin. Fatou: Kanifing.
    const ebrima = member('Ebrima');
    expect(ids(await ebrima.group)).toEqual([]);
    expect(ids(await ebrima.officer)).toEqual([String(world.users.serrekundaMemberByOfficer)]);
    const binta = member('Binta');
    expect(ids(await binta.group)).toEqual([]);
    expect(ids(await binta.officer)).toEqual([]);
    const fatou = member('Fatou');
    expect(ids(await fatou.group)).toEqual([String(world.users.kanifingMember)]);
    expect(ids(await fatou.officer)).toEqual([String(world.users.kanifingMember)]);
  });

  it('pages by page[number] and page[size] with the list meta', async () => {
    const { as } = await start();
    const admin = await as('super@demo.test', 'naccug');
    const all = await users(admin, '220');
    expect(all.meta.itemTotal).toBeGreaterThanOrEqual(3);
    const first = await users(admin, '220', '&page[size]=2&page[number]=1');
    const second = await users(admin, '220', '&page[size]=2&page[number]=2');
    expect(first.data).toHaveLength(2);
    expect(first.meta).toMatchObject({ pageSize: 2, pageNumber: 1, itemTotal: all.meta.itemTotal });
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));
  });

  it('answers bad input with a 4xx naming the parameter, never a 5xx', async () => {
    const { as } = await start();
    const admin = await as('super@demo.test', 'naccug');
    const cases: Array<[string, number]> = [
      ['', 400],
      ['?filter[query]=', 422],
      ['?filter[query]=%20a%20', 422],
      [`?filter[query]=${'x'.repeat(101)}`, 400],
      ['?filter[query]=ab&page[size]=51', 400],
      ['?filter[query]=ab&page[number]=0', 400],
      ['?filter[query]=ab&filter[query]=cd', 400],
      ['?filter[query]=%25%5F', 200],
    ];
    for (const [query, status] of cases) {
      const res = await admin.get(`/api/v1/search/users${query}`);
      expectMatchesContract(res, 'searchUsers');
      expect(res.statusCode, query).toBe(status);
    }
  });
});

describe('GET api/v1/search/wallet-transactions (searchWalletTransactions)', () => {
  it('finds transactions by reference over every date, newest first', async () => {
    const { as } = await start();
    const admin = await as('super@demo.test', 'naccug');
    const found = await transactions(admin, 'wt-min-0001');
    expect(found.data.map((row) => row.attributes.referenceNumber)).toEqual(['WT-MIN-0001']);
    expect(found.data[0]?.attributes.receiverName).toBe('Fatou Jallow');
  });

  it('keeps to the token tenant: another tenant’s transactions are never found', async () => {
    const { as } = await start();
    const naccug = await as('super@demo.test', 'naccug');
    const teller = await as('partner@demo.test');
    const naccugRefs = (await transactions(naccug, 'WT-MIN')).data.map((row) => row.attributes.referenceNumber);
    const tellerRefs = (await transactions(teller, 'WT-MIN')).data.map((row) => row.attributes.referenceNumber);
    expect(naccugRefs).toEqual(['WT-MIN-0001']);
    expect(tellerRefs.sort()).toEqual(['WT-MIN-0002', 'WT-MIN-0003']);
  });

  it('[UW-6.13] keeps roles 16 and 64 to the transactions of their users, and pages', async () => {
    const { world, as } = await start();
    const admin = await as('super@demo.test', 'naccug');
    const ebrima = await admin.create({ Amount: '10', ReceiverUserId: String(world.users.serrekundaMemberByOfficer) });
    const reference = ebrima.json().data.attributes.referenceNumber as string;
    const group = await as('group@demo.test');
    const officer = await as('officer@demo.test');
    expect((await transactions(group, reference)).meta.itemTotal).toBe(0);
    expect((await transactions(officer, reference)).meta.itemTotal).toBe(1);

    const all = await transactions(admin, 'WT');
    expect(all.meta.itemTotal).toBe(2);
    const page2 = await transactions(admin, 'WT', '&page[size]=1&page[number]=2');
    expect(page2.meta).toMatchObject({ pageNumber: 2, pageSize: 1, itemTotal: 2 });
    expect(ids(page2)).toEqual([ids(all)[1]]);
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    const { as } = await start();
    const admin = await as('super@demo.test', 'naccug');
    for (const [query, status] of [['', 400], ['?filter[query]=x', 422], [`?filter[query]=${'9'.repeat(101)}`, 400], ['?filter[query]=ab&page[size]=abc', 400]] as const) {
      const res = await admin.get(`/api/v1/search/wallet-transactions${query}`);
      expectMatchesContract(res, 'searchWalletTransactions');
      expect(res.statusCode, query).toBe(status);
    }
  });
});
