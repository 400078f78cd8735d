// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { sessionStore } from '../../../api/session';
import { resetPassword } from './reset-password';
import { WEB_CLIENT_ID, signIn } from './sign-in';
import { verifyRecoveryCode } from './verify-recovery-code';

let gateway: FakeGateway;
beforeEach(() => {
  localStorage.clear();
  gateway = new FakeGateway();
  fetchProxy.handle = gateway.handle;
});

describe('sign-in and recovery calls on the wire (users-and-wallets §3, §7)', () => {
  it('[UW-3.01] posts the login payload: data.type token with username, password and clientid', async () => {
    gateway.on('POST', '/api/v1/id/token', () => ({
      body: {
        data: {
          type: 'token',
          id: '2',
          attributes: {
            accessToken: 'session-token',
            expiresIn: 3600,
            user: { id: 2, email: 'partner@demo.test', roles: [4], tenant: 'teller', claim: null },
          },
        },
      },
    }));

    await signIn('partner@demo.test', 'Demo@12345');

    const [call] = gateway.callsTo('POST', '/api/v1/id/token');
    expect(call?.body).toEqual({
      data: { type: 'token', attributes: { username: 'partner@demo.test', password: 'Demo@12345', clientid: WEB_CLIENT_ID } },
    });
    expect(call?.authorization).toBeNull();
    expect(sessionStore.get().session).toMatchObject({ accessToken: 'session-token', userId: '2' });
  });

  it('[UW-3.13] sends the recovery code as recoverycode, with the e-mail it was sent to', async () => {
    gateway.on('POST', '/api/v1/um/account/recovery', () => ({
      body: { data: { type: 'Account', attributes: { resetPasswordToken: 'reset-token' } } },
    }));

    await expect(verifyRecoveryCode('group@demo.test', '482913')).resolves.toBe('reset-token');

    const [call] = gateway.callsTo('POST', '/api/v1/um/account/recovery');
    expect(call?.body).toEqual({ data: { type: 'Account', attributes: { email: 'group@demo.test', recoverycode: '482913' } } });
  });

  it('[UW-7.13] resets with PATCH api/v1/um/account carrying password and resetPasswordToken', async () => {
    gateway.on('PATCH', '/api/v1/um/account', () => ({ body: { meta: { message: 'You have successfully reset your password.' } } }));

    await resetPassword('reset-token', 'Fresh@2026');

    const [call] = gateway.callsTo('PATCH', '/api/v1/um/account');
    expect(call?.body).toEqual({ data: { type: 'Account', attributes: { password: 'Fresh@2026', resetPasswordToken: 'reset-token' } } });
  });
});
