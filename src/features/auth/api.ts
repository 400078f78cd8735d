// Sign-in and password recovery calls (users-and-wallets §7).
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { sessionStore, type StaffSession } from '../../api/session';

/** The demo world's web client (the gateway refuses unknown client ids). */
export const WEB_CLIENT_ID = 'teller-web';

export async function signIn(username: string, password: string): Promise<StaffSession> {
  const document = unwrap(
    await api.POST('/api/v1/id/token', {
      body: { data: { type: 'token', attributes: { username, password, clientid: WEB_CLIENT_ID } } },
    }),
  );
  const { attributes } = document.data;
  const session: StaffSession = {
    userId: String(attributes.user.id),
    email: attributes.user.email,
    accessToken: attributes.accessToken,
    roles: attributes.user.roles,
    tenantId: attributes.user.tenant,
    claim: attributes.user.claim ?? null,
    expiresAt: Date.now() + attributes.expiresIn * 1000,
  };
  sessionStore.signIn(session);
  return session;
}

export type ResetRequestOutcome = 'recoveryCode' | 'emailSent';

/** users-and-wallets §4: a 300 answer means the account continues with a recovery code. */
export async function requestPasswordReset(email: string): Promise<ResetRequestOutcome> {
  const result = await api.POST('/api/v1/um/account', {
    body: { data: { type: 'Account', attributes: { email } } },
  });
  if (result.response.status === 300) return 'recoveryCode';
  unwrap(result);
  return 'emailSent';
}

export async function verifyRecoveryCode(email: string, recoverycode: string): Promise<string> {
  const document = unwrap(
    await api.POST('/api/v1/um/account/recovery', {
      body: { data: { type: 'Account', attributes: { email, recoverycode } } },
    }),
  );
  return document.data.attributes.resetPasswordToken;
}

export async function resetPassword(resetPasswordToken: string, password: string): Promise<void> {
  unwrap(
    await api.PATCH('/api/v1/um/account', {
      body: { data: { type: 'Account', attributes: { password, resetPasswordToken } } },
    }),
  );
}

export { ApiError };
