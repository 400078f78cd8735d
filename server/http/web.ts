// Serving the built web app next to the API: security headers, static files, the SPA fallback and /config.json.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebOptions {
  /** The built web app (`dist/`); when it has no index.html only the API and /config.json are served. */
  root?: string | undefined;
  /** The gateway the web app should call (`TELLER_PUBLIC_GATEWAY_URL`); '' means its own origin. */
  gatewayUrl: string;
}

/** Paths that belong to the API: never answered with index.html. */
const apiPrefixes = ['/api/', '/connect/', '/dev/', '/files/'];

/** The Content-Security-Policy: nothing from elsewhere, no inline scripts, no eval (Mantine needs inline styles). */
export function contentSecurityDirectives(gatewayUrl: string): Record<string, string[]> {
  const connect = ["'self'"];
  if (gatewayUrl) connect.push(new URL(gatewayUrl).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
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

export async function registerSecurityHeaders(app: FastifyInstance, gatewayUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(gatewayUrl) },
    // Signed file links are loaded as <img> by the web app, possibly from the Vite dev server on another port.
    crossOriginResourcePolicy: { policy: 'same-site' },
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
    setHeaders: (reply, path) => {
      // Vite's hashed assets never change; index.html must be re-read to pick up a new build.
      reply.header('cache-control', path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml) return false;
    if (apiPrefixes.some((prefix) => path.startsWith(prefix))) return false;
    void reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
