// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { sessionStore } from '../../../api/session';
import { logOut } from './log-out';
import { WEB_CLIENT_ID, signIn } from './sign-in';

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway();
  fetchProxy.handle = gateway.handle;
});

/** The gateway answers the sign-in with a session for `user`. */
function answerSignIn(user: { id: number; email: string; roles: number[]; tenant: string; tenantName: string; tenantType: string; claim: string | null; adminTenant: boolean }) {
  gateway.on('POST', '/api/v1/id/token', () => ({
    body: { data: { type: 'token', id: String(user.id), attributes: { accessToken: 'session-token', expiresIn: 3600, user } } },
  }));
}

describe('sign-in calls on the wire (users-and-wallets §3, §7)', () => {
  it('[UW-3.01] posts the login payload: data.type token with username, password and clientid', async () => {
    answerSignIn({ id: 2, email: 'partner@demo.test', roles: [4], tenant: 'teller', tenantName: 'Teller Wallet', tenantType: 'wallet', claim: null, adminTenant: false });

    await signIn('partner@demo.test', 'Demo@12345');

    const [call] = gateway.callsTo('POST', '/api/v1/id/token');
    expect(call?.body).toEqual({
      data: { type: 'token', attributes: { username: 'partner@demo.test', password: 'Demo@12345', clientid: WEB_CLIENT_ID } },
    });
    expect(call?.authorization).toBeNull();
    expect(sessionStore.get().session).toMatchObject({ accessToken: 'session-token', userId: '2' });
  });

  it('[IC-5.04] keeps the home tenant\'s name and type of the sign-in answer in the session, for a tenant without a file', async () => {
    answerSignIn({ id: 7, email: 'awa@kombo.test', roles: [4], tenant: 'kombo-savings', tenantName: 'Kombo Savings', tenantType: 'wallet', claim: null, adminTenant: false });

    await signIn('awa@kombo.test', 'Demo@12345');

    expect(sessionStore.get().session).toMatchObject({ tenantId: 'kombo-savings', tenantName: 'Kombo Savings', tenantType: 'wallet' });
  });
});

describe('Logout on the wire (users-and-wallets §4)', () => {
  function signedInWithTenant() {
    sessionStore.signIn({ userId: '1', email: 'super@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'dssc', claim: 'dssc', adminTenant: true, expiresAt: Date.now() + 60_000 });
    sessionStore.selectTenant({ id: 'naccug', name: 'NACCUG', type: 'wallet', accessToken: 'naccug-token' });
  }

  it('[UW-4.57] ends the session on the gateway with the session’s own token, then clears storage', async () => {
    gateway.on('DELETE', '/api/v1/id/token', () => ({ status: 204 }));
    signedInWithTenant();

    await logOut();

    const [call] = gateway.callsTo('DELETE', '/api/v1/id/token');
    expect(call?.authorization).toBe('Bearer session-token');
    expect(sessionStore.get()).toEqual({ session: null, tenant: null });
    expect(sessionStorage.length).toBe(0);
  });

  it('[UW-4.57] clears storage whatever the gateway answers, without the session-expired text', async () => {
    for (const reply of [{ status: 401, body: { errors: [{ status: '401', title: 'Session has expired' }] } }, { status: 500, body: {} }]) {
      gateway.on('DELETE', '/api/v1/id/token', () => reply);
      signedInWithTenant();
      await logOut();
      expect(sessionStore.get().session).toBeNull();
      expect(sessionStore.loginMessage()).toBeNull();
    }
    gateway.on('DELETE', '/api/v1/id/token', () => Promise.reject(new TypeError('Failed to fetch')));
    signedInWithTenant();
    await logOut();
    expect(sessionStore.get().session).toBeNull();
  });
});
