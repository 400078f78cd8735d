import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, getDefaultNormalizer, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client keeps the fetch it finds when it is created, so the stub goes in before any import.
const network = vi.hoisted(() => {
  const routes: Record<string, (request: Request) => Promise<Response>> = {};
  const requests: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const route = `${request.method} ${new URL(request.url).pathname}`;
    requests.push(route);
    const answer = routes[route];
    return answer ? answer(request) : Promise.reject(new TypeError('Failed to fetch'));
  });
  return { routes, requests };
});

import { api } from '../api/client';
import { sessionStore } from '../api/session';
import { referenceListQuery } from '../api/reference-lists';
import { Toaster } from '../render/Toaster';
import { useTenantSwitch } from './TenantSelector';
import type { TenantChoice } from './tenant-switch';

const NO_RESPONSE_TEXT = 'There was an error loggin in the client.  Please Try Again later.';
// The spec's text has two spaces; the default matcher would collapse them and so could not tell a wrong text.
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const naccug: TenantChoice = { id: 'naccug', name: 'NACCUG', type: 'wallet', clientId: 'naccug-client', grantType: 'delegation', scope: 'openid um' };

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const tokenAnswer = () => json(200, { access_token: 'naccug-token', token_type: 'Bearer', expires_in: 3600 });
const channelsAnswer = () => json(200, { data: [{ type: 'channel', id: '1', attributes: { code: 'BANK', name: 'Bank transfer' } }] });
const noResponse = () => Promise.reject(new TypeError('Failed to fetch'));

function SwitchButton({ choice }: { choice: TenantChoice }) {
  const { select } = useTenantSwitch();
  return <button onClick={() => void select(choice)}>Switch to {choice.name}</button>;
}

function Landed() {
  return (
    <>
      <p>Landed</p>
      <p data-testid="landed-path">{useLocation().pathname}</p>
    </>
  );
}

function renderSwitch(choice: TenantChoice = naccug) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Toaster />
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<SwitchButton choice={choice} />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

async function switchTenant() {
  await userEvent.click(screen.getByRole('button', { name: 'Switch to NACCUG' }));
}

