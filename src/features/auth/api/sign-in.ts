// Kept beside the resource layer: the answer becomes the stored session, its 401 is wrong credentials (not an expired
// session), and the login chunk stays free of the layer (scripts/check-login-size.ts).
// POST api/v1/id/token (createToken): staff sign-in; the answer becomes the stored session (users-and-wallets §3, §7),
// or, for a user with a second factor, the challenge the factor step answers (issue 28, completeSignInFactor).
import { api, unwrap } from '../../../api/client';
import { gatewayIsOwnOrigin } from '../../../api/runtime-config';
import type { components } from '../../../api/gateway';
import { sessionStore, type StaffSession } from '../../../api/session';

/** The demo world's web client (the gateway refuses unknown client ids). */
export const WEB_CLIENT_ID = 'teller-web';

/** The session answer: with its bearer token, or, for a cookie session, with its CSRF token instead. */
type TokenAttributes = components['schemas']['TokenDocument']['data']['attributes'] | components['schemas']['CookieSessionDocument']['data']['attributes'];
type FactorProof = Omit<components['schemas']['SecondFactorStepRequest']['data']['attributes'], 'pendingToken'>;
/** What the sign-in still owes after the password: `verify` a factor, or `enrol` one first. */
export type FactorChallenge = components['schemas']['SecondFactorChallengeDocument']['data']['attributes'];

export type SignInOutcome = { kind: 'signed-in'; session: StaffSession } | { kind: 'factor'; challenge: FactorChallenge };

export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  const document = unwrap(
    await api.POST('/api/v1/id/token', {
      body: { data: { type: 'token', attributes: { username, password, clientid: WEB_CLIENT_ID } } },
      headers: sessionModeHeaders(),
    }),
  );
  const { attributes } = document.data;
  if ('pendingToken' in attributes) return { kind: 'factor', challenge: attributes };
  return { kind: 'signed-in', session: storeSession(attributes) };
}

/** What the factor step answered: signed in; `keep` stores the session (which leaves the login page) when it is not
 * stored yet, i.e. when recovery codes came with it and must be shown first. */
export type FactorOutcome = { kind: 'signed-in'; recoveryCodes?: string[] | undefined; keep: () => void };

/** POST api/v1/id/token/second-factor (completeSignInFactor): the pending sign-in's proof; the answer is the session. */
export async function completeSignInFactor(pendingToken: string, proof: FactorProof): Promise<FactorOutcome> {
  const document = unwrap(
    await api.POST('/api/v1/id/token/second-factor', { body: { data: { type: 'secondfactor', attributes: { pendingToken, ...proof } } }, headers: sessionModeHeaders() }),
  );
  const { attributes } = document.data;
  const recoveryCodes = attributes.recoveryCodes ?? undefined;
  const keep = () => void storeSession(attributes);
  // Stored now, the session would send the login page away (PublicOnly) before the codes are shown.
  if (recoveryCodes && recoveryCodes.length > 0) return { kind: 'signed-in', recoveryCodes, keep };
  keep();
  return { kind: 'signed-in', keep: () => undefined };
}

/** POST api/v1/id/token/second-factor/passkey-options (signInPasskeyOptions): navigator.credentials.get's options. */
export async function signInPasskeyOptions(pendingToken: string) {
  return unwrap(await api.POST('/api/v1/id/token/second-factor/passkey-options', { body: { data: { type: 'pendingsignin', attributes: { pendingToken } } } })).data.attributes;
}

/** POST api/v1/id/token/second-factor/totp (beginSignInTotpEnrolment): the new authenticator-app secret. */
export async function beginSignInTotpEnrolment(pendingToken: string) {
  return unwrap(await api.POST('/api/v1/id/token/second-factor/totp', { body: { data: { type: 'pendingsignin', attributes: { pendingToken } } } })).data.attributes;
}

/** On the gateway's own origin the session is its httpOnly cookie alone (the contract's `cookieAuth`). */
function sessionModeHeaders(): Record<string, string> {
  return gatewayIsOwnOrigin() ? { 'teller-session': 'cookie' } : {};
}

function storeSession(attributes: TokenAttributes): StaffSession {
  const session: StaffSession = {
    userId: String(attributes.user.id),
    email: attributes.user.email,
    ...('csrfToken' in attributes ? { csrfToken: attributes.csrfToken } : { accessToken: attributes.accessToken }),
    roles: attributes.user.roles,
    tenantId: attributes.user.tenant,
    tenantName: attributes.user.tenantName,
    tenantType: attributes.user.tenantType,
    claim: attributes.user.claim ?? null,
    adminTenant: attributes.user.adminTenant,
    expiresAt: Date.now() + attributes.expiresIn * 1000,
  };
  sessionStore.signIn(session);
  return session;
}
