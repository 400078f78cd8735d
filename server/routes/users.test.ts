import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { bearerFor } from '../testing/users.ts';
import type { MinimalWorld } from '../seed/index.ts';
import { buildTestApp, type TestGateway } from '../testing.ts';

// The minimal world (server/seed/minimal.ts) on MINIMAL_NOW, 2025-01-15. naccug has no top admin of its own:
// super@demo.test acts there with naccug's tenant token, as after connect/token.
let gw: TestGateway;
let u: MinimalWorld['users'];

beforeAll(async () => {
  gw = await buildTestApp();
  u = gw.world.users;
});
afterAll(async () => {
  await gw.app.close();
});

type Person = keyof MinimalWorld['users'];
/** Who calls: a person in their own tenant, or [person, tenant]. */
type Actor = Person | [Person, string];
const NACCUG_TOP: Actor = ['super', 'naccug'];

interface Doc {
  data: { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: unknown }> };
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
  errors?: Array<{ status: string; title: string; source?: { pointer?: string } }>;
}
interface ListDoc {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
  meta: { itemTotal: number; pageNumber: number; pageSize: number; pageTotal: number };
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
}

async function call(operationId: string, as: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const [person, tenant] = typeof as === 'string' ? [as, undefined] : (as ?? [null, undefined]);
  const headers = person ? await bearerFor(gw.app, u[person], tenant) : {};
  const res = await gw.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expectMatchesContract(res, operationId);
  return res;
}

