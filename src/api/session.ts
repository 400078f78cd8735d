// The signed-in session, kept in sessionStorage so a reload restores it (users-and-wallets §3 "Session storage"), and
// never in localStorage (docs/decisions.md "Sessions and attempt limits"). On the gateway's own origin it holds no
// token at all: the gateway keeps it in an httpOnly cookie, and the tab holds the session's CSRF token (issue 28
// item 4, docs/decisions.md "Token storage in the web app"); a gateway on another origin gives bearer tokens.
import { useSyncExternalStore } from 'react';
import { SESSION_KEYS } from './page-contract';

export interface StaffSession {
  userId: string;
  email: string;
  /** The bearer token, from a gateway on another origin; absent for a cookie session. */
  accessToken?: string | undefined;
  /** A cookie session's CSRF token, sent as X-CSRF-Token with every call; the token itself stays in the cookie. */
  csrfToken?: string | undefined;
  roles: number[];
  /** The tenant the user belongs to. */
  tenantId: string;
  /**
   * Its name and type (the sign-in answer's user.tenantName and tenantType): a tenant made on the Control Panel has no
   * file, and gets its type's menu from them. Optional: a session stored by an older build has neither.
   */
  tenantName?: string;
  tenantType?: string;
  /** The tenant claim of the token (users-and-wallets §6); it does not make the admin tenant. */
  claim: string | null;
  /** The user's tenant is the admin tenant (the sign-in answer's user.adminTenant): Control Panel and tenant selector. */
  adminTenant: boolean;
  expiresAt: number;
}

export interface SelectedTenant {
  id: string;
  name: string;
  type: string;
  /** The tenant's bearer token; absent for a cookie session, whose calls name the tenant in X-Teller-Tenant. */
  accessToken?: string | undefined;
}

/**
 * Whose token a call carries. 'tenant', every call's: the selected tenant's token, else the session's. 'own': the
 * session's own token whichever tenant is selected, for the signed-in user's own profile (the selected tenant's token
 * cannot see a user of the admin tenant) and for the tenant switch (authorised by the session, not a previous tenant).
 */
export type Credential = 'tenant' | 'own';

export interface SessionState {
  session: StaffSession | null;
  tenant: SelectedTenant | null;
}

/** The login session: what the token call answered. */
type LoginSession = Pick<StaffSession, 'accessToken' | 'csrfToken' | 'expiresAt'>;
/** Who signed in. */
type UserInfo = Omit<StaffSession, keyof LoginSession>;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The stored session, restored only when both of its parts are there. */
function readSession(): StaffSession | null {
  const login = read<LoginSession>(SESSION_KEYS.session);
  const user = read<UserInfo>(SESSION_KEYS.user);
  return login && user ? { ...user, ...login } : null;
}

let state: SessionState = { session: readSession(), tenant: read<SelectedTenant>(SESSION_KEYS.tenant) };
/** On the gateway (src/entry-server.tsx) the session of the page being drawn: pages are drawn side by side there. */
let scoped: () => SessionState | undefined = () => undefined;

export function scopeSessions(get: () => SessionState | undefined): void {
  scoped = get;
}
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  get: (): SessionState => scoped() ?? state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(session: StaffSession) {
    const { accessToken, csrfToken, expiresAt, ...user } = session;
    sessionStorage.setItem(SESSION_KEYS.session, JSON.stringify({ accessToken, csrfToken, expiresAt } satisfies LoginSession));
    sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user satisfies UserInfo));
    sessionStorage.removeItem(SESSION_KEYS.tenant);
    sessionStorage.removeItem(SESSION_KEYS.loginMessage);
    publish({ session, tenant: null });
  },
  selectTenant(tenant: SelectedTenant | null) {
    if (tenant) sessionStorage.setItem(SESSION_KEYS.tenant, JSON.stringify(tenant));
    else sessionStorage.removeItem(SESSION_KEYS.tenant);
    publish({ ...state, tenant });
  },
  /** Logout and session expiry both clear the session's storage and local storage (users-and-wallets §4). */
  clear(loginMessage?: string) {
    sessionStorage.clear();
    localStorage.clear();
    if (loginMessage) sessionStorage.setItem(SESSION_KEYS.loginMessage, loginMessage);
    publish({ session: null, tenant: null });
  },
  /** The message the login page shows until it is dismissed or the next sign-in (e.g. the session-expired text). */
  loginMessage(): string | null {
    return sessionStorage.getItem(SESSION_KEYS.loginMessage);
  },
  dismissLoginMessage() {
    sessionStorage.removeItem(SESSION_KEYS.loginMessage);
  },
  /**
   * The one place that decides how a call authenticates (`Credential`): the bearer token of the session or of the
   * selected tenant, or, for a cookie session, its CSRF token and the tenant the call acts in (the browser adds the
   * cookie). Null when signed out.
   */
  authHeaders(credential: Credential = 'tenant'): Record<string, string> | null {
    const { session, tenant } = sessionStore.get();
    if (!session) return null;
    const inTenant = credential === 'tenant' ? tenant : null;
    const token = inTenant ? inTenant.accessToken : session.accessToken;
    if (token) return { authorization: `Bearer ${token}` };
    if (!session.csrfToken) return null;
    return { [CSRF_HEADER]: session.csrfToken, ...(inTenant ? { [TENANT_HEADER]: inTenant.id } : {}) };
  },
  /** Whose data a call with `credential` answers, by the same choice as `bearer`: the tenant of a cached answer. */
  tenantOf(credential: Credential = 'tenant'): string | null {
    const { session, tenant } = sessionStore.get();
    if (credential === 'own') return session?.tenantId ?? null;
    return tenant?.id ?? session?.tenantId ?? null;
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The headers of a cookie session's calls (server/http/cookie-auth.ts). */
export const CSRF_HEADER = 'x-csrf-token';
export const TENANT_HEADER = 'x-teller-tenant';

/**
 * Whose calls a request's headers make (a token, or a cookie session in a tenant): what a list answer's change cursor
 * and the change stream are kept by (./change-cursor.ts). Null for a call that authenticates as no one.
 */
export function credentialKey(headers: Pick<Headers, 'get'>): string | null {
  const authorization = headers.get('authorization');
  if (authorization) return authorization;
  const csrf = headers.get(CSRF_HEADER);
  return csrf ? `cookie ${csrf} ${headers.get(TENANT_HEADER) ?? ''}` : null;
}

/** The key of the calls `credential` makes now (`credentialKey`). */
export function currentCredentialKey(credential: Credential = 'tenant'): string | null {
  const headers = sessionStore.authHeaders(credential);
  return headers ? credentialKey(new Headers(headers)) : null;
}
