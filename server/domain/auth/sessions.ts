// Server-side sessions (ASVS 5.0 §7.4): a sign-in opens one, every token it leads to carries its id (`sid`), and
// bearerAuth reads it on every request, so a logout, a password change or a status that bars sign-in ends the
// session and all of its tokens at once, whatever gateway process issued them.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { TOKEN_TTL_SECONDS } from './tokens.ts';

/** Why a session ended early, as kept in sessions.reason and the audit row. */
export type RevocationReason = 'logout' | 'password.change' | 'password.reset' | 'status' | 'signout' | 'admin';

/** When a token signed now with this lifetime expires (signToken counts whole seconds). */
export function expiryOf(now: Date, ttlSeconds: number): Date {
  return new Date((Math.floor(now.getTime() / 1000) + ttlSeconds) * 1000);
}

/** Opens the session of a sign-in; its tokens must not outlive `expires`. */
export async function openSession(
  db: Db,
  options: { userId: number; client: string; now: Date; ttlSeconds?: number; userAgent?: string | null; address?: string | null; awaitingFactor?: boolean },
): Promise<{ id: string; expires: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expires = expiryOf(options.now, options.ttlSeconds ?? TOKEN_TTL_SECONDS);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: options.userId,
      client: options.client,
      created: options.now.toISOString(),
      expires: expires.toISOString(),
      revoked_at: null,
      reason: null,
      user_agent: options.userAgent ?? null,
      address: options.address ?? null,
      last_used: options.now.toISOString(),
      awaiting_factor: options.awaitingFactor ? 1 : 0,
    })
    .execute();
  return { id, expires };
}

/**
 * A sign-in: opens its session and records `session.create` in the same transaction. A sign-in that still owes its
 * second factor opens a session awaiting it, for `ttlSeconds` (second-factor/pending.ts).
 */
export function startSession(
  db: Db,
  sign: { userId: number; tenantId: string; client: string; address: string; userAgent: string | null; now: Date; awaitingFactor?: { ttlSeconds: number } },
): Promise<{ id: string; expires: Date }> {
  return unitOfWork(db, { userId: sign.userId, tenantId: sign.tenantId, now: sign.now }, async ({ db: trx, change }) => {
    const pending = sign.awaitingFactor ? { awaitingFactor: true, ttlSeconds: sign.awaitingFactor.ttlSeconds } : {};
    const opened = await openSession(trx, { userId: sign.userId, client: sign.client, now: sign.now, userAgent: sign.userAgent, address: sign.address, ...pending });
    await change({
      action: 'session.create',
      entity: 'session',
      entityId: sign.userId,
      after: { client: sign.client, tenant: sign.tenantId, address: sign.address, ...(sign.awaitingFactor ? { awaitingFactor: true } : {}) },
    });
    return opened;
  });
}

/** When the live session ends, or undefined when it is unknown, revoked or over. */
export async function liveSessionExpiry(db: Db, id: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('expires')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires', '>', now.toISOString())
    .executeTakeFirst();
  return row ? new Date(row.expires) : undefined;
}

interface Revocation {
  reason: RevocationReason;
  now: Date;
  /** Who ended it: the user at logout, the admin who changed a status; null when unknown. */
  actorUserId: number | null;
  /** The tenant of the audit row. */
  tenantId: string | null;
  /** What else the audit row names, e.g. the handle of the one session ended from a Sessions list. */
  detail?: Record<string, string>;
}

/** Ends the sessions of `userId` (one of them, or all but `keep`) with one audit row; answers how many ended. */
function revoke(db: Db, userId: number, only: { id?: string; keep?: string }, revocation: Revocation): Promise<number> {
  const actor = { userId: revocation.actorUserId, tenantId: revocation.tenantId, now: revocation.now };
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const at = revocation.now.toISOString();
    let query = trx
      .updateTable('sessions')
      .set({ revoked_at: at, reason: revocation.reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires', '>', at);
    if (only.id !== undefined) query = query.where('id', '=', only.id);
    if (only.keep !== undefined) query = query.where('id', '<>', only.keep);
    const ended = Number((await query.executeTakeFirst()).numUpdatedRows);
    if (ended > 0) {
      await change({
        action: 'session.revoke',
        entity: 'session',
        entityId: userId,
        after: { sessions: ended, ...(only.keep === undefined ? {} : { kept: 'current' }), ...revocation.detail },
        reason: revocation.reason,
      });
    }
    return ended;
  });
}

/** Logout: ends this one session (and so every token carrying it). */
export function revokeSession(db: Db, session: { userId: number; sessionId: string }, revocation: Revocation): Promise<number> {
  return revoke(db, session.userId, { id: session.sessionId }, revocation);
}

/** Ends every live session of the user, or every one but `keep` (the session that changed the password). */
export function revokeUserSessions(db: Db, userId: number, revocation: Revocation & { keep?: string }): Promise<number> {
  return revoke(db, userId, revocation.keep === undefined ? {} : { keep: revocation.keep }, revocation);
}

/**
 * Last use is kept to a minute: bearerAuth writes it only when the kept value is at least this old, so a person's
 * session costs at most one write a minute however many requests it makes. A write on every request would make each
 * read a write (SQLite serialises writers across every gateway process; PostgreSQL leaves a dead row version per update)
 * for a precision no one recognising their sign-ins needs.
 */
export const LAST_USE_PRECISION_MS = 60 * 1000;

/** Whether a session last used at `lastUsed` (or opened at `created` when never marked) needs its last use written. */
export function lastUseIsStale(lastUsed: string | null, created: string, now: Date): boolean {
  return Date.parse(lastUsed ?? created) <= now.getTime() - LAST_USE_PRECISION_MS;
}

/** Marks the session used now, unless another request (of any gateway process) did so within the minute. */
export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USE_PRECISION_MS).toISOString();
  await db
    .updateTable('sessions')
    .set({ last_used: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<=', stale)]))
    .execute();
}

/** A session switched to a tenant (connect/token) until `expires`: the cookie-authenticated app may act in it. */
export async function recordTenantSwitch(db: Db, choice: { sessionId: string; tenantId: string; expires: Date }): Promise<void> {
  const expires = choice.expires.toISOString();
  await db
    .insertInto('session_tenants')
    .values({ session_id: choice.sessionId, tenant_id: choice.tenantId, expires })
    .onConflict((conflict) => conflict.columns(['session_id', 'tenant_id']).doUpdateSet({ expires }))
    .execute();
}
