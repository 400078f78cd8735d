import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from './session';

const superAdmin: StaffSession = {
  userId: '2',
  email: 'super@demo.test',
  accessToken: 'session-token',
  roles: [4],
  tenantId: 'dssc',
  claim: 'dssc',
  expiresAt: 1_900_000_000_000,
};

/** A fresh copy of the store, as a reload of the page reads it from storage. */
async function reloadedStore() {
  vi.resetModules();
  return (await import('./session')).sessionStore;
}

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('[UW-3.16] keeps the login session, the user info and the chosen tenant token, and a reload restores them', async () => {
    const store = await reloadedStore();
    store.signIn(superAdmin);
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });

    expect(JSON.parse(localStorage.getItem('teller.session') ?? 'null')).toEqual({ accessToken: 'session-token', expiresAt: superAdmin.expiresAt });
    expect(JSON.parse(localStorage.getItem('teller.user') ?? 'null')).toEqual({
      userId: '2',
      email: 'super@demo.test',
      roles: [4],
      tenantId: 'dssc',
      claim: 'dssc',
    });
    expect(JSON.parse(localStorage.getItem('teller.tenant') ?? 'null')).toMatchObject({ id: 'naccug', accessToken: 'naccug-token' });

    const restored = await reloadedStore();
    expect(restored.get()).toEqual({
      session: superAdmin,
      tenant: { id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' },
    });
    expect(restored.bearer()).toBe('naccug-token');
  });

  it('[UW-3.16] restores no session when a part is missing', async () => {
    (await reloadedStore()).signIn(superAdmin);
    localStorage.removeItem('teller.user');
    expect((await reloadedStore()).get().session).toBeNull();
  });

  it('[UW-4.57] logout clears all three', async () => {
    const store = await reloadedStore();
    store.signIn(superAdmin);
    store.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
    store.clear();
    expect(localStorage.length).toBe(0);
    expect(store.get()).toEqual({ session: null, tenant: null });
  });
});
