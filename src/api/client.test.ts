import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client keeps the fetch it finds when it is created, so the stub goes in before any import.
const network = vi.hoisted(() => {
  const stub: { answer: (request: Request) => Promise<Response> } = { answer: () => Promise.reject(new TypeError('Failed to fetch')) };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    stub.answer(input instanceof Request ? input : new Request(input, init)),
  );
  return stub;
});

import { api, credentialHeaders, onSessionExpired, unwrap } from './client';
import { SessionExpiredError } from './errors';
import { sessionStore } from './session';

const unauthorized = () =>
  Promise.resolve(
    new Response(JSON.stringify({ errors: [{ status: '401', title: 'Unauthorized', detail: 'The token has expired.' }] }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    }),
  );

beforeEach(() => {
  sessionStorage.clear();
  sessionStore.signIn({
    userId: '1',
    email: 'partner@demo.test',
    accessToken: 'stale-token',
    roles: [4],
    tenantId: 'teller',
    claim: null,
    adminTenant: false,
    expiresAt: Date.now() + 60_000,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('a 401 in the main client', () => {
  it('[UW-8.05] rejects the call with the logged-off text', async () => {
    // jsdom cannot navigate; the reload is observed, not performed.
    const reload = vi.spyOn(onSessionExpired, 'reload').mockImplementation(() => {});
    network.answer = unauthorized;

    const call = api.GET('/api/v1/um/roles');

    await expect(call).rejects.toThrow(SessionExpiredError);
    await expect(call).rejects.toThrow('Session has expired.  You will be logged-off.');
    // [UW-8.04] alongside: storage cleared, the login text stored, the page sent to the login
    expect(sessionStore.get().session).toBeNull();
    expect(sessionStorage.getItem('teller.session')).toBeNull();
    expect(sessionStore.loginMessage()).toBe('Session has expired.  Log-in again.');
    expect(reload).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/));
  });

  it('[UW-8.06] at sign-in is a wrong password, not an expired session', async () => {
    const expired = vi.spyOn(onSessionExpired, 'handle').mockImplementation(() => {});
    network.answer = () =>
      Promise.resolve(
        new Response(JSON.stringify({ errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid username or password.' }] }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      );

    const result = await api.POST('/api/v1/id/token', {
      body: { data: { type: 'token', attributes: { username: 'partner@demo.test', password: 'wrong', clientid: 'teller-web' } } },
    });

    expect(() => unwrap(result)).toThrow('Invalid username or password.');
    expect(expired).not.toHaveBeenCalled();
    expect(sessionStore.get().session).not.toBeNull();
  });
});

describe('the bearer', () => {
  it('[UW-3.16] is the chosen tenant token once a tenant is chosen, else the session token', async () => {
    const seen: (string | null)[] = [];
    network.answer = (request) => {
      seen.push(request.headers.get('authorization'));
      return Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    await api.GET('/api/v1/um/roles');
    sessionStore.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
    await api.GET('/api/v1/um/roles');
    expect(seen).toEqual(['Bearer stale-token', 'Bearer naccug-token']);
  });

  it("is the session's own token for a call that asks for it, whichever tenant is chosen; the ask is not sent", async () => {
    const seen: [string | null, boolean][] = [];
    network.answer = (request) => {
      seen.push([request.headers.get('authorization'), [...request.headers.keys()].some((name) => name.startsWith('x-teller'))]);
      return Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    sessionStore.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
    await api.GET('/api/v1/um/roles', { headers: credentialHeaders('own') });
    await api.GET('/api/v1/um/roles', { headers: credentialHeaders('tenant') });
    expect(seen).toEqual([
      ['Bearer stale-token', false],
      ['Bearer naccug-token', false],
    ]);
  });
});

describe('a cookie session (issue 28 item 4)', () => {
  const cookieSession = { userId: '1', email: 'super@demo.test', csrfToken: 'csrf-1', roles: [4], tenantId: 'dssc', claim: 'dssc', adminTenant: true, expiresAt: Date.now() + 60_000 };

  it('[issue 28] sends no Authorization header: the CSRF token, and the chosen tenant by name', async () => {
    sessionStore.signIn(cookieSession);
    const seen: Record<string, string | null>[] = [];
    network.answer = (request) => {
      seen.push({ authorization: request.headers.get('authorization'), csrf: request.headers.get('x-csrf-token'), tenant: request.headers.get('x-teller-tenant') });
      return Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    await api.GET('/api/v1/um/roles');
    sessionStore.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet' });
    await api.GET('/api/v1/um/roles');
    await api.GET('/api/v1/um/roles', { headers: credentialHeaders('own') });
    expect(seen).toEqual([
      { authorization: null, csrf: 'csrf-1', tenant: null },
      { authorization: null, csrf: 'csrf-1', tenant: 'naccug' },
      { authorization: null, csrf: 'csrf-1', tenant: null },
    ]);
  });

  it('[issue 28] a refused CSRF token ends the tab’s session as a 401 does (the browser signed in again elsewhere)', async () => {
    sessionStore.signIn(cookieSession);
    const reload = vi.spyOn(onSessionExpired, 'reload').mockImplementation(() => {});
    network.answer = () =>
      Promise.resolve(
        new Response(JSON.stringify({ errors: [{ status: '403', title: 'Request refused', code: 'csrf_refused' }] }), { status: 403, headers: { 'content-type': 'application/json' } }),
      );
    await expect(api.GET('/api/v1/um/roles')).rejects.toThrow(SessionExpiredError);
    expect(sessionStore.get().session).toBeNull();
    expect(reload).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/));
  });

  it('[issue 28] another 403 is the action’s refusal, not the session’s end', async () => {
    sessionStore.signIn(cookieSession);
    const expired = vi.spyOn(onSessionExpired, 'handle').mockImplementation(() => {});
    network.answer = () =>
      Promise.resolve(new Response(JSON.stringify({ errors: [{ status: '403', title: 'Forbidden', code: 'not_top_admin' }] }), { status: 403, headers: { 'content-type': 'application/json' } }));
    const result = await api.GET('/api/v1/um/roles');
    expect(result.response.status).toBe(403);
    expect(expired).not.toHaveBeenCalled();
  });
});

