// The live lists' Teller-Change-Cursor (the contract's ChangeCursor header): the change stream's cursor taken before
// the list is read. A client that opens its stream after its first page starts the stream there and misses no change
// made in between; a change made between the cursor and the read arrives twice, which patches the row to the same.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import { cursorText, latestChangeCursor } from '../domain/changes/feed.ts';

const CHANGE_CURSOR_HEADER = 'teller-change-cursor';

/**
 * Sets the header to the tenant's cursor of this moment; call it before the list is read. The security handler read
 * it with the session, before this; a request that came another way (an approval's run) reads it now.
 */
export async function stampChangeCursor(request: FastifyRequest, reply: { header(name: string, value: string): unknown }): Promise<void> {
  const { db } = request.server;
  const { tenantId } = sessionOf(request);
  const read = request.changeCursor;
  const cursor = read?.tenantId === tenantId ? read.cursor : await latestChangeCursor(db, tenantId);
  reply.header(CHANGE_CURSOR_HEADER, cursorText(db, cursor));
}
