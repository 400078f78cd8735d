// The CSRF token of a session the web app authenticates by cookie (issue 28 item 4; OWASP's CSRF cheat sheet, "HMAC
// based token"): an HMAC of the session id under a key derived from the gateway's secret. The sign-in answers it to
// the tab, which sends it as `X-CSRF-Token` with every call; another site's page can neither read it nor make it. It
// also binds a tab to its session: a tab whose browser signed in again as someone else carries the old session's
// token, which the new cookie refuses, so it never acts as the new person.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const CSRF_HEADER = 'x-csrf-token';
const INFO = 'teller csrf tokens v1';
const keys = new WeakMap<Uint8Array, Buffer>();

function keyOf(gatewaySecret: Uint8Array): Buffer {
  let key = keys.get(gatewaySecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', gatewaySecret, Buffer.alloc(0), INFO, 32));
    keys.set(gatewaySecret, key);
  }
  return key;
}

/** The CSRF token of session `sessionId`. */
export function csrfToken(gatewaySecret: Uint8Array, sessionId: string): string {
  return createHmac('sha256', keyOf(gatewaySecret)).update(sessionId).digest('base64url');
}

/** Whether the request's `X-CSRF-Token` is the token of `sessionId`. */
export function csrfTokenHolds(request: FastifyRequest, sessionId: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent.length > 64) return false;
  const expected = Buffer.from(csrfToken(request.server.teller.jwtSecret, sessionId));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A browser's own word that the call comes from the gateway's origin (Fetch Metadata, OWASP's resource isolation
 * policy): `Sec-Fetch-Site`, when sent, must be `same-origin`. Not the Origin header against Host: a proxy in front
 * (nginx by default, scripts/tls-front.ts) sends the upstream's Host, so that comparison would refuse the app itself.
 */
export function fetchIsSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
}
