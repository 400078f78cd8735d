// The live tables' change stream on the wire (the contract's streamChanges): server-sent events read by the web app
// with fetch, since its bearer token lives in sessionStorage and EventSource sends no Authorization header.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { changesAfter, cursorText, isResumable, latestChangeCursor, parseCursor, type ChangeCursor, type ChangeEvent } from '../domain/changes/feed.ts';
import { bearerAuth } from '../http/auth.ts';
import { authenticatedByCookie, cookieAuth } from '../http/cookie-auth.ts';
import { HttpError } from '../http/jsonapi.ts';
import type { Handlers, Schema } from './types.ts';

/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;
/** The session is checked this often, so a logout or a revocation ends the stream within it. */
export const SESSION_CHECK_MS = 2_000;
/** What the browser waits before it reconnects, should it use EventSource. */
const RETRY_MS = 1_000;
/** How soon a stream reads again when committed events wait behind a transaction still running (PostgreSQL). */
const PENDING_RETRY_MS = 100;

function eventText(db: Db, event: ChangeEvent): string {
  const data: Schema<'ChangeEvent'> = { entity: event.entity, entityId: event.entityId, action: event.action, changed: event.changed };
  return `id: ${cursorText(db, event.cursor)}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Where the stream starts: after Last-Event-ID, exactly as the stream wrote it to this tenant and still kept (a 400
 * otherwise, so the client reads its lists again instead of waiting on a stream that would stay silent), or after
 * the newest event.
 */
async function startCursor(request: FastifyRequest, db: Db, tenantId: string): Promise<ChangeCursor> {
  const resumeFrom = request.headers['last-event-id'];
  if (resumeFrom === undefined) return latestChangeCursor(db, tenantId);
  const cursor = typeof resumeFrom === 'string' ? parseCursor(db, resumeFrom) : undefined;
  if (!cursor || !(await isResumable(db, tenantId, cursor))) {
    throw new HttpError(400, 'Last-Event-ID must be the id of an event this stream sent', { parameter: 'Last-Event-ID' });
  }
  return cursor;
}

async function stream(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const session = sessionOf(request);
  const { db, teller } = request.server;
  let cursor = await startCursor(request, db, session.tenantId);

  reply.hijack();
  const raw = reply.raw;
  // Hijacked, the reply's own headers (request id, security headers, CORS) are copied by hand.
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
  // `connection: close`: once the stream ends its socket goes too, so a closing gateway does not wait for it to idle out.
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', connection: 'close' });
  raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  let ended = false;
  let reading = false;
  let again = false;
  const timers: NodeJS.Timeout[] = [];
  let retry: NodeJS.Timeout | undefined;
  let unsubscribe: () => void = () => undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    for (const timer of timers) clearInterval(timer);
    clearTimeout(retry);
    unsubscribe();
    raw.end();
  };
  const read = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const { events, last, more, pending } = await changesAfter(db, session, cursor);
        if (ended) return;
        for (const event of events) raw.write(eventText(db, event));
        again ||= more;
        cursor = last;
        if (pending && retry === undefined) {
          retry = setTimeout(() => {
            retry = undefined;
            void read();
          }, PENDING_RETRY_MS);
        }
      } while (again && !ended);
    } catch (error) {
      request.log.error({ err: error }, 'Change stream failed; the client reconnects');
      end();
    } finally {
      reading = false;
    }
  };

  raw.on('close', end);
  unsubscribe = teller.changes.subscribe({ wake: () => void read(), end });
  timers.push(setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS));
  // The stream's scheme again: the token or cookie, its session and its account's status, as every request checks them.
  const authenticate = authenticatedByCookie(request) ? cookieAuth : bearerAuth;
  timers.push(
    setInterval(() => {
      authenticate(request).catch(() => end());
    }, SESSION_CHECK_MS),
  );
  await read();
  return reply;
}

export const handlers: Handlers = {
  streamChanges: stream,
};
