// Reads the gateway's change stream (the contract's streamChanges) with fetch and a stream reader: EventSource can send
// neither a bearer token nor a cookie session's CSRF header. The first connection starts after the first list read (the
// list's change cursor); a dropped one reconnects after a pause and resumes after the last event id it read
// (Last-Event-ID), so nothing that happened meanwhile is missed; a cursor the gateway refuses (a database restored
// under the tab) is dropped and the lists are read again.
import { takeChangeCursor } from './change-cursor';
import type { components } from './gateway';
import { gatewayUrl } from './runtime-config';

export type ChangeEvent = components['schemas']['ChangeEvent'];

export interface StreamedChange {
  id: string;
  change: ChangeEvent;
}

/** The server-sent events complete in `text`, and what is left of an event still arriving. */
export function parseEvents(text: string): { events: StreamedChange[]; rest: string } {
  const events: StreamedChange[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | undefined;
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (name !== 'change' || id === undefined || data.length === 0) continue;
    try {
      events.push({ id, change: JSON.parse(data.join('\n')) as ChangeEvent });
    } catch {
      // A malformed event is skipped; the next one still applies.
    }
  }
  return { events, rest };
}

export interface ChangeStreamOptions {
  /** How the stream authenticates (session.ts authHeaders) and whose calls those are (credentialKey); null stops reading. */
  credential: () => { key: string; headers: Record<string, string> } | null;
  onChange: (change: ChangeEvent) => void;
  /**
   * The gateway refused the cursor (one it never wrote: a database restored under the tab, or events no longer kept),
   * so changes may have gone by unseen: the lists are read again. Called once the stream runs from the newest event,
   * so a change made while they are read still arrives.
   */
  onResync?: () => void;
  /**
   * The gateway answered 401 for the credential the tab still holds: its session is over (signed out elsewhere, a
   * password changed, the account suspended). The tab signs out as after any call's 401 (./client.ts), at once: a tab
   * with nothing else to ask would otherwise look signed in until its next call.
   */
  onSessionEnded?: () => void;
  signal: AbortSignal;
  /** Pause before a reconnect. */
  retryMs?: number;
}

const RETRY_MS = 1_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Reads changes until `signal` aborts or the gateway answers 401 (the session is over: `onSessionEnded`) or 403 (not
 * this tab's); reconnects otherwise, and at
 * once when the browser comes back online (the old connection may be dead without either side knowing).
 */
export async function readChangeStream({ credential, onChange, onResync, onSessionEnded, signal, retryMs = RETRY_MS }: ChangeStreamOptions): Promise<void> {
  // The first connection starts where the credential's first list read was (./change-cursor.ts), not at this moment.
  const first = credential();
  let lastEventId = first ? takeChangeCursor(first.key) : undefined;
  let resync = false;
  while (!signal.aborted) {
    const current = credential();
    if (!current) return;
    const connection = new AbortController();
    let refused = false;
    const drop = () => connection.abort();
    signal.addEventListener('abort', drop);
    window.addEventListener('online', drop);
    try {
      const response = await fetch(`${gatewayUrl() || window.location.origin}/api/v1/changes`, {
        headers: { ...current.headers, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal: connection.signal,
        cache: 'no-store',
      });
      if (response.status === 401 && !signal.aborted && credential()?.key === current.key) onSessionEnded?.();
      if (response.status === 401 || response.status === 403) return;
      // An id the gateway does not know (a database restored, say): start again from the newest event, at once.
      if (response.status === 400 && lastEventId !== undefined) {
        lastEventId = undefined;
        refused = true;
      }
      if (response.ok && response.body) {
        if (resync) onResync?.();
        resync = false;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const { events, rest } = parseEvents(buffer + value);
          buffer = rest;
          for (const event of events) {
            lastEventId = event.id;
            onChange(event.change);
          }
        }
      }
    } catch {
      // A dropped connection or an abort: reconnect below unless aborted.
    } finally {
      signal.removeEventListener('abort', drop);
      window.removeEventListener('online', drop);
    }
    if (refused) {
      resync = true;
      continue;
    }
    // Back online: reconnect at once; otherwise after a pause, so a gateway that is down is not hammered.
    if (!connection.signal.aborted || signal.aborted) await pause(retryMs, signal);
  }
}
