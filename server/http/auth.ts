// The contract's `bearerAuth` security scheme: a valid token from POST api/v1/id/token or POST connect/token.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { preparedQueries, slots } from '../db/prepared.ts';
import { statusBarsSignIn } from '../domain/auth/identity.ts';
import { lastUseIsStale, touchSession } from '../domain/auth/sessions.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { changeCursorOf, newestFinalChange, type ChangeCursor } from '../domain/changes/feed.ts';
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
  const live = match?.[1] ? await liveSessionIn(request, match[1], undefined) : null;
  if (!live) throw invalidToken();
  request.session = live.session;
  request.changeCursor = live.changeCursor;
}

/** What the session's lookup found: the session, the switch it may have made, and the change cursor of the tenant. */
export interface LiveSession {
  session: Session;
  /** The tenant asked for, when the session switched to it and the switch has not expired. */
  switched: SwitchedTenant | null;
  /** The change stream's cursor of the tenant the call acts in, read with the session (routes/_change-cursor.ts). */
  changeCursor: { tenantId: string; cursor: ChangeCursor };
}

/** A tenant a session switched to (connect/token, migration 020), as its own lookup found it. */
export interface SwitchedTenant {
  id: string;
  claim: string;
  type: Session['tenantType'];
}

/** The session of `token` when it is valid and live (its account may sign in), else null; nothing is cached. */
export async function liveSession(request: FastifyRequest, token: string): Promise<Session | null> {
  return (await liveSessionIn(request, token, undefined))?.session ?? null;
}

/**
 * The live session of `token`, as liveSession, and in the same statement the tenant `tenantId` it switched to and
 * whose switch has not expired (`switched` null when it has none, or when no other tenant than the token's is asked
 * for): a cookie call in a switched-to tenant costs one lookup, not two.
 */
export async function liveSessionIn(
  request: FastifyRequest,
  token: string,
  tenantId: string | undefined,
): Promise<LiveSession | null> {
  const { teller, db } = request.server;
  const now = teller.now();
  const session = await teller.tokens.verify(token, now);
  if (!session) return null;
  const at = now.toISOString();
  const other = tenantId === session.tenantId ? undefined : tenantId;
  const actingIn = other ?? session.tenantId;
  // One primary-key lookup of the session joined with its account (and with the switch it may have made). The live
  // lists' change cursor rides along, read before any list is (what the cursor needs): one statement less a page.
  const own = () =>
    db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.user_id', 'sessions.user_id')
      .leftJoin(newestFinalChange(db, slots('actingIn', actingIn)).as('latest'), (join) => join.onTrue())
      .select(['sessions.user_id', 'sessions.expires', 'sessions.revoked_at', 'sessions.awaiting_factor', 'sessions.created', 'sessions.last_used', 'accounts.status'])
      .select(['latest.tx as change_tx', 'latest.id as change_id'])
      .where('sessions.id', '=', slots('sessionId', session.sessionId));
  const queries = preparedQueries(db);
  const [live] =
    other === undefined
      ? await queries.execute(
          db,
          'bearer session',
          () => own().select([sql<string | null>`null`.as('switched_id'), sql<string | null>`null`.as('switched_claim'), sql<Session['tenantType'] | null>`null`.as('switched_type')]),
          { sessionId: session.sessionId, actingIn },
        )
      : await queries.execute(
          db,
          'bearer session in tenant',
          () =>
            own()
              .leftJoin('session_tenants', (join) =>
                join
                  .onRef('session_tenants.session_id', '=', 'sessions.id')
                  .on('session_tenants.tenant_id', '=', slots('actingIn', actingIn))
                  .on('session_tenants.expires', '>', slots('now', at)),
              )
              .leftJoin('tenants', 'tenants.id', 'session_tenants.tenant_id')
              .select(['tenants.id as switched_id', 'tenants.claim as switched_claim', 'tenants.type as switched_type']),
          { sessionId: session.sessionId, actingIn, now: at },
        );
  // A session still owing its second factor authorises nothing (its pending token is no bearer token either).
  const ended =
    !live || live.user_id !== session.userId || live.revoked_at !== null || live.awaiting_factor !== 0 || live.expires <= at || statusBarsSignIn(live.status);
  if (ended) return null;
  if (lastUseIsStale(live.last_used, live.created, now)) {
    // Bookkeeping for the Sessions list: a failed write must not refuse a valid request.
    await touchSession(db, session.sessionId, now).catch((error: unknown) => request.log.warn({ err: error }, 'could not mark the session used'));
  }
  const switched =
    live.switched_id !== null && live.switched_claim !== null && live.switched_type !== null
      ? { id: live.switched_id, claim: live.switched_claim, type: live.switched_type }
      : null;
  return { session, switched, changeCursor: { tenantId: actingIn, cursor: changeCursorOf({ tx: live.change_tx, id: live.change_id }) } };
}
