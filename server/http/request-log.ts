// Fastify's per-request log lines, reduced to one line per answered request at a chosen level: debug in demo
// mode, so `npm start` shows the startup banner, the outbox lines and refusals (http/errors.ts) at info without
// every request around them; info in production, as the access log. Every line of a request carries its request
// id (`requestId`), which the answer echoes in X-Request-Id and in the meta of an error document.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** The log field that carries the request id. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/** A caller's id is kept only when it is a short token of safe characters (a UUID, a proxy's trace id), so it can
 * never forge a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{0,127}$/;

/** The request's id: the caller's X-Request-Id when it is sane (a proxy or client correlates by it), else a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Liveness and readiness probes: asked every few seconds by an orchestrator, so they never reach the access log. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

export function isProbe(request: FastifyRequest): boolean {
  return PROBE_PATHS.has(request.routeOptions.url ?? '');
}

export class RequestLog extends LogController {
  readonly level: 'debug' | 'info';

  constructor(level: 'debug' | 'info') {
    super({ requestIdLogLabel: REQUEST_ID_LOG_LABEL });
    this.level = level;
  }

  override incomingRequest(): void {
    // The completed line below carries the method and path.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: (request.url.split('?')[0] ?? '').slice(0, 200),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else request.log[isProbe(request) ? 'debug' : this.level](line, 'request');
  }
}
