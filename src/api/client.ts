// The one API client: typed by the contract, one place for the credential, the 401 and the error text (docs/architecture.md).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './gateway';
import { CHANGE_CURSOR_HEADER, noteChangeCursor } from './change-cursor';
import { gatewayUrl } from './runtime-config';
import { credentialKey, sessionStore, type Credential } from './session';
import { ApiError, SESSION_EXPIRED_LOGIN, SessionExpiredError, isErrorDocument } from './errors';
import { stepUpRetry } from './step-up';

/** Calls whose 401 is not "session expired": sign-in (wrong credentials) and logout (the session is already over). */
const signInPaths = ['/api/v1/id/token'];

/** A call's choice of credential, read and removed by the credentials middleware: it never goes on the wire. */
const CREDENTIAL_HEADER = 'x-teller-credential';

/** The headers that make a call carry `credential`, e.g. `api.GET(path, { headers: credentialHeaders('own') })`. */
export function credentialHeaders(credential: Credential): Record<string, string> {
  return { [CREDENTIAL_HEADER]: credential };
}

const credentials: Middleware = {
  onRequest({ request }) {
    const credential: Credential = request.headers.get(CREDENTIAL_HEADER) === 'own' ? 'own' : 'tenant';
    request.headers.delete(CREDENTIAL_HEADER);
    for (const [name, value] of Object.entries(sessionStore.authHeaders(credential) ?? {})) request.headers.set(name, value);
    return request;
  },
};

export const onSessionExpired = {
  /** A full load of the login page, so nothing of the old session stays in memory. */
  reload: (url: string) => window.location.assign(url),
  // users-and-wallets §8: a 401 clears storage, stores the login text and reloads.
  handle: () => {
    sessionStore.clear(SESSION_EXPIRED_LOGIN);
    onSessionExpired.reload(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  },
};

const sessionExpiry: Middleware = {
  async onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    // A cookie session's refused CSRF token is its end too: the browser signed in again (as someone else, maybe).
    if ((response.status === 401 || (await isCsrfRefusal(response))) && !signInPaths.some((signIn) => path.endsWith(signIn)) && sessionStore.get().session) {
      onSessionExpired.handle();
      throw new SessionExpiredError();
    }
    return response;
  },
};

async function isCsrfRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response.clone().json().catch(() => null);
  return isErrorDocument(body) && body.errors.some((error) => error.code === 'csrf_refused');
}

/** A live list's change cursor, for where the tab's change stream starts (./change-cursor.ts). */
const changeCursor: Middleware = {
  onResponse({ request, response }) {
    const key = credentialKey(request.headers);
    if (key && response.ok) noteChangeCursor(key, response.headers.get(CHANGE_CURSOR_HEADER));
    return response;
  },
};

/** How a call reaches the gateway: the browser's fetch, or, for the gateway's own render of a first screen
 * (src/entry-server.tsx), the gateway's handling of it in process. */
let send: (request: Request) => Promise<Response> = (request) => fetch(request);

export function sendCallsWith(next: (request: Request) => Promise<Response>): void {
  send = next;
}

export const api = createClient<paths>({
  fetch: (request) => send(request),
  // On the gateway (src/entry-server.tsx) the runtime config names the gateway itself.
  baseUrl: gatewayUrl() || (typeof window === 'undefined' ? 'http://localhost' : window.location.origin),
  querySerializer: { array: { style: 'form', explode: false } },
});
api.use(credentials, sessionExpiry, changeCursor);

/** Resolves the base URL at call time, so runtime config loaded after import still applies. */
api.use({
  onRequest({ request }) {
    const base = gatewayUrl();
    if (!base) return request;
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, base);
    return new Request(target, request);
  },
});
// Last: it keeps each request as sent, to send it again after a step-up (./step-up.ts).
api.use(stepUpRetry((request) => send(request)));

/** Unwraps an openapi-fetch result: the data, or an ApiError carrying the gateway's errors. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    const errors = isErrorDocument(result.error) ? result.error.errors : [];
    throw new ApiError(result.response.status, errors);
  }
  return result.data as T;
}
