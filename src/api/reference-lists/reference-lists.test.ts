import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { listQuery, resourceTypeKey } from '../resource';
import { sessionStore } from '../session';
import { referenceListQuery } from '.';

beforeEach(() => {
  sessionStorage.clear();
  sessionStore.signIn({ userId: '3', email: 'group@demo.test', accessToken: 't', roles: [16], tenantId: 'naccug', claim: null, adminTenant: false, expiresAt: Date.now() + 60_000 });
});

describe('a reference list in the cache (users-and-wallets §3)', () => {
  it("[UW-3.17] is one entry per list and tenant whose token asks: a switch reads the new tenant's list", () => {
    const before = referenceListQuery('listGroups').queryKey;
    expect(referenceListQuery('listGroups').queryKey).toEqual(before);
    sessionStore.selectTenant({ id: 'ss-gmb', name: 'SS GMB', type: 'wallet', accessToken: 'ss-gmb-token' });
    expect(referenceListQuery('listGroups').queryKey).not.toEqual(before);
  });

  it("is kept apart from the operation's page, whose answer is shaped otherwise, and marked stale with its type", async () => {
    const client = new QueryClient();
    client.setQueryData(referenceListQuery('listRoles').queryKey, [{ id: '4', value: 4, name: 'Admin' }]);
    expect(client.getQueryData(listQuery('listRoles', {}).queryKey)).toBeUndefined();

    await client.invalidateQueries({ queryKey: resourceTypeKey('role') });
    expect(client.getQueryState(referenceListQuery('listRoles').queryKey)?.isInvalidated).toBe(true);
  });
});