async function list(as: Actor, query = ''): Promise<ListDoc> {
  const res = await call('listUsers', as, 'GET', `/api/v1/um/user${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<ListDoc>();
}

const ids = (doc: ListDoc) => doc.data.map((user) => Number(user.id)).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pointers = (res: LightMyRequestResponse) => (res.json<Doc>().errors ?? []).map((error) => error.source?.pointer).sort();

async function userCount(): Promise<number> {
  const row = await gw.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'User',
      attributes: {
        role: 256,
        group: gw.world.groups.kanifing,
        firstname: 'Kumba',
        lastname: 'Sowe',
        birthdate: '1995-06-01',
        gender: 'Female',
        nationality: 'Gambian',
        phonenumber: '2207200001',
        ...overrides,
      },
    },
  };
}

function newAdmin(overrides: Record<string, unknown> = {}) {
  return newUser({ role: 64, email: 'kumba@naccug.test', phonenumber: '2207300001', ...overrides });
}

async function accountOf(userId: number) {
  return gw.app.db.selectFrom('accounts').innerJoin('users', 'users.id', 'accounts.user_id').select(['accounts.account_id', 'users.phonenumber']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

describe('listUsers', () => {
  it('[UW-6.12] filter[account.roles]=256 lists only the end users of the tenant', async () => {
    const doc = await list(NACCUG_TOP, '?filter[account.roles]=256');
    expect(ids(doc)).toEqual(sorted([u.kanifingMember, u.serrekundaMemberByOfficer, u.serrekundaMember]));
  });

  it('[UW-6.11] filter[account.roles]=-256 lists everyone but end users', async () => {
    expect(ids(await list(NACCUG_TOP, '?filter[account.roles]=-256'))).toEqual(sorted([u.group, u.officer]));
  });

  it('[UW-6.22] role conditions combine: the admin list filtered to one admin role', async () => {
    expect(ids(await list(NACCUG_TOP, '?filter[account.roles]=-256,64'))).toEqual([u.officer]);
    expect(ids(await list(NACCUG_TOP, '?filter[account.roles]=-256,16'))).toEqual([u.group]);
    expect(ids(await list(NACCUG_TOP, '?filter[account.roles]=256,-256'))).toEqual([]);
    const bad = await call('listUsers', NACCUG_TOP, 'GET', '/api/v1/um/user?filter[account.roles]=-256,5');
    expect(bad.statusCode).toBe(400);
  });

  it('isolates tenants: a token of another tenant never lists this tenant’s users', async () => {
    const naccug = await list(NACCUG_TOP, '?page[size]=100');
    const teller = await list('partner', '?page[size]=100');
    expect(ids(teller)).toEqual(sorted([u.partner, u.tellerMember]));
    expect(ids(teller).some((id) => ids(naccug).includes(id))).toBe(false);
    // The admin tenant sees another tenant's users only through that tenant's token (connect/token).
    expect(ids(await list('super', '?page[size]=100'))).toEqual([u.super]);
    expect(ids(naccug)).toEqual(sorted([u.group, u.officer, u.kanifingMember, u.serrekundaMemberByOfficer, u.serrekundaMember]));
  });

  it('[UW-6.13] role 16 sees only its own group and itself', async () => {
    expect(ids(await list('group', '?page[size]=100'))).toEqual(sorted([u.group, u.officer, u.kanifingMember]));
  });

  it('[UW-6.13] role 64 sees its group, the users it created and itself', async () => {
    expect(ids(await list('officer', '?page[size]=100'))).toEqual(sorted([u.officer, u.group, u.kanifingMember, u.serrekundaMemberByOfficer]));
  });

  it('[UW-7.16] filters by group, e-mail, phone, name, account id, status and currency', async () => {
    const member = await accountOf(u.kanifingMember);
    const filtered = async (query: string) => ids(await list(NACCUG_TOP, `?${query}`));
    expect(await filtered(`filter[account.roles]=256&filter[account.groups]=${gw.world.groups.serrekunda}`)).toEqual(sorted([u.serrekundaMemberByOfficer, u.serrekundaMember]));
    expect(await filtered(`filter[account.groups]=${gw.world.groups.kanifing}&filter[account.roles]=16`)).toEqual([u.group]);
    expect(await filtered('filter[email]=FATOU.JALLOW@')).toEqual([u.kanifingMember]);
    expect(await filtered(`filter[phonenumber]=${String(member.phonenumber).slice(-5)}`)).toEqual([u.kanifingMember]);
    expect(await filtered('filter[fullname]=fatou%20jal')).toEqual([u.kanifingMember]);
    expect(await filtered(`filter[account.accountId]=${member.account_id}`)).toEqual([u.kanifingMember]);
    expect(await filtered('filter[status]=Pending')).toEqual([u.serrekundaMember]);
    expect(await filtered('filter[status]=Verified&filter[account.roles]=256')).toEqual(sorted([u.kanifingMember, u.serrekundaMemberByOfficer]));
    expect(await filtered('filter[wallet.currency]=GMD')).toEqual(sorted([u.kanifingMember, u.serrekundaMemberByOfficer]));
  });

  it('[UW-2.27] sorts by one field, newest first by default, and pages with meta', async () => {
    const all = await list(NACCUG_TOP, '?page[size]=100');
    const created = all.data.map((user) => `${String(user.attributes.created)}#${user.id.padStart(6, '0')}`);
    expect(created).toEqual([...created].sort().reverse());

    const byName = await list(NACCUG_TOP, '?sort=fullname&page[size]=100');
    const names = byName.data.map((user) => String(user.attributes.fullname));
    expect(names).toEqual([...names].sort());

    // The member without a wallet comes last in both directions.
    const richest = await list(NACCUG_TOP, '?sort=-wallet.balance&filter[account.roles]=256');
    expect(richest.data.map((user) => Number(user.id))).toEqual([u.kanifingMember, u.serrekundaMemberByOfficer, u.serrekundaMember]);
    const poorest = await list(NACCUG_TOP, '?sort=wallet.balance&filter[account.roles]=256');
    expect(poorest.data.map((user) => Number(user.id))).toEqual([u.serrekundaMemberByOfficer, u.kanifingMember, u.serrekundaMember]);

    const page = await list(NACCUG_TOP, '?page[size]=2&page[number]=2');
    expect(page.meta).toEqual({ itemTotal: 5, pageNumber: 2, pageSize: 2, pageTotal: 3 });
    expect(page.data.map((user) => user.id)).toEqual(all.data.slice(2, 4).map((user) => user.id));
  });

  it('refuses a sort field outside the allow-list', async () => {
    expect((await call('listUsers', NACCUG_TOP, 'GET', '/api/v1/um/user?sort=password_hash')).statusCode).toBe(400);
  });

  it('[UW-7.15] includes the related parts asked for, with balances as decimal strings', async () => {
    const doc = await list(NACCUG_TOP, '?include=account,wallet&filter[account.roles]=256');
    expect(doc.included?.find((item) => item.type === 'wallet' && item.attributes.balance === '1000.00')).toBeDefined();
    expect(doc.included?.filter((item) => item.type === 'account')).toHaveLength(3);
  });

  it('needs a bearer token', async () => {
    expect((await call('listUsers', null, 'GET', '/api/v1/um/user')).statusCode).toBe(401);
  });
});

