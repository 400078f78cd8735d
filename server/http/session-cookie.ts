// The session cookies: the sign-in token again, and the token of the tenant this browser chose last, each httpOnly and
// SameSite=Strict, so a page request names its session (and tenant) and the gateway can draw a signed-in first screen
// (./first-screen.ts). Page scripts cannot read them, another site's page cannot send them, and they authorise nothing
// but drawing pages: API calls still carry the bearer header.
import type { FastifyRequest } from 'fastify';

/** What a cookie is set on: a route's reply (routes/types.ts JsonReply), or Fastify's own. */
export interface HeaderReply {
  header(name: string, value: string): unknown;
}

export const SESSION_COOKIE = 'teller_session';
/** The tenant chosen last in this browser (connectToken): its token, which carries the session's. */
export const TENANT_COOKIE = 'teller_tenant';
export type TokenCookie = typeof SESSION_COOKIE | typeof TENANT_COOKIE;

const TOKEN = /^[A-Za-z0-9_\-.]{10,4096}$/;

const attributes = (request: FastifyRequest) => `Path=/; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;

export function setTokenCookie(request: FastifyRequest, reply: HeaderReply, name: TokenCookie, token: string, maxAgeSeconds: number): void {
  void reply.header('set-cookie', `${name}=${token}; Max-Age=${maxAgeSeconds}; ${attributes(request)}`);
}

export function clearTokenCookie(request: FastifyRequest, reply: HeaderReply, name: TokenCookie): void {
  void reply.header('set-cookie', `${name}=; Max-Age=0; ${attributes(request)}`);
}

/** The token the request's cookie `name` holds, if it holds one. */
export function cookieToken(request: FastifyRequest, name: TokenCookie): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const pair of header.split(';')) {
    const [key, value] = pair.trim().split('=', 2);
    if (key === name && value && TOKEN.test(value)) return value;
  }
  return null;
}
