// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGateway } from '../api/test-support/fake-gateway';
import { sessionStore } from '../api/session';
import { getTenant } from '../config';
import { Shell } from './Shell';
import { useTenantSwitch } from './TenantSelector';
import type { TenantChoice } from './tenant-switch';

const list = (type: string, rows: Record<string, unknown>[]) => ({
  body: { data: rows.map(({ id, ...attributes }) => ({ type, id: String(id), attributes })) },
});

function choiceOf(id: string): TenantChoice {
  const tenant = getTenant(id);
  if (!tenant) throw new Error(`tenants/${id}.json is a demo tenant`);
  return { id, name: tenant.name, type: tenant.type, clientId: tenant.clientId, grantType: tenant.grantType, scope: tenant.scope };
}

function SwitchTo({ tenantId }: { tenantId: string }) {
  const { select } = useTenantSwitch();
  return <button onClick={() => void select(choiceOf(tenantId), '/')}>Switch to {tenantId}</button>;
}

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/id/tenant/tenantselections', () => ({ body: { data: [] } }))
    .on('POST', '/connect/token', () => ({ body: { access_token: 'teller-token', token_type: 'Bearer', expires_in: 3600 } }))
    .on('GET', '/api/v1/channel', () => list('channel', []))
    .on('GET', '/api/v1/um/roles', () => list('role', [{ id: 4, value: 4, name: 'Partner Admin' }]))
    .on('GET', '/api/v1/um/groups', () => list('group', [{ id: 18, value: 18, name: 'Westfield Branch' }]))
    .on('GET', '/api/v1/um/status', () => list('status', [{ id: 1, value: 1, name: 'Active' }]))
    .on('GET', '/api/v1/um/countries', () => list('country', [{ id: 'GM', iso: 'GM', name: 'Gambia', nationality: 'Gambian' }]))
    .on('GET', '/api/v1/tx/transactiontypes', () => list('transactiontype', [{ id: 1, code: 1, name: 'Top Up' }]));
  fetchProxy.handle = gateway.handle;
  sessionStore.signIn({ userId: '1', email: 'super@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'dssc', claim: 'dssc', adminTenant: true, expiresAt: Date.now() + 60_000 });
});

describe('a tenant switch (users-and-wallets §7)', () => {
  it('[UW-7.11] into the wallet client also loads wallet types, groups, status and roles, with the new token', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/']}>
            <Shell>
              <SwitchTo tenantId="teller" />
            </Shell>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const referenceCalls = () =>
      gateway.calls.filter((call) => /\/(um\/(roles|groups|status)|tx\/transactiontypes)$/.test(call.path));
    // The admin tenant loads none of them before the switch.
    expect(referenceCalls()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Switch to teller' }));

    // As long as findBy waits (src/test/setup.ts), not vi.waitFor's 1 s: the lists load after a render on a busy machine.
    await vi.waitFor(
      () =>
        expect(new Set(referenceCalls().map((call) => call.path))).toEqual(
          new Set(['/api/v1/tx/transactiontypes', '/api/v1/um/groups', '/api/v1/um/status', '/api/v1/um/roles']),
        ),
      { timeout: 15_000 },
    );
    expect(new Set(referenceCalls().map((call) => call.authorization))).toEqual(new Set(['Bearer teller-token']));
    expect(gateway.callsTo('POST', '/connect/token')).toHaveLength(1);
  });
});
