import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The client keeps the fetch it finds when it is created, so the stub goes in before any import.
const network = vi.hoisted(() => {
  const requests: { path: string; bearer: string | null }[] = [];
  const rows: Record<string, unknown[]> = {
    '/api/v1/um/roles': [{ type: 'role', id: '4', attributes: { value: 4, name: 'Admin' } }],
    '/api/v1/um/groups': [{ type: 'group', id: '18', attributes: { value: 18, name: 'Banjul Branch' } }],
    '/api/v1/um/status': [{ type: 'status', id: '1', attributes: { value: 1, name: 'Active' } }],
    '/api/v1/um/countries': [{ type: 'country', id: 'GM', attributes: { iso: 'GM', name: 'Gambia', nationality: 'Gambian' } }],
    '/api/v1/tx/transactiontypes': [{ type: 'transactiontype', id: '1', attributes: { code: 1, name: 'Top Up' } }],
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    requests.push({ path, bearer: request.headers.get('authorization') });
    const data = rows[path];
    return data
      ? Promise.resolve(new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } }))
      : Promise.reject(new TypeError('Failed to fetch'));
  });
  return { requests };
});

import { sessionStore } from '../api/session';
import { getTenant, loadTenants } from '../config';
// The screens' own paths: a prefetched list must be the very entry they read.
import { referenceListQuery } from '../api/reference-lists';
import { prefetchReferenceLists } from './reference-lists';

const paths = {
  roles: '/api/v1/um/roles',
  groups: '/api/v1/um/groups',
  statuses: '/api/v1/um/status',
  countries: '/api/v1/um/countries',
  transactionTypes: '/api/v1/tx/transactiontypes',
};

async function prefetchFor(tenantId: string) {
  const tenant = getTenant(tenantId);
  if (!tenant) throw new Error(`tenants/${tenantId}.json is a demo tenant`);
  const queryClient = new QueryClient();
  await prefetchReferenceLists(queryClient, tenant);
  return { queryClient, requested: network.requests.map((request) => request.path) };
}

beforeEach(() => {
  network.requests.length = 0;
  sessionStorage.clear();
  sessionStore.signIn({ userId: '3', email: 'group@demo.test', accessToken: 'group-token', roles: [16], tenantId: 'naccug', claim: null, adminTenant: false, expiresAt: Date.now() + 60_000 });
});

describe('reference lists after login (users-and-wallets §3, identity-and-catalogue §4)', () => {
  // reliance and xdigital have no tenant file in the demo world; a tenant file listing the same lists loads the same.
  it.each(['teller', 'naccug', 'ss-gmb', 'nordic'])(
    '[UW-3.17] %s loads roles, groups, statuses and countries into the entries the screens read',
    async (tenantId) => {
      const { queryClient, requested } = await prefetchFor(tenantId);

      expect(requested).toEqual(expect.arrayContaining([paths.roles, paths.groups, paths.statuses, paths.countries]));
      expect(queryClient.getQueryData(referenceListQuery('listRoles').queryKey)).toEqual([{ id: '4', value: 4, name: 'Admin' }]);
      expect(queryClient.getQueryData(referenceListQuery('listGroups').queryKey)).toEqual([{ id: '18', value: 18, name: 'Banjul Branch' }]);
      expect(queryClient.getQueryData(referenceListQuery('listStatuses').queryKey)).toEqual([{ id: '1', value: 1, name: 'Active' }]);
      expect(queryClient.getQueryData(referenceListQuery('listCountries').queryKey)).toEqual([
        { id: 'GM', iso: 'GM', name: 'Gambia', nationality: 'Gambian' },
      ]);
    },
  );

  const walletTenants = loadTenants().filter((tenant) => tenant.type === 'wallet');

  it('[UW-3.18] the demo world has wallet-type tenants beyond those of UW-3.17', () => {
    expect(walletTenants.map((tenant) => tenant.id)).toEqual(expect.arrayContaining(['guulpay', 'smfi']));
  });

  it.each(walletTenants.map((tenant) => tenant.id))('[UW-3.18] wallet-type tenant %s loads roles and transaction types', async (tenantId) => {
    const { queryClient, requested } = await prefetchFor(tenantId);

    expect(requested).toEqual(expect.arrayContaining([paths.roles, paths.transactionTypes]));
    expect(queryClient.getQueryData(referenceListQuery('listRoles').queryKey)).toHaveLength(1);
    expect(queryClient.getQueryData(referenceListQuery('listTransactionTypes').queryKey)).toEqual([{ id: '1', code: 1, name: 'Top Up' }]);
  });

  it('[UW-3.17] a tenant outside both lists loads none, and a list still fresh in the cache is not asked for again', async () => {
    expect((await prefetchFor('amal')).requested).toEqual([]);

    const naccug = getTenant('naccug');
    if (!naccug) throw new Error('naccug is a demo tenant');
    const queryClient = new QueryClient();
    await prefetchReferenceLists(queryClient, naccug);
    const first = network.requests.length;
    await prefetchReferenceLists(queryClient, naccug);
    expect(network.requests.length).toBe(first);
  });

  it('[UW-3.17] lists load with the bearer in use: the chosen tenant token after a switch', async () => {
    sessionStore.selectTenant({ id: 'ss-gmb', name: 'SS GMB', type: 'wallet', accessToken: 'ss-gmb-token' });
    await prefetchFor('ss-gmb');
    expect(new Set(network.requests.map((request) => request.bearer))).toEqual(new Set(['Bearer ss-gmb-token']));
  });
});
