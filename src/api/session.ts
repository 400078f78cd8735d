// The signed-in session, kept in sessionStorage so a reload restores it (users-and-wallets §3 "Session storage"), and
// never in localStorage: a token lives as long as its tab (docs/decisions.md "Sessions and attempt limits").
import { useSyncExternalStore } from 'react';
import { SESSION_KEYS } from './page-contract';

export interface StaffSession {
  userId: string;
  email: string;
  accessToken: string;
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
  accessToken: string;
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
type LoginSession = Pick<StaffSession, 'accessToken' | 'expiresAt'>;
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
  return login && user ? { ...user, accessToken: login.accessToken, expiresAt: login.expiresAt } : null;
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
    const { accessToken, expiresAt, ...user } = session;
    sessionStorage.setItem(SESSION_KEYS.session, JSON.stringify({ accessToken, expiresAt } satisfies LoginSession));
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
  /** The one place that decides the token of a call (`Credential`). */
  bearer(credential: Credential = 'tenant'): string | null {
    const { session, tenant } = sessionStore.get();
    if (credential === 'own') return session?.accessToken ?? null;
    return tenant?.accessToken ?? session?.accessToken ?? null;
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
