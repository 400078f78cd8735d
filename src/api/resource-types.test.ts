import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAuditEventsQueryOptions } from './audit';
import { invalidateAfter, listQuery, readQuery } from './resource';
import { sessionStore } from './session';

const page = { rows: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 } };

/** A cache holding a user's read, a users page, the user's History page and a product list, none stale. */
function filledCache() {
  const client = new QueryClient();
  // Plain keys: the cache is filled with stand-in data, not with each operation's answer.
  const queries: Record<'user' | 'users' | 'history' | 'products', QueryKey> = {
    user: readQuery('getUser', { path: { id: '42' }, query: { include: 'account' } }).queryKey,
    users: listQuery('listUsers', {}).queryKey,
    history: listQuery('listAuditEvents', { query: { 'filter[entityId]': '42' } }).queryKey,
    products: listQuery('listProducts', {}).queryKey,
  };
  client.setQueryData(queries.user, { id: '42', type: 'user' });
  for (const key of [queries.users, queries.history, queries.products]) client.setQueryData(key, page);
  const stale = () => Object.fromEntries(Object.entries(queries).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]));
  return { client, stale };
}

beforeEach(() => {
  sessionStorage.clear();
  sessionStore.signIn({ userId: '1', email: 'admin@demo.test', accessToken: 't', roles: [4], tenantId: 'teller', claim: null, adminTenant: false, expiresAt: Date.now() + 60_000 });
});

describe("a user's or account's change marks the user's History stale (RELATED_TYPES)", () => {
  it('a user saved (updateUser): its read, the users lists and the audit events are read again; other types are not', async () => {
    const { client, stale } = filledCache();
    await invalidateAfter(client, 'updateUser');
    expect(stale()).toEqual({ user: true, users: true, history: true, products: false });
  });

  it('an account status changed (updateAccountStatus): the user it shows on, the users lists and the audit events', async () => {
    const { client, stale } = filledCache();
    await invalidateAfter(client, 'updateAccountStatus');
    expect(stale()).toEqual({ user: true, users: true, history: true, products: false });
  });

  it("the History's entries are those the audit trail's own key marks (src/api/audit)", async () => {
    const { client, stale } = filledCache();
    await client.invalidateQueries({ queryKey: getAuditEventsQueryOptions().queryKey });
    expect(stale()).toEqual({ user: false, users: false, history: true, products: false });
  });
});
