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
    expect(restored.bearer()).toBe('naccug-token');
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
