// The Sessions list of the own profile and a top admin's view of a user's sessions (issue 28 item 3); the rules are in
// server/domain/auth/session-control.ts.
import { sessionOf } from '../context.ts';
import { endOtherOwnSessions, endOwnSession, endStaffSessions, liveSessions, staffSessions, type SessionSeen } from '../domain/auth/session-control.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { USER_NOT_FOUND } from '../domain/users/rules.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

const sessionsDocument = (sessions: SessionSeen[]) => ({
  data: sessions.map(({ handle, ...attributes }) => resource('session', handle, attributes)),
});

function userIdOf(text: string): number {
  const userId = parseRowId(text);
  if (userId === undefined) throw new HttpError(404, USER_NOT_FOUND);
  return userId;
}

export const handlers: Handlers = {
  async listSessions(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    return sessionsDocument(await liveSessions(db, session.userId, teller.now(), session.sessionId));
  },

  async deleteOwnSession(request, reply) {
    await endOwnSession(request.server.db, sessionOf(request), request.params.handle, request.server.teller.now());
    return reply.code(204).send();
  },

  async deleteOtherSessions(request) {
    const ended = await endOtherOwnSessions(request.server.db, sessionOf(request), request.server.teller.now());
    return { meta: { ended } };
  },

  async listUserSessions(request) {
    const { db, teller } = request.server;
    return sessionsDocument(await staffSessions(db, sessionOf(request), userIdOf(request.params.id), teller.now()));
  },

  async deleteUserSessions(request) {
    const { db, teller } = request.server;
    const ended = await endStaffSessions(db, sessionOf(request), userIdOf(request.params.id), teller.now());
    return { meta: { ended } };
  },
};