describe('getUser', () => {
  const everything = 'account,photo,document,phonenumber,email,wallet,names,birthdate,gender,nationality,account-action,createdby,created';

  it('[UW-7.04] answers the profile with every include of §7', async () => {
    const res = await call('getUser', NACCUG_TOP, 'GET', `/api/v1/um/User/${u.kanifingMember}?include=${everything}`);
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.data.attributes).toMatchObject({
      firstname: 'Fatou',
      lastname: 'Jallow',
      fullname: 'Fatou Jallow',
      birthdate: '1990-05-17',
      gender: 'Female',
      nationality: 'Gambian',
      country: 'Gambia',
      externalid: 'NCU-10001',
      createdby: 'Modou Touray',
    });
    const services = doc.data.attributes.services as Array<{ type: number }>;
    expect(services.map((service) => service.type).sort((a, b) => a - b)).toEqual([1, 32, 256]);
    expect(Object.keys(doc.data.relationships ?? {}).sort()).toEqual(['account', 'account-action', 'document', 'email', 'phonenumber', 'photo', 'wallet']);
    const account = doc.included?.find((item) => item.type === 'account');
    expect(account?.attributes).toMatchObject({ roles: [256], groups: [gw.world.groups.kanifing], status: 9, statusName: 'Verified' });
    expect(doc.included?.find((item) => item.type === 'account-action')?.attributes).toMatchObject({ showActivate: false, showVerified: false, showAddToSanction: true });
    expect(doc.included?.find((item) => item.type === 'wallet')?.attributes).toEqual({ currency: 'GMD', balance: '1000.00' });
    expect(doc.included?.find((item) => item.type === 'email')?.attributes).toEqual({ value: 'fatou.jallow@mail.demo.test' });
  });

  it('includes nothing without include, and offers no services without a wallet', async () => {
    const res = await call('getUser', NACCUG_TOP, 'GET', `/api/v1/um/User/${u.serrekundaMember}`);
    const doc = res.json<Doc>();
    expect(doc.included).toBeUndefined();
    expect(doc.data.attributes.services).toEqual([]);
  });

  it('answers 404 for a user of another tenant, outside the scope, or unknown', async () => {
    expect((await call('getUser', 'partner', 'GET', `/api/v1/um/User/${u.kanifingMember}`)).statusCode).toBe(404);
    expect((await call('getUser', 'group', 'GET', `/api/v1/um/User/${u.serrekundaMember}`)).statusCode).toBe(404);
    expect((await call('getUser', NACCUG_TOP, 'GET', '/api/v1/um/User/999999')).statusCode).toBe(404);
    expect((await call('getUser', NACCUG_TOP, 'GET', '/api/v1/um/User/abc')).statusCode).toBe(404);
  });
});

