// What the password step (identity.ts createToken) and the second-factor step (second-factor.ts) share: the sign-in
// limits, which count both, and the session answer either gives.
import type { FastifyRequest } from 'fastify';
import { attemptCounter, type AttemptCounter } from '../domain/attempts.ts';
import { sessionFor, type SignInAccount } from '../domain/auth/identity.ts';
import { rolesFromBits, signToken } from '../domain/auth/tokens.ts';
import { csrfToken } from '../http/csrf.ts';
import { resource } from '../http/jsonapi.ts';
import { SESSION_COOKIE, TENANT_COOKIE, clearTokenCookie, setTokenCookie, type HeaderReply } from '../http/session-cookie.ts';
import { minutesText, type LimitRefusal } from './_attempts.ts';

const MINUTE = 60 * 1000;
/**
 * Sign-in attempts allowed (ASVS 4.0 §2.2.1): per account and address pair, and per address, in 15 minutes; per
 * account from every address together, a slower back-off in an hour. Locking per pair means wrong passwords from one
 * address cannot lock a staff member out from the others; the per-account hour still caps a spread attack. A second
 * factor's tries count under the same counters (issue 28).
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { limit: 5, windowMs: 15 * MINUTE, onSuccess: 'reset' },
  perAddress: { limit: 20, windowMs: 15 * MINUTE },
  perAccount: { limit: 100, windowMs: 60 * MINUTE },
} as const;

/** Narrowest first: a refusal by the pair's counter leaves the address's and the account's untouched. */
export function signInCounters(account: string, address: string): AttemptCounter[] {
  return [
    attemptCounter('sign-in', 'pair', `${account}|${address}`, SIGN_IN_LIMITS.perAccountAndAddress),
    attemptCounter('sign-in', 'address', address, SIGN_IN_LIMITS.perAddress),
    attemptCounter('sign-in', 'account', account, SIGN_IN_LIMITS.perAccount),
  ];
}

/** The 429 and audit row of a sign-in over its limits. */
export function signInLimitRefusal(decision: LimitRefusal['audit']): LimitRefusal {
  return { detail: (minutes) => `Too many failed sign-in attempts. Try again in ${minutesText(minutes)}.`, audit: decision };
}

/** The session answer of a completed sign-in: its token (and cookie) for session `sessionId`. */
export async function answerSession(
  request: FastifyRequest,
  reply: HeaderReply,
  sign: { account: SignInAccount; sessionId: string; client: string; now: Date; recoveryCodes?: string[] | undefined },
) {
  const { account } = sign;
  const session = sessionFor(account.userId, account.roleBits, account.tenant, sign.sessionId);
  const { token, expiresIn } = await signToken(session, request.server.teller.jwtSecret, { now: sign.now, clientId: sign.client });
  setTokenCookie(request, reply, SESSION_COOKIE, token, expiresIn);
  // A new session has chosen no tenant yet.
  clearTokenCookie(request, reply, TENANT_COOKIE);
  const attributes = {
    expiresIn,
    user: {
      id: String(account.userId),
      email: account.email ?? account.username,
      roles: rolesFromBits(account.roleBits),
      tenant: account.tenant.id,
      tenantName: account.tenant.name,
      tenantType: account.tenant.type,
      claim: account.tenant.claim,
      adminTenant: account.tenant.is_admin === 1,
    },
    ...(sign.recoveryCodes ? { recoveryCodes: sign.recoveryCodes } : {}),
  };
  // The app on the gateway's own origin asks for the cookie alone: the token never reaches its page (cookie-auth.ts).
  if (wantsCookieSession(request)) {
    return { data: resource('token', account.userId, { csrfToken: csrfToken(request.server.teller.jwtSecret, sign.sessionId), ...attributes }) };
  }
  return { data: resource('token', account.userId, { accessToken: token, ...attributes }) };
}

/** The sign-in header by which the web app on the gateway's origin asks for a cookie session (no token in the answer). */
export const SESSION_MODE_HEADER = 'teller-session';

function wantsCookieSession(request: FastifyRequest): boolean {
  return request.headers[SESSION_MODE_HEADER] === 'cookie';
}
