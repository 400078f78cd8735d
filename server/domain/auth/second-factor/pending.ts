// The sign-in that passed its password and owes its second factor (issue 28): a session row marked awaiting_factor,
// which bearerAuth refuses, and a short-lived pending token naming it. The pending token is signed by the gateway
// with its own issuer, so no route that takes a bearer token accepts it: it authorises the factor step alone.
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../../db/connection.ts';
import { expiryOf } from '../sessions.ts';
import { TOKEN_TTL_SECONDS } from '../tokens.ts';

const PENDING_ISSUER = 'teller-gateway/second-factor';
/** How long the factor step may take after the password. */
export const PENDING_TTL_SECONDS = 5 * 60;

/** `verify`: the user has a factor to give; `enrol`: their role needs one and they have none yet. */
export type PendingStep = 'verify' | 'enrol';

export interface PendingSignIn {
  userId: number;
  sessionId: string;
  step: PendingStep;
}

export async function signPendingToken(pending: PendingSignIn, secret: Uint8Array, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: pending.sessionId, step: pending.step })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(pending.userId))
    .setIssuer(PENDING_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PENDING_TTL_SECONDS)
    .sign(secret);
}

/** The pending sign-in of a token whose session still awaits its factor; undefined for anything else. */
export async function pendingSignIn(db: Db, token: string, secret: Uint8Array, now: Date): Promise<PendingSignIn | undefined> {
  let claims: { sub?: string; sid?: unknown; step?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, secret, { issuer: PENDING_ISSUER, algorithms: ['HS256'], currentDate: now }));
  } catch {
    return undefined;
  }
  const userId = Number(claims.sub);
  const { sid, step } = claims;
  if (!Number.isInteger(userId) || typeof sid !== 'string' || (step !== 'verify' && step !== 'enrol')) return undefined;
  const live = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sid)
    .where('user_id', '=', userId)
    .where('awaiting_factor', '=', 1)
    .where('revoked_at', 'is', null)
    .where('expires', '>', now.toISOString())
    .executeTakeFirst();
  return live ? { userId, sessionId: sid, step } : undefined;
}

/** The factor passed: the session authorises the account from now on, for a full token's lifetime. */
export async function completePendingSession(db: Db, sessionId: string, now: Date): Promise<Date> {
  const expires = expiryOf(now, TOKEN_TTL_SECONDS);
  await db.updateTable('sessions').set({ awaiting_factor: 0, expires: expires.toISOString() }).where('id', '=', sessionId).where('awaiting_factor', '=', 1).execute();
  return expires;
}
