// Saved table views (listViews, createView, updateView, deleteView): scopes, owner checks and tenant isolation on
// every route, strict bodies, and the audit rows of every change. Every answer is checked against the contract.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import type { MinimalWorld } from '../seed/index.ts';
import { bearerFor } from '../testing/users.ts';
import { buildTestApp, type TestGateway } from '../testing.ts';

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
/** A person in their own tenant, or [person, tenant] as after connect/token. */
type Actor = Person | [Person, string];
const NACCUG_TOP: Actor = ['super', 'naccug'];

interface ViewDoc {
  data: { id: string; attributes: { name: string; scope: string; role: number | null; isDefault: boolean; mine: boolean; ownerEmail: string | null; state: unknown } };
  errors?: Array<{ code?: string; source?: { pointer?: string } }>;
}
interface ViewListDoc {
  data: ViewDoc['data'][];
}

async function call(operationId: string, as: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const [person, tenant] = typeof as === 'string' ? [as, undefined] : as;
  const headers = await bearerFor(gw.app, u[person], tenant);
  const res = await gw.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expectMatchesContract(res, operationId);
  return res;
}

const state = { columns: ['name', 'accountId', 'status'], filters: { status: 'Active' }, sort: '-created', pageSize: 20 };

async function create(as: Actor, attributes: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return call('createView', as, 'POST', '/api/v1/views', { data: { type: 'View', attributes: { table: 'users', state, ...attributes } } });
}
async function created(as: Actor, attributes: Record<string, unknown>): Promise<string> {
  const res = await create(as, attributes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ViewDoc>().data.id;
}
const update = (as: Actor, id: string, attributes: Record<string, unknown>) =>
  call('updateView', as, 'PATCH', `/api/v1/views/${id}`, { data: { type: 'View', attributes } });
const remove = (as: Actor, id: string) => call('deleteView', as, 'DELETE', `/api/v1/views/${id}`);
async function names(as: Actor, table = 'users'): Promise<string[]> {
  const res = await call('listViews', as, 'GET', `/api/v1/views?filter[table]=${table}`);
  expect(res.statusCode).toBe(200);
  return res.json<ViewListDoc>().data.map((view) => view.attributes.name);
}

describe('saved table views', () => {
  it('keeps a private view to its owner, in its tenant and table', async () => {
    const res = await create('officer', { name: 'My actives' });
    expect(res.statusCode).toBe(201);
    expect(res.json<ViewDoc>().data.attributes).toMatchObject({ name: 'My actives', scope: 'private', role: null, isDefault: false, mine: true, ownerEmail: 'officer@demo.test', state });
    expect(await names('officer')).toContain('My actives');
    expect(await names('officer', 'admins')).not.toContain('My actives');
    expect(await names('group')).not.toContain('My actives');
    expect(await names(NACCUG_TOP)).not.toContain('My actives');
  });

  it('shares a view with a role of the tenant, which its staff see but cannot change', async () => {
    const id = await created('officer', { name: 'For group admins', scope: 'role', role: 16 });
    expect(await names('group')).toContain('For group admins');
    expect(await names(NACCUG_TOP)).not.toContain('For group admins');
    const seen = (await call('listViews', 'group', 'GET', '/api/v1/views?filter[table]=users')).json<ViewListDoc>().data.find((view) => view.id === id);
    expect(seen?.attributes.mine).toBe(false);

    const refused = await update('group', id, { name: 'Taken over' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ViewDoc>().errors?.[0]?.code).toBe('not_owner');
    expect((await remove('group', id)).statusCode).toBe(403);
    expect(await names('group')).toContain('For group admins');
  });

  it('lets only top admins share with the whole tenant and set its one default', async () => {
    const refused = await create('officer', { name: 'Everyone', scope: 'tenant' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ViewDoc>().errors?.[0]?.code).toBe('role_not_allowed');

    const first = await created(NACCUG_TOP, { name: 'Default A', scope: 'tenant', isDefault: true });
    const second = await created(NACCUG_TOP, { name: 'Default B', scope: 'tenant', isDefault: true });
    const list = (await call('listViews', 'officer', 'GET', '/api/v1/views?filter[table]=users')).json<ViewListDoc>().data;
    expect(list.filter((view) => view.attributes.isDefault).map((view) => view.id)).toEqual([second]);
    expect(list.map((view) => view.id)).toContain(first);
    expect((await update(NACCUG_TOP, first, { isDefault: true })).json<ViewDoc>().data.attributes.isDefault).toBe(true);
    const after = (await call('listViews', 'group', 'GET', '/api/v1/views?filter[table]=users')).json<ViewListDoc>().data;
    expect(after.filter((view) => view.attributes.isDefault).map((view) => view.id)).toEqual([first]);
  });

  it('keeps tenants apart on every route: another tenant neither lists, changes nor deletes a view', async () => {
    const id = await created(NACCUG_TOP, { name: 'Naccug shared', scope: 'tenant' });
    expect(await names('partner')).not.toContain('Naccug shared');
    expect(await names(['super', 'teller'])).not.toContain('Naccug shared');
    expect((await update('partner', id, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await update(['super', 'teller'], id, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await remove('partner', id)).statusCode).toBe(404);
    expect(await names('officer')).toContain('Naccug shared');
  });

  it('lets the owner rename, reshare, change and delete a view; others’ private views are not found', async () => {
    const id = await created('officer', { name: 'Draft' });
    expect((await update('group', id, { name: 'Peek' })).statusCode).toBe(404);
    expect((await remove('group', id)).statusCode).toBe(404);

    const changed = await update('officer', id, { name: 'Officers', scope: 'role', role: 64, state: { ...state, pageSize: 50 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ViewDoc>().data.attributes).toMatchObject({ name: 'Officers', scope: 'role', role: 64, state: { pageSize: 50 } });
    const back = await update('officer', id, { scope: 'private' });
    expect(back.json<ViewDoc>().data.attributes).toMatchObject({ scope: 'private', role: null });
    expect((await remove('officer', id)).statusCode).toBe(204);
    expect(await names('officer')).not.toContain('Officers');
    expect((await remove('officer', id)).statusCode).toBe(404);
    expect((await update('officer', '99999999999', { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses what the contract does not allow and changes nothing', async () => {
    const before = await names('officer');
    const unknown = await create('officer', { name: 'Bad', colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', state: { ...state, pageSize: 1000 } })).statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', state: { ...state, extra: true } })).statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', state: { ...state, filters: { status: 3 } } })).statusCode).toBe(422);
    expect((await create('officer', { name: '   ' })).statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', table: '../users' })).statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', scope: 'role' })).statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', role: 16 })).statusCode).toBe(422);
    expect((await create('officer', { name: 'Bad', role: 256, scope: 'role' })).statusCode).toBe(422);
    expect((await create(NACCUG_TOP, { name: 'Bad', isDefault: true })).statusCode).toBe(422);
    expect((await call('listViews', 'officer', 'GET', '/api/v1/views')).statusCode).toBe(400);
    expect(await names('officer')).toEqual(before);

    await created('officer', { name: 'Twice' });
    const again = await create('officer', { name: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ViewDoc>().errors?.[0]?.code).toBe('name_taken');
  });

  it('refuses a view the list would refuse, as its address would (filter value, filter, column, sort), with a pointer to each part, and saves nothing', async () => {
    const before = await names(NACCUG_TOP);
    const badValue = await create(NACCUG_TOP, { name: 'Zero status', scope: 'tenant', isDefault: true, state: { ...state, filters: { status: '0' } } });
    expect(badValue.statusCode, badValue.body).toBe(422);
    expect(badValue.json<ViewDoc>().errors?.map((error) => error.source?.pointer)).toEqual(['/data/attributes/state/filters/status']);

    const everything = await create(NACCUG_TOP, {
      name: 'All wrong',
      state: { columns: ['name', 'shoeSize'], filters: { status: 'Active', shoeSize: '42', 'account.groups': 'none' }, sort: 'shoeSize', pageSize: 20 },
    });
    expect(everything.statusCode, everything.body).toBe(422);
    expect(everything.json<ViewDoc>().errors?.map((error) => error.source?.pointer).sort()).toEqual([
      '/data/attributes/state/columns/1',
      '/data/attributes/state/filters/account.groups',
      '/data/attributes/state/filters/shoeSize',
      '/data/attributes/state/sort',
    ]);
    const noTable = await create(NACCUG_TOP, { name: 'No such table', table: 'no-such-table' });
    expect(noTable.statusCode).toBe(422);
    expect(noTable.json<ViewDoc>().errors?.map((error) => error.source?.pointer)).toEqual(['/data/attributes/table']);
    expect(await names(NACCUG_TOP)).toEqual(before);

    const id = await created(NACCUG_TOP, { name: 'Fine for now', scope: 'tenant' });
    const changed = await update(NACCUG_TOP, id, { state: { ...state, filters: { status: '0' } } });
    expect(changed.statusCode).toBe(422);
    expect(changed.json<ViewDoc>().errors?.map((error) => error.source?.pointer)).toEqual(['/data/attributes/state/filters/status']);
    const listed = (await call('listViews', NACCUG_TOP, 'GET', '/api/v1/views?filter[table]=users')).json<ViewListDoc>().data.find((view) => view.id === id);
    expect(listed?.attributes.state).toEqual(state);
  });

  it('lists a stored view that no longer validates without its bad parts, naming each part it dropped', async () => {
    // Stored before saving was checked (or by hand): the tenant's default, which every staff member opens with.
    const stored = { columns: ['name', 'shoeSize', 'status'], filters: { status: '0', fullname: 'Fatou' }, sort: 'shoeSize', pageSize: 20 };
    const at = new Date().toISOString();
    const { id } = await gw.app.db
      .insertInto('table_views')
      .values({ tenant_id: 'naccug', owner_user_id: u.super, table_id: 'users', name: 'Broken default', scope: 'tenant', role: null, is_default: 1, state_json: JSON.stringify(stored), created: at, updated: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call('listViews', 'officer', 'GET', '/api/v1/views?filter[table]=users');
    expect(res.statusCode).toBe(200);
    const view = res.json<{ data: Array<{ id: string; attributes: { state: unknown; dropped: Array<{ pointer: string; value: string }> } }> }>().data.find((candidate) => candidate.id === String(id));
    expect(view?.attributes.state).toEqual({ columns: ['name', 'status'], filters: { fullname: 'Fatou' }, sort: '-created', pageSize: 20 });
    expect(view?.attributes.dropped.map(({ pointer, value }) => [pointer, value])).toEqual([
      ['/columns/1', 'shoeSize'],
      ['/filters/status', '0'],
      ['/sort', 'shoeSize'],
    ]);
    await gw.app.db.deleteFrom('table_views').where('id', '=', id).execute();
  });

  it('writes an audit row for every change, with the view before and after', async () => {
    const id = await created('officer', { name: 'Audited' });
    await update('officer', id, { name: 'Audited 2' });
    await remove('officer', id);
    const rows = await gw.app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'view').where('entity_id', '=', id).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['view.create', 'view.update', 'view.delete']);
    expect(rows.map((row) => row.tenant_id)).toEqual(['naccug', 'naccug', 'naccug']);
    expect(JSON.parse(rows[1]?.before_json ?? '{}')).toMatchObject({ name: 'Audited' });
    expect(JSON.parse(rows[1]?.after_json ?? '{}')).toMatchObject({ name: 'Audited 2' });
    expect(rows[2]?.after_json).toBeNull();
  });
});
