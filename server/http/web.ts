// Serving the built web app next to the API: security headers, static files, the SPA fallback and /config.json.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCompressed } from './compression.ts';
import { loadFirstScreens } from './first-screen.ts';
import { FIRST_SCREEN_GUARD_HASH } from './first-screen-guard.ts';
import { SESSION_COOKIE, cookieToken } from './session-cookie.ts';

export interface WebOptions {
  /** The built web app (`dist/`); when it has no index.html only the API and /config.json are served. */
  root?: string | undefined;
  /** The gateway the web app should call (`TELLER_PUBLIC_GATEWAY_URL`); '' means its own origin. */
  gatewayUrl: string;
  /** The app built for the gateway (`dist-server/entry-server.js`): signed-in screens are drawn here (./first-screen.ts). */
  serverEntry?: string | undefined;
}

/** The page the gateway sends for /login when the build has it. */
const LOGIN_PAGE = 'login.html';

/** Paths that belong to the API: never answered with index.html. */
const apiPrefixes = ['/api/', '/connect/', '/dev/', '/files/'];

/** The Content-Security-Policy: nothing from elsewhere, no inline scripts but the first screen's guard, no eval
 * (Mantine needs inline styles). */
export function contentSecurityDirectives(gatewayUrl: string): Record<string, string[]> {
  const connect = ["'self'"];
  if (gatewayUrl) connect.push(new URL(gatewayUrl).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", FIRST_SCREEN_GUARD_HASH],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: connect,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** What a helmet middleware writes to: the headers it sets, recorded once. */
interface HeaderRecorder {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
}

type HelmetMiddleware = (request: object, response: HeaderRecorder, next: (error?: unknown) => void) => void;

/** The helmet that @fastify/helmet runs (its own dependency, so the headers are the ones it would send). */
function loadHelmet(): (options: Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>) => HelmetMiddleware {
  const plugin = createRequire(import.meta.url).resolve('@fastify/helmet');
  // helmet's CommonJS export is the factory itself.
  return createRequire(plugin)('helmet') as (options: Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>) => HelmetMiddleware;
}

/** The security headers helmet sets for these options, computed once: none of them depends on the request. */
export function securityHeaders(gatewayUrl: string): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder: HeaderRecorder = {
    setHeader: (name, value) => void headers.set(name, value),
    removeHeader: (name) => void headers.delete(name),
  };
  const middleware = loadHelmet()({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(gatewayUrl) },
    // Signed file links are loaded as <img> by the web app, possibly from the Vite dev server on another port.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  middleware({}, recorder, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Every answer carries helmet's security headers. @fastify/helmet rebuilds helmet's middleware on every request
 * (the speed budget, README "Benchmarks": about 4 % of a listing request), so the headers are computed once and set by one hook.
 */
export function registerSecurityHeaders(app: FastifyInstance, gatewayUrl: string): void {
  const headers = securityHeaders(gatewayUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** Registers GET /config.json and, when the build exists, the static files; returns the SPA fallback for the 404 handler. */
export async function registerWebApp(
  app: FastifyInstance,
  options: WebOptions,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { gatewayUrl: options.gatewayUrl };
  });

  const root = options.root;
  if (!root || !existsSync(join(root, 'index.html'))) return () => false;

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes `<file>.br` and `<file>.gz` beside each file (scripts/precompress.ts): sent by Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite's hashed assets never change; index.html must be re-read to pick up a new build.
      reply.header('cache-control', path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // The sign-in page paints its card before the app's JavaScript has run (login.html, built beside index.html).
  const loginPage = existsSync(join(root, LOGIN_PAGE)) ? LOGIN_PAGE : 'index.html';
  const firstScreens = options.serverEntry ? await loadFirstScreens(app, root, options.serverEntry) : null;
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml) return false;
    if (apiPrefixes.some((prefix) => path.startsWith(prefix))) return false;
    const page = () => void reply.code(200).header('cache-control', 'no-cache').sendFile(path === '/login' ? loginPage : 'index.html');
    if (!firstScreens || path === '/login' || !cookieToken(request, SESSION_COOKIE)) {
      page();
      return true;
    }
    firstScreens
      .page(request)
      .then((drawn) => {
        if (drawn === null) return page();
        // Drawn for one session: never kept by a cache, shared or the browser's.
        return sendCompressed(request, reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8'), drawn);
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'Drawing the first screen failed; the app builds it');
        page();
      });
    return true;
  };
}
