// Where a signed-in tab's change stream starts: the gateway's Teller-Change-Cursor on the live lists is the stream's
// cursor just before the list was read. A cold load opens its stream once its first screen has drawn
// (src/render/first-screen.ts), after the first page was read; starting from the earliest cursor its reads carried,
// the stream sends every change made since, none is lost in between.
export const CHANGE_CURSOR_HEADER = 'teller-change-cursor';

/** Per bearer token: the earliest cursor its list answers carried, until its stream takes it. */
const earliest = new Map<string, string>();
/** Tokens whose stream has started: later answers no longer matter to it. */
const streaming = new Set<string>();

/** A cursor as the (transaction, id) pair it orders by; SQLite's have the id alone. */
function order(cursor: string): [bigint, bigint] {
  const [first = '0', second] = cursor.split('-');
  return second === undefined ? [0n, BigInt(first)] : [BigInt(first), BigInt(second)];
}

function isEarlier(a: string, b: string): boolean {
  const [aTx, aId] = order(a);
  const [bTx, bId] = order(b);
  return aTx < bTx || (aTx === bTx && aId < bId);
}

const CURSOR = /^[0-9]{1,19}(-[0-9]{1,15})?$/;

/** A list answer read with `token` carried `cursor`. */
export function noteChangeCursor(token: string, cursor: string | null): void {
  if (!cursor || !CURSOR.test(cursor) || streaming.has(token)) return;
  const known = earliest.get(token);
  if (known === undefined || isEarlier(cursor, known)) earliest.set(token, cursor);
}

/** The cursor `token`'s stream starts from, once: undefined when no list was read with it (the stream starts now). */
export function takeChangeCursor(token: string): string | undefined {
  const cursor = earliest.get(token);
  earliest.delete(token);
  streaming.add(token);
  return cursor;
}

/** The gateway's render of a first screen (src/entry-server.tsx) hands the cursor its reads carried to the page. */
export function drainChangeCursor(token: string): string | undefined {
  const cursor = earliest.get(token);
  earliest.delete(token);
  return cursor;
}
