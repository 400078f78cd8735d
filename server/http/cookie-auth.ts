// The contract's `cookieAuth` security scheme (issue 28 item 4): the web app on the gateway's own origin authenticates
// by its httpOnly session cookie, so no page script can read its token. Three checks on every call, whatever its
// method: the cookie's session is live (the same check as a bearer token: logout, a password change and a suspension
// end it at once); `X-CSRF-Token` is that session's (./csrf.ts), and the browser's Sec-Fetch-Site, if sent, says
// same-origin; the
// tenant a tab names in `X-Teller-Tenant` is its own or one this session switched to (connect/token,
// migration 020). A request with an Authorization header is never helped by the cookie: the bearer scheme decides it.
import type { FastifyRequest } from 'fastify';
import { auditEvent } from '../domain/audit.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { invalidToken, liveSessionIn, type SwitchedTenant } from './auth.ts';
import { csrfTokenHolds, fetchIsSameOrigin } from './csrf.ts';
import { HttpError } from './jsonapi.ts';
import { SESSION_COOKIE, cookieToken } from './session-cookie.ts';

export const TENANT_HEADER = 'x-teller-tenant';
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The refusal of a cookie call without its session's CSRF token (the web app reads it as the session's end). */
const csrfRefused = () =>
  new HttpError(403, 'Request refused', {
    code: 'csrf_refused',
    detail: 'A call authenticated by the session cookie must carry the session\'s X-CSRF-Token and come from the gateway\'s own origin.',
  });

/** Whether the request's secured operation was authenticated by the session cookie rather than a bearer token. */
export function authenticatedByCookie(request: FastifyRequest): boolean {
  return request.session !== null && request.headers.authorization === undefined;
}

export async function cookieAuth(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization !== undefined) throw invalidToken();
  const token = cookieToken(request, SESSION_COOKIE);
  const named = request.headers[TENANT_HEADER];
  // A well-formed tenant name is looked up with the session; a malformed one is refused once the CSRF check passed.
  const asked = typeof named === 'string' && TENANT_ID.test(named) ? named : undefined;
  const live = token ? await liveSessionIn(request, token, asked) : null;
  if (!live) throw invalidToken();
  const own = live.session;
  if (!csrfTokenHolds(request, own.sessionId) || !fetchIsSameOrigin(request)) {
    await auditEvent(request.server.db, {
      action: 'csrf.refuse',
      actorUserId: own.userId,
      tenantId: own.tenantId,
      entity: 'session',
      entityId: own.userId,
      after: { method: request.method, path: request.url.split('?')[0], site: request.headers['sec-fetch-site'] ?? null, origin: request.headers.origin ?? null },
      reason: 'Missing or wrong CSRF token, or a foreign origin',
      at: request.server.teller.now(),
    });
    throw csrfRefused();
  }
  request.session = inNamedTenant(own, named, live.switched);
  request.changeCursor = live.changeCursor;
}

/** The session acting in the tenant the tab names: its own, or one it switched to that has not expired. */
function inNamedTenant(own: Session, named: string | string[] | undefined, switched: SwitchedTenant | null): Session {
  if (named === undefined || named === own.tenantId) return own;
  if (typeof named !== 'string' || !TENANT_ID.test(named)) throw new HttpError(400, 'Bad Request', { detail: 'X-Teller-Tenant must be a tenant id.' });
  if (!switched) throw new HttpError(401, 'Session has expired', { detail: `This session has not switched to tenant ${named}, or its switch has expired.` });
  return { ...own, tenantId: switched.id, claim: switched.claim, tenantType: switched.type };
}
