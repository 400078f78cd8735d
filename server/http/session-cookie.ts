// The session cookie: the sign-in token again, httpOnly and SameSite=Strict, so a page request names its session and
// the gateway can draw a signed-in first screen (./first-screen.ts). Page scripts cannot read it, another site's page
// cannot send it, and it authorises nothing but drawing pages: API calls still carry the bearer header.
import type { FastifyRequest } from 'fastify';

/** What the cookie is set on: a route's reply (routes/types.ts JsonReply), or Fastify's own. */
interface HeaderReply {
  header(name: string, value: string): unknown;
}

export const SESSION_COOKIE = 'teller_session';
const TOKEN = /^[A-Za-z0-9_\-.]{10,4096}$/;

const attributes = (request: FastifyRequest) => `Path=/; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;

export function setSessionCookie(request: FastifyRequest, reply: HeaderReply, token: string, maxAgeSeconds: number): void {
  void reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${attributes(request)}`);
}

export function clearSessionCookie(request: FastifyRequest, reply: HeaderReply): void {
  void reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0; ${attributes(request)}`);
}

/** The token the request's session cookie holds, if it holds one. */
export function sessionCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const pair of header.split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === SESSION_COOKIE && value && TOKEN.test(value)) return value;
  }
  return null;
}