beforeEach(() => {
  sessionStorage.clear();
  network.requests.length = 0;
  for (const key of Object.keys(network.routes)) delete network.routes[key];
  sessionStore.signIn({ userId: '1', email: 'super@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'dssc', claim: 'dssc', adminTenant: true, expiresAt: Date.now() + 60_000 });
});
afterEach(() => act(() => notifications.clean()));

describe('tenant switch failures (users-and-wallets §8)', () => {
  it('[UW-8.07] a switch with no server response shows the client-login text and keeps the tenant', async () => {
    network.routes['POST /connect/token'] = noResponse;
    renderSwitch();
    await switchTenant();

    expect(await screen.findByText(NO_RESPONSE_TEXT, asWritten)).toBeVisible();
    expect(sessionStore.get().tenant).toBeNull();
    expect(screen.queryByText('Landed')).toBeNull();
  });

  it('[UW-8.07] a switch answered without an errors object shows the same text', async () => {
    network.routes['POST /connect/token'] = () => Promise.resolve(new Response('Bad Gateway', { status: 502 }));
    renderSwitch();
    await switchTenant();

    expect(await screen.findByText(NO_RESPONSE_TEXT, asWritten)).toBeVisible();
  });

  it('[UW-8.09] a switch the server refuses shows the message of its errors object', async () => {
    network.routes['POST /connect/token'] = () =>
      json(403, { errors: [{ status: '403', title: 'Forbidden', detail: 'You may not sign in to this tenant.' }] });
    renderSwitch();
    await switchTenant();

    expect(await screen.findByText('You may not sign in to this tenant.')).toBeVisible();
    expect(screen.queryByText(NO_RESPONSE_TEXT, asWritten)).toBeNull();
    expect(sessionStore.get().tenant).toBeNull();
  });

  it('[UW-8.08] a channel load with no response shows the client-login text; the switch itself stands', async () => {
    network.routes['POST /connect/token'] = tokenAnswer;
    network.routes['GET /api/v1/channel'] = noResponse;
    renderSwitch();
    await switchTenant();

    expect(await screen.findByText(NO_RESPONSE_TEXT, asWritten)).toBeVisible();
    expect(sessionStore.get().tenant).toMatchObject({ id: 'naccug', accessToken: 'naccug-token' });
    expect(await screen.findByText('Landed')).toBeVisible();
  });

  it('[UW-8.09] a channel load the server refuses shows the message of its errors object', async () => {
    network.routes['POST /connect/token'] = tokenAnswer;
    network.routes['GET /api/v1/channel'] = () =>
      json(403, { errors: [{ status: '403', title: 'Forbidden', detail: 'This tenant has no payout channels.' }] });
    renderSwitch();
    await switchTenant();

    expect(await screen.findByText('This tenant has no payout channels.')).toBeVisible();
    expect(screen.queryByText(NO_RESPONSE_TEXT, asWritten)).toBeNull();
  });

  it('loads the payout channels with the new tenant token once the switch succeeds, and shows no error', async () => {
    let channelBearer: string | null = null;
    network.routes['POST /connect/token'] = tokenAnswer;
    network.routes['GET /api/v1/channel'] = (request) => {
      channelBearer = request.headers.get('authorization');
      return channelsAnswer();
    };
    const queryClient = renderSwitch();
    await switchTenant();

    expect(await screen.findByText('Landed')).toBeVisible();
    // As long as findBy waits (src/test/setup.ts), not vi.waitFor's 1 s: the refetch renders first on a busy machine.
    await vi.waitFor(() => expect(queryClient.getQueryData(referenceListQuery('listChannels').queryKey)).toEqual([{ id: '1', code: 'BANK', name: 'Bank transfer' }]));
    expect(channelBearer).toBe('Bearer naccug-token');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('[IC-4.09] the switched tenant\'s own token', () => {
  it('carries every later call: the switch asks with the session token, the calls after it with the tenant\'s', async () => {
    const bearers: Record<string, Array<string | null>> = { token: [], statistics: [] };
    network.routes['POST /connect/token'] = (request) => {
      bearers.token?.push(request.headers.get('authorization'));
      return tokenAnswer();
    };
    network.routes['GET /api/v1/channel'] = channelsAnswer;
    network.routes['GET /api/v1/um/statistics'] = (request) => {
      bearers.statistics?.push(request.headers.get('authorization'));
      return json(200, { data: { type: 'statistics', id: 'naccug', attributes: {} } });
    };
    renderSwitch();
    await switchTenant();
    expect(await screen.findByText('Landed')).toBeVisible();
    expect(bearers.token).toEqual(['Bearer session-token']);

    await api.GET('/api/v1/um/statistics');
    await api.GET('/api/v1/um/statistics');
    expect(bearers.statistics).toEqual(['Bearer naccug-token', 'Bearer naccug-token']);
  });
});

describe('a tenant made on the Control Panel (no tenants/<id>.json; identity-and-catalogue §1, IC-5.04)', () => {
  const kombo: TenantChoice = { id: 'kombo-savings', name: 'Kombo Savings', type: 'wallet', clientId: 'a2Fib21ib2tvbWJv', grantType: 'delegation', scope: '' };

  it('[IC-5.04] asks connect/token for no scope when the tenant lists none, and lands on the first item of its type\'s menu', async () => {
    let form: URLSearchParams | undefined;
    network.routes['POST /connect/token'] = async (request) => {
      form = new URLSearchParams(await request.text());
      return tokenAnswer();
    };
    network.routes['GET /api/v1/channel'] = channelsAnswer;
    renderSwitch(kombo);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Kombo Savings' }));

    expect(await screen.findByText('Landed')).toBeVisible();
    expect(screen.getByTestId('landed-path')).toHaveTextContent('/dashboard');
    expect(form && Object.fromEntries(form)).toEqual({ client_id: 'a2Fib21ib2tvbWJv', grant_type: 'delegation' });
    expect(sessionStore.get().tenant).toMatchObject({ id: 'kombo-savings', name: 'Kombo Savings', type: 'wallet' });
  });
});