describe('createEndUser and createAdmin', () => {
  it('[UW-7.18] creates a pending end user with an empty wallet and an audit row', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ middlename: 'Binta', externalid: 'CU-77' }));
    expect(res.statusCode).toBe(201);
    const doc = res.json<Doc>();
    expect(doc.data.attributes).toMatchObject({ fullname: 'Kumba Binta Sowe', externalid: 'CU-77', nationality: 'Gambian', createdby: 'Awa Sowe' });
    expect(doc.included?.find((item) => item.type === 'account')?.attributes).toMatchObject({ roles: [256], status: 0, statusName: 'Pending' });
    expect(doc.included?.find((item) => item.type === 'wallet')?.attributes).toEqual({ currency: 'GMD', balance: '0.00' });
    const audit = await gw.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.create').where('entity_id', '=', doc.data.id).executeTakeFirst();
    expect(audit).toMatchObject({ actor_user_id: u.super, tenant_id: 'naccug' });
  });

  it('[UW-7.17] creates an admin and e-mails the new-account link', async () => {
    const res = await call('createAdmin', NACCUG_TOP, 'POST', '/api/v1/um/user', newAdmin({ email: 'new.officer@naccug.test', phonenumber: '2207300099' }));
    expect(res.statusCode).toBe(201);
    const doc = res.json<Doc>();
    expect(doc.included?.find((item) => item.type === 'account')?.attributes).toMatchObject({ roles: [64], groups: [gw.world.groups.kanifing] });
    expect(doc.data.relationships?.wallet?.data).toBeNull();
    const mail = await gw.app.db.selectFrom('outbox').selectAll().where('recipient', '=', 'new.officer@naccug.test').executeTakeFirst();
    expect(mail?.link).toMatch(/^\/auth\/newpassword\/[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the optional country of residence the create body carries, shown read-only on the profile (UW §2)', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ country: 'Senegal', phonenumber: '2207200031' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Doc>().data.attributes).toMatchObject({ country: 'Senegal' });
    const long = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ country: 'x'.repeat(61), phonenumber: '2207200032' }));
    expect(long.statusCode).toBe(422);
    expect(pointers(long)).toEqual(['/data/attributes/country']);
  });

  it('[UW-5.26] creates an end user without an e-mail', async () => {
    const res = await call('createEndUser', 'partner', 'POST', '/api/v1/um/pendingUser', newUser({ group: undefined, phonenumber: '2207200002' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Doc>().data.relationships?.email?.data).toBeNull();
  });

  it('answers one 422 error per field with its pointer and writes nothing', async () => {
    const before = await userCount();
    const res = await call(
      'createEndUser',
      NACCUG_TOP,
      'POST',
      '/api/v1/um/pendingUser',
      newUser({ firstname: 'K1', lastname: 'S'.repeat(17), phonenumber: '12', birthdate: '2001-02-30' }),
    );
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual(['/data/attributes/birthdate', '/data/attributes/firstname', '/data/attributes/lastname', '/data/attributes/phonenumber']);
    expect(await userCount()).toBe(before);
  });

  it('[UW-5.13] answers a 17-letter first name with the spec’s message before schema validation', async () => {
    const before = await userCount();
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ firstname: 'Abcdefghijklmnopq', phonenumber: '2207200020' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([
      { status: '422', title: 'first name is too long 16 character is required!', source: { pointer: '/data/attributes/firstname' } },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('answers 401 before looking at the body of a caller without a token', async () => {
    const res = await call('createEndUser', null, 'POST', '/api/v1/um/pendingUser', newUser({ firstname: 'Abcdefghijklmnopq' }));
    expect(res.statusCode).toBe(401);
  });

  it('[UW-5.12] answers a first name with a digit with the spec’s message', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ firstname: 'J0hn', phonenumber: '2207200021' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'first name is not in correct format', source: { pointer: '/data/attributes/firstname' } }]);
  });

  it('[UW-5.28] answers a malformed phone number with the spec’s message', async () => {
    for (const phonenumber of ['220-701', '123456', '1'.repeat(21)]) {
      const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ phonenumber }));
      expect(res.statusCode, phonenumber).toBe(422);
      expect(res.json<Doc>().errors, phonenumber).toEqual([{ status: '422', title: 'Invalid Mobile Number', source: { pointer: '/data/attributes/phonenumber' } }]);
    }
  });

  it('[UW-5.24] answers a malformed admin e-mail with the spec’s message', async () => {
    const res = await call('createAdmin', NACCUG_TOP, 'POST', '/api/v1/um/user', newAdmin({ email: 'kumba@', phonenumber: '2207300020' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'Please enter a valid email address', source: { pointer: '/data/attributes/email' } }]);
  });

  it('names an attribute the contract forbids next to the spec’s messages, once per field', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ firstname: 'Abcdefghijklmnopq', status: 1, phonenumber: '2207200022' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([
      { status: '422', title: 'first name is too long 16 character is required!', source: { pointer: '/data/attributes/firstname' } },
      { status: '422', title: 'status is not accepted here', source: { pointer: '/data/attributes/status' } },
    ]);
    const alone = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ status: 1, phonenumber: '2207200022' }));
    expect(alone.statusCode).toBe(422);
    expect(pointers(alone)).toEqual(['/data/attributes/status']);
  });

  it('[UW-5.10] requires a group on the credit-union tenant', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ group: undefined, phonenumber: '2207200003' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'Please select a Credit Union', source: { pointer: '/data/attributes/group' } }]);
  });

  it('refuses a group of another tenant', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ group: gw.world.groups.teller, phonenumber: '2207200004' }));
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual(['/data/attributes/group']);
  });

  it('[UW-5.22] refuses a birth date less than 16 years ago', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ birthdate: '2009-01-16', phonenumber: '2207200005' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors?.[0]).toMatchObject({ title: 'The user must be at least 16 years old', source: { pointer: '/data/attributes/birthdate' } });
    const sixteenToday = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ birthdate: '2009-01-15', phonenumber: '2207200006' }));
    expect(sixteenToday.statusCode).toBe(201);
  });

  it('[UW-5.22] [UW-5.23] refuses a birth date before 1900 (a slip like 0201-01-01) with 422 and its pointer, and creates nobody', async () => {
    const before = await userCount();
    for (const birthdate of ['0201-01-01', '1899-12-31']) {
      const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ birthdate, phonenumber: '2207200008' }));
      expect(res.statusCode, birthdate).toBe(422);
      expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'The birth date must be 1900-01-01 or later', source: { pointer: '/data/attributes/birthdate' } }]);
    }
    expect(await userCount()).toBe(before);
  });

  it('[UW-5.27] refuses a nationality that is not in the countries list', async () => {
    const res = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ nationality: 'Martian', phonenumber: '2207200007' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors?.[0]).toMatchObject({ title: 'Please select nationality', source: { pointer: '/data/attributes/nationality' } });
  });

  it('[UW-5.25] requires an e-mail for admins', async () => {
    const res = await call('createAdmin', NACCUG_TOP, 'POST', '/api/v1/um/user', newAdmin({ email: undefined }));
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual(['/data/attributes/email']);
  });

  it('[UW-6.06] refuses role 16 to a creator with role 64', async () => {
    const before = await userCount();
    const res = await call('createAdmin', 'officer', 'POST', '/api/v1/um/user', newAdmin({ role: 16, email: 'x16@naccug.test' }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors?.[0]).toMatchObject({ title: 'You may not create a user with role 16.', source: { pointer: '/data/attributes/role' } });
    expect(await userCount()).toBe(before);
  });

  it('[UW-6.05] lets role 16 create role 64 in its own group only', async () => {
    const own = await call('createAdmin', 'group', 'POST', '/api/v1/um/user', newAdmin({ email: 'own@naccug.test', phonenumber: '2207300010' }));
    expect(own.statusCode).toBe(201);
    const other = await call(
      'createAdmin',
      'group',
      'POST',
      '/api/v1/um/user',
      newAdmin({ group: gw.world.groups.serrekunda, email: 'other@naccug.test', phonenumber: '2207300011' }),
    );
    expect(other.statusCode).toBe(422);
    expect(pointers(other)).toEqual(['/data/attributes/group']);
  });

  it('[UW-6.09] gives roles 4 and 16 no group', async () => {
    const res = await call('createAdmin', NACCUG_TOP, 'POST', '/api/v1/um/user', newAdmin({ role: 16, email: 'g16@naccug.test', phonenumber: '2207300012' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Doc>().included?.find((item) => item.type === 'account')?.attributes.groups).toEqual([]);
  });

  it('[UW-6.10] requires a group for role 64', async () => {
    const res = await call('createAdmin', NACCUG_TOP, 'POST', '/api/v1/um/user', newAdmin({ group: undefined, email: 'nogroup@naccug.test' }));
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual(['/data/attributes/group']);
  });

  it('answers 409 for an e-mail or phone number already in use', async () => {
    const email = await call('createAdmin', NACCUG_TOP, 'POST', '/api/v1/um/user', newAdmin({ email: 'OFFICER@demo.test', phonenumber: '2207300013' }));
    expect(email.statusCode).toBe(409);
    expect(pointers(email)).toEqual(['/data/attributes/email']);
    const taken = (await accountOf(u.kanifingMember)).phonenumber;
    const phone = await call('createEndUser', NACCUG_TOP, 'POST', '/api/v1/um/pendingUser', newUser({ phonenumber: taken }));
    expect(phone.statusCode).toBe(409);
    expect(pointers(phone)).toEqual(['/data/attributes/phonenumber']);
  });
});

describe('updateUser', () => {
  it('[UW-7.21] updates the profile, answers it with account-action, and audits before and after', async () => {
    const id = u.serrekundaMemberByOfficer;
    const res = await call('updateUser', NACCUG_TOP, 'PATCH', `/api/v1/um/user/${id}?include=account-action`, {
      data: { type: 'User', attributes: { firstname: 'Ebou', nationality: 'senegalese' } },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.data.attributes).toMatchObject({ firstname: 'Ebou', nationality: 'Senegalese' });
    expect(doc.included?.map((item) => item.type)).toEqual(['account-action']);
    const audit = await gw.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.update').where('entity_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json ?? '{}')).toEqual({ firstname: 'Ebrima', nationality: 'Gambian' });
    expect(JSON.parse(audit.after_json ?? '{}')).toEqual({ firstname: 'Ebou', nationality: 'Senegalese' });
  });

  it('[UW-5.34] refuses a birth date that makes the user younger than 16', async () => {
    const res = await call('updateUser', NACCUG_TOP, 'PATCH', `/api/v1/um/user/${u.kanifingMember}`, {
      data: { type: 'User', attributes: { birthdate: '2015-01-01' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'Invalid birth of date.', source: { pointer: '/data/attributes/birthdate' } }]);
  });

  it('[UW-5.34] refuses a birth date before 1900 in edit mode with its message and pointer', async () => {
    const res = await call('updateUser', NACCUG_TOP, 'PATCH', `/api/v1/um/user/${u.kanifingMember}`, {
      data: { type: 'User', attributes: { birthdate: '0201-01-01' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'Invalid birth of date.', source: { pointer: '/data/attributes/birthdate' } }]);
  });

  it('[UW-2.46] an update with no attribute is refused in words a person reads, never the validator\'s', async () => {
    const res = await call('updateUser', NACCUG_TOP, 'PATCH', `/api/v1/um/user/${u.kanifingMember}`, { data: { type: 'User', attributes: {} } });
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'attributes must not be empty', source: { pointer: '/data/attributes' } }]);
  });

  it('[UW-5.37] refuses an e-mail with 422 instead of ignoring it, and changes nothing', async () => {
    const patch = (attributes: Record<string, unknown>) =>
      call('updateUser', NACCUG_TOP, 'PATCH', `/api/v1/um/user/${u.kanifingMember}`, { data: { type: 'User', attributes } });
    const changed = await patch({ email: 'new@mail.test', lastname: 'Jallowe' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json<Doc>().errors).toEqual([{ status: '422', title: 'The email address cannot be changed.', source: { pointer: '/data/attributes/email' } }]);
    const same = await patch({ email: 'fatou.jallow@mail.demo.test', lastname: 'Jallowe' });
    expect(same.statusCode).toBe(422);
    expect(pointers(same)).toEqual(['/data/attributes/email']);
    const user = await gw.app.db.selectFrom('users').select(['email', 'lastname']).where('id', '=', u.kanifingMember).executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'fatou.jallow@mail.demo.test', lastname: 'Jallow' });
  });

  it('[UW-5.32] answers an invalid first name in edit mode with the spec’s message', async () => {
    const res = await call('updateUser', NACCUG_TOP, 'PATCH', `/api/v1/um/user/${u.kanifingMember}`, {
      data: { type: 'User', attributes: { firstname: 'Abcdefghijklmnopq' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Doc>().errors).toEqual([{ status: '422', title: 'Invalid First Name', source: { pointer: '/data/attributes/firstname' } }]);
  });

  it('[UW-6.16] accepts the group only when unchanged', async () => {
    const url = `/api/v1/um/user/${u.kanifingMember}`;
    const moved = await call('updateUser', NACCUG_TOP, 'PATCH', url, { data: { type: 'User', attributes: { group: gw.world.groups.serrekunda } } });
    expect(moved.statusCode).toBe(422);
    expect(pointers(moved)).toEqual(['/data/attributes/group']);
    const kept = await call('updateUser', NACCUG_TOP, 'PATCH', url, { data: { type: 'User', attributes: { group: gw.world.groups.kanifing } } });
    expect(kept.statusCode).toBe(200);
  });

  it('answers 404 outside the tenant or scope, and 403 in a payin tenant', async () => {
    const body = { data: { type: 'User', attributes: { firstname: 'Hacked' } } };
    expect((await call('updateUser', 'partner', 'PATCH', `/api/v1/um/user/${u.kanifingMember}`, body)).statusCode).toBe(404);
    expect((await call('updateUser', 'group', 'PATCH', `/api/v1/um/user/${u.serrekundaMember}`, body)).statusCode).toBe(404);
    expect((await call('updateUser', 'payin', 'PATCH', `/api/v1/um/user/${u.payin}`, body)).statusCode).toBe(403);
    expect(await gw.app.db.selectFrom('users').select('firstname').where('firstname', '=', 'Hacked').execute()).toEqual([]);
  });
});

describe('listAuditEvents', () => {
  it('lists a user’s rows newest first, for role 4 of the tenant', async () => {
    const id = u.tellerMember;
    for (const firstname of ['Moses', 'Musa']) {
      const res = await call('updateUser', 'partner', 'PATCH', `/api/v1/um/user/${id}`, { data: { type: 'User', attributes: { firstname } } });
      expect(res.statusCode).toBe(200);
    }
    const res = await call('listAuditEvents', 'partner', 'GET', `/api/v1/audit?filter[entityId]=${id}`);
    expect(res.statusCode).toBe(200);
    const doc = res.json<ListDoc>();
    expect(doc.data.map((row) => row.attributes.after)).toEqual([{ firstname: 'Musa' }, { firstname: 'Moses' }]);
    expect(doc.data[0]?.attributes).toMatchObject({ action: 'user.update', entity: 'user', actorId: String(u.partner), actorEmail: 'partner@demo.test', tenant: 'teller' });
  });

  it('keeps tenants apart, shows every tenant to the admin tenant, and refuses roles other than 4', async () => {
    const query = `/api/v1/audit?filter[entityId]=${u.tellerMember}&filter[action]=user.update`;
    expect((await call('listAuditEvents', NACCUG_TOP, 'GET', query)).json<ListDoc>().data).toEqual([]);
    expect((await call('listAuditEvents', 'super', 'GET', query)).json<ListDoc>().meta.itemTotal).toBe(2);
    expect((await call('listAuditEvents', 'group', 'GET', '/api/v1/audit')).statusCode).toBe(403);
  });
});
