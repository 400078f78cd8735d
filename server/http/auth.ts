// The contract's `bearerAuth` security scheme: a valid token from POST api/v1/id/token or POST connect/token.
import type { FastifyRequest } from 'fastify';
import { preparedQueries, slots } from '../db/prepared.ts';
import { statusBarsSignIn } from '../domain/auth/identity.ts';
import { lastUseIsStale, touchSession } from '../domain/auth/sessions.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { HttpError } from './jsonapi.ts';

export const invalidToken = () =>
  new HttpError(401, 'Session has expired', { detail: 'The bearer token is missing, invalid or expired.' });

// RFC 9110 §11.1: the scheme name is case-insensitive (`bearer`, `BEARER`).
const BEARER = /^bearer +([A-Za-z0-9_\-.]{10,4096})$/i;

/**
 * Verifies the token, then checks its server-side session and its account on every request (never cached), and sets
 * request.session: a token stops working as soon as its session is revoked or over, or its account gets a status
 * that bars sign-in (LockOut, Sanctioned, On Hold).
 */
export async function bearerAuth(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
  const session = match?.[1] ? await liveSession(request, match[1]) : null;
  if (!session) throw invalidToken();
  request.session = session;
}

/** The session of `token` when it is valid and live (its account may sign in), else null; nothing is cached. */
export async function liveSession(request: FastifyRequest, token: string): Promise<Session | null> {
  const { teller, db } = request.server;
  const now = teller.now();
  const session = await teller.tokens.verify(token, now);
  if (!session) return null;
  // One primary-key lookup of the session joined with its account.
  const [live] = await preparedQueries(db).execute(
    db,
    'bearer session',
    () =>
      db
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.user_id', 'sessions.user_id')
        .select(['sessions.user_id', 'sessions.expires', 'sessions.revoked_at', 'sessions.awaiting_factor', 'sessions.created', 'sessions.last_used', 'accounts.status'])
        .where('sessions.id', '=', slots('sessionId', session.sessionId)),
    { sessionId: session.sessionId },
  );
  // A session still owing its second factor authorises nothing (its pending token is no bearer token either).
  const ended =
    !live || live.user_id !== session.userId || live.revoked_at !== null || live.awaiting_factor !== 0 || live.expires <= now.toISOString() || statusBarsSignIn(live.status);
  if (ended) return null;
  if (lastUseIsStale(live.last_used, live.created, now)) {
    // Bookkeeping for the Sessions list: a failed write must not refuse a valid request.
    await touchSession(db, session.sessionId, now).catch((error: unknown) => request.log.warn({ err: error }, 'could not mark the session used'));
  }
  return session;
}
