// Sessions a person can see and end (issue 28 item 3; ASVS 5.0 §7.5: "the user can view and terminate any or all
// currently active sessions"). A person lists their own live sessions and ends one of the others or all the others; a
// top admin (role 4) lists and ends every session of a user within their scope. Each ending goes through
// revokeSession/revokeUserSessions, so it is the same `session.revoke` audit row and takes effect on the next request
// to any gateway process (bearerAuth reads the row).
//
// A session's id is never shown: it is the secret every token of the sign-in carries. The list names each one by its
// handle, a SHA-256 of the id, which cannot be turned back into the id.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { DomainRefusal } from '../refusal.ts';
import { canSeeUser } from '../scope.ts';
import { USER_NOT_FOUND } from '../users/rules.ts';
import { deviceOf } from './device.ts';
import { revokeSession, revokeUserSessions } from './sessions.ts';
import type { Session } from './tokens.ts';

export const SESSION_NOT_FOUND = 'Session not found';
export const CURRENT_SESSION = 'This is the session you are using now: sign out with Logout.';
export const TOP_ADMIN_ONLY = 'Only a top admin may see or end the sessions of another person.';
export const OWN_SESSIONS_ELSEWHERE = 'End your own sessions from the Sessions tab of your profile.';

/** The opaque name of a session in a Sessions list: 43 base64url characters. */
export function sessionHandle(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export interface SessionSeen {
  handle: string;
  device: string;
  /** The raw User-Agent (bounded), for a device the summary does not know. */
  userAgent: string | null;
  address: string | null;
  signedIn: string;
  lastUsed: string;
  expires: string;
  current: boolean;
}

async function liveRows(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'address', 'created', 'last_used', 'expires'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires', '>', now.toISOString())
    .orderBy('created', 'desc')
    .orderBy('id')
    .execute();
}

/** The live sessions of a user, newest sign-in first; `currentId` marks the one asking. */
export async function liveSessions(db: Db, userId: number, now: Date, currentId?: string): Promise<SessionSeen[]> {
  return (await liveRows(db, userId, now)).map((row) => ({
    handle: sessionHandle(row.id),
    device: deviceOf(row.user_agent),
    userAgent: row.user_agent,
    address: row.address,
    signedIn: row.created,
    lastUsed: row.last_used ?? row.created,
    expires: row.expires,
    current: row.id === currentId,
  }));
}

/** Ends one of the person's own other sessions by its handle; another person's or an unknown handle is not found. */
export async function endOwnSession(db: Db, session: Session, handle: string, now: Date): Promise<void> {
  const match = (await liveRows(db, session.userId, now)).find((row) => sessionHandle(row.id) === handle);
  if (!match) throw new DomainRefusal('not_found', { message: SESSION_NOT_FOUND });
  if (match.id === session.sessionId) throw new DomainRefusal('conflict', { message: CURRENT_SESSION, code: 'current_session' });
  const ended = await revokeSession(db, { userId: session.userId, sessionId: match.id }, {
    reason: 'signout',
    now,
    actorUserId: session.userId,
    tenantId: session.tenantId,
    detail: { handle },
  });
  // Ended or expired between the read and the update: as if it had not been there.
  if (ended === 0) throw new DomainRefusal('not_found', { message: SESSION_NOT_FOUND });
}

/** Ends every live session of the person but the one asking; answers how many ended. */
export function endOtherOwnSessions(db: Db, session: Session, now: Date): Promise<number> {
  return revokeUserSessions(db, session.userId, { reason: 'signout', now, actorUserId: session.userId, tenantId: session.tenantId, keep: session.sessionId });
}

function checkTopAdmin(session: Session): void {
  if (!session.roles.includes(4)) throw new DomainRefusal('forbidden', { message: TOP_ADMIN_ONLY, code: 'not_top_admin' });
}

/** Refuses unless the user is within the session's scope (another tenant's: not found). */
async function checkInScope(db: Db, session: Session, userId: number): Promise<void> {
  if (!(await canSeeUser(db, session, userId))) throw new DomainRefusal('not_found', { message: USER_NOT_FOUND });
}

/** A top admin's view of a user's live sessions. */
export async function staffSessions(db: Db, session: Session, userId: number, now: Date): Promise<SessionSeen[]> {
  checkTopAdmin(session);
  await checkInScope(db, session, userId);
  return liveSessions(db, userId, now, session.sessionId);
}

/** A top admin ends every live session of a user within scope; answers how many ended. */
export async function endStaffSessions(db: Db, session: Session, userId: number, now: Date): Promise<number> {
  checkTopAdmin(session);
  if (userId === session.userId) throw new DomainRefusal('forbidden', { message: OWN_SESSIONS_ELSEWHERE, code: 'own_sessions' });
  await checkInScope(db, session, userId);
  return revokeUserSessions(db, userId, { reason: 'admin', now, actorUserId: session.userId, tenantId: session.tenantId });
}
