// The single-row read of the live tables: `filter[id]` on listUsers, listWalletTransactions and listRemittances
// reads one row with every other filter, the tenant and the role scope still applied; a malformed id is a 400.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { remittanceGateway } from '../testing/remittances.ts';
import { bearerFor } from '../testing/users.ts';
import { walletClient } from '../testing/wallet.ts';
import { gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();

interface ListDoc {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
  meta: { itemTotal: number };
}

const MALFORMED = ['abc', '0', '-1', '1.5', '01', '1e3', '12345678901', '1,2'];

function ids(res: LightMyRequestResponse): string[] {
  return res.json<ListDoc>().data.map((row) => row.id);
}

describe('filter[id] on listUsers', () => {
  async function get(app: FastifyInstance, userId: number, query: string, tenant?: string): Promise<LightMyRequestResponse> {
    const res = await app.inject({ method: 'GET', url: `/api/v1/um/user${query}`, headers: await bearerFor(app, userId, tenant) });
    expectMatchesContract(res, 'listUsers');
    return res;
  }

  it('[LIVE-9] reads the one user with the list\'s other filters, tenant and role scope; a malformed id is a 400', async () => {
    const { app, world } = await startGateway();
    const u = world.users;
    const one = await get(app, u.super, `?filter[id]=${u.kanifingMember}&filter[account.roles]=256`, 'naccug');
    expect(one.statusCode).toBe(200);
    expect(ids(one)).toEqual([String(u.kanifingMember)]);
    expect(one.json<ListDoc>().meta.itemTotal).toBe(1);
    // The list's own filters still apply: an end user is not in the admin list.
    expect(ids(await get(app, u.super, `?filter[id]=${u.kanifingMember}&filter[account.roles]=-256`, 'naccug'))).toEqual([]);
    // Another tenant's user reads nothing.
    expect(ids(await get(app, u.partner, `?filter[id]=${u.kanifingMember}`))).toEqual([]);
    // Role 16 of Kanifing CU cannot see a Serrekunda member.
    expect(ids(await get(app, u.group, `?filter[id]=${u.serrekundaMember}`))).toEqual([]);
    expect(ids(await get(app, u.group, `?filter[id]=${u.kanifingMember}`))).toEqual([String(u.kanifingMember)]);
    // An id of the right shape that no row can have reads nothing.
    expect(ids(await get(app, u.super, '?filter[id]=9999999999', 'naccug'))).toEqual([]);
    for (const id of MALFORMED) {
      const bad = await get(app, u.super, `?filter[id]=${encodeURIComponent(id)}`, 'naccug');
      expect(bad.statusCode, id).toBe(400);
    }
  });
});

describe('filter[id] on listWalletTransactions', () => {
  it('[LIVE-9] reads the one transaction with the list\'s other filters, tenant and role scope; a malformed id is a 400', async () => {
    const { app, world } = await startGateway();
    const admin = walletClient(app, await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug'));
    const kanifing = (await admin.create({ Amount: '10', ReceiverUserId: String(world.users.kanifingMember) })).json().data.id as string;
    const serrekunda = (await admin.create({ Amount: '10', ReceiverUserId: String(world.users.serrekundaMemberByOfficer) })).json().data.id as string;
    const get = async (client: ReturnType<typeof walletClient>, query: string) => {
      const res = await client.get(`/api/v1/wallet-transactions${query}`);
      expectMatchesContract(res, 'listWalletTransactions');
      return res;
    };
    const one = await get(admin, `?filter[id]=${kanifing}`);
    expect(one.statusCode).toBe(200);
    expect(ids(one)).toEqual([kanifing]);
    expect(one.json<ListDoc>().meta.itemTotal).toBe(1);
    expect(ids(await get(admin, `?filter[id]=${kanifing}&filter[userId]=${world.users.serrekundaMemberByOfficer}`))).toEqual([]);
    const partner = walletClient(app, await signIn(app, 'partner@demo.test'));
    expect(ids(await get(partner, `?filter[id]=${kanifing}`))).toEqual([]);
    const group = walletClient(app, await signIn(app, 'group@demo.test'));
    expect(ids(await get(group, `?filter[id]=${serrekunda}`))).toEqual([]);
    expect(ids(await get(group, `?filter[id]=${kanifing}`))).toEqual([kanifing]);
    for (const id of MALFORMED) expect((await get(admin, `?filter[id]=${encodeURIComponent(id)}`)).statusCode, id).toBe(400);
  });
});

describe('filter[id] on listRemittances', () => {
  it('[LIVE-9] reads the one remittance with the list\'s other filters and tenant; a malformed id is a 400', async () => {
    const { as, remittances } = await remittanceGateway(startGateway);
    const payout = await as('payout');
    const get = async (client: typeof payout, query: string) => {
      const res = await client.get(`/api/v1/remittance${query}`);
      expectMatchesContract(res, 'listRemittances');
      return res;
    };
    const paid = remittances.rows.paid;
    const one = await get(payout, `?filter[id]=${paid}&page[size]=3`);
    expect(one.statusCode).toBe(200);
    expect(ids(one)).toEqual([paid]);
    expect(one.json<ListDoc>().meta.itemTotal).toBe(1);
    const statusId = one.json<ListDoc>().data[0]?.attributes.statusId;
    expect(ids(await get(payout, `?filter[id]=${paid}&filter[statusId]=${String(statusId)}`))).toEqual([paid]);
    expect(ids(await get(payout, `?filter[id]=${paid}&filter[statusId]=${Number(statusId) === 0 ? 1 : 0}`))).toEqual([]);
    // Another operator's row reads nothing.
    expect(ids(await get(payout, `?filter[id]=${remittances.rows.foreign}`))).toEqual([]);
    expect(ids(await get(await as('ssPayout'), `?filter[id]=${paid}`))).toEqual([]);
    for (const id of MALFORMED) expect((await get(payout, `?filter[id]=${encodeURIComponent(id)}`)).statusCode, id).toBe(400);
  });
});
