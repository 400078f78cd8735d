import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from './session';

const superAdmin: StaffSession = {
  userId: '2',
  email: 'super@demo.test',
  accessToken: 'session-token',
  roles: [4],
  tenantId: 'dssc',
  claim: 'dssc',
  adminTenant: true,
  expiresAt: 1_900_000_000_000,
};

/** A fresh copy of the store, as a reload of the page reads it from storage. */
async function reloadedStore() {
  vi.resetModules();
  return (await import('./session')).sessionStore;
}

beforeEach(() => sessionStorage.clear());

describe('session storage', () => {
  it('[UW-3.16] keeps the login session, the user info and the chosen tenant token, and a reload restores them', async () => {
    const store = await reloadedStore();
    store.signIn(superAdmin);
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });

    expect(JSON.parse(sessionStorage.getItem('teller.session') ?? 'null')).toEqual({ accessToken: 'session-token', expiresAt: superAdmin.expiresAt });
    expect(JSON.parse(sessionStorage.getItem('teller.user') ?? 'null')).toEqual({
      userId: '2',
      email: 'super@demo.test',
      roles: [4],
      tenantId: 'dssc',
      claim: 'dssc',
      adminTenant: true,
    });
    expect(JSON.parse(sessionStorage.getItem('teller.tenant') ?? 'null')).toMatchObject({ id: 'naccug', accessToken: 'naccug-token' });
    // docs/decisions.md "Sessions and attempt limits": no token in localStorage, where every tab and a later visit see it.
    expect(localStorage.length).toBe(0);

    const restored = await reloadedStore();
    expect(restored.get()).toEqual({
      session: superAdmin,
      tenant: { id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' },
    });
    expect(restored.authHeaders()).toEqual({ authorization: 'Bearer naccug-token' });
  });

  it('[UW-3.16] restores no session when a part is missing', async () => {
    (await reloadedStore()).signIn(superAdmin);
    sessionStorage.removeItem('teller.user');
    expect((await reloadedStore()).get().session).toBeNull();
  });

  it('[UW-4.57] logout clears all three', async () => {
    const store = await reloadedStore();
    store.signIn(superAdmin);
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
    localStorage.setItem('teller.session', 'left by an older version');
    store.clear();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(store.get()).toEqual({ session: null, tenant: null });
  });
});

describe('a cookie session (issue 28 item 4)', () => {
  const { accessToken: _token, ...user } = superAdmin;
  const cookieSession: StaffSession = { ...user, csrfToken: 'csrf-of-the-session' };

  it('[issue 28] keeps no token in storage, only the CSRF token, and a reload restores it', async () => {
    const store = await reloadedStore();
    store.signIn(cookieSession);
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet' });
    const stored = Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '').join(' ');
    expect(stored).not.toContain('Token":"ey');
    expect(JSON.parse(sessionStorage.getItem('teller.session') ?? 'null')).toEqual({ csrfToken: 'csrf-of-the-session', expiresAt: superAdmin.expiresAt });
    expect((await reloadedStore()).get().session).toEqual(cookieSession);
  });

  it('[issue 28] a call carries the CSRF token, and in the chosen tenant names it; the own credential names none', async () => {
    const store = await reloadedStore();
    store.signIn(cookieSession);
    expect(store.authHeaders()).toEqual({ 'x-csrf-token': 'csrf-of-the-session' });
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet' });
    expect(store.authHeaders()).toEqual({ 'x-csrf-token': 'csrf-of-the-session', 'x-teller-tenant': 'naccug' });
    expect(store.authHeaders('own')).toEqual({ 'x-csrf-token': 'csrf-of-the-session' });
    store.clear();
    expect(store.authHeaders()).toBeNull();
  });

  it('[issue 28] a bearer session carries its token, the chosen tenant’s when there is one', async () => {
    const store = await reloadedStore();
    store.signIn(superAdmin);
    expect(store.authHeaders()).toEqual({ authorization: 'Bearer session-token' });
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
    expect(store.authHeaders()).toEqual({ authorization: 'Bearer naccug-token' });
    expect(store.authHeaders('own')).toEqual({ authorization: 'Bearer session-token' });
  });
});
