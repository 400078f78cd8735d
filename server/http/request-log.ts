// Fastify's per-request log lines, reduced to one line per answered request at a chosen level: debug in demo
// mode, so `npm start` shows the startup banner, the outbox lines and refusals (http/errors.ts) at info without
// every request around them; info in production, as the access log.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  readonly level: 'debug' | 'info';

  constructor(level: 'debug' | 'info') {
    super();
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
    else request.log[this.level](line, 'request');
  }
}
