import { describe, expect, it, vi } from 'vitest';
import { noteChangeCursor } from './change-cursor';
import { parseEvents, readChangeStream } from './change-stream';

describe('parseEvents', () => {
  const data = { entity: 'user', entityId: '7', action: 'account.status', changed: ['status'] };

  it('[LIVE-8] reads change events, skips comments, and keeps an event still arriving for the next chunk', () => {
    const first = parseEvents(`retry: 1000\n: connected\n\nid: 4\nevent: change\ndata: ${JSON.stringify(data)}\n\n: keep-alive\n\nid: 5\nevent: ch`);
    expect(first.events).toEqual([{ id: '4', change: data }]);
    const second = parseEvents(`${first.rest}ange\ndata: ${JSON.stringify({ ...data, entityId: '8' })}\n\n`);
    expect(second.events).toEqual([{ id: '5', change: { ...data, entityId: '8' } }]);
    expect(second.rest).toBe('');
  });

  it('skips a malformed event and other event names', () => {
    expect(parseEvents('id: 1\nevent: change\ndata: {oops\n\nid: 2\nevent: other\ndata: {}\n\n').events).toEqual([]);
  });
});

describe('readChangeStream', () => {
  it('[LIVE-8] reconnects after a dropped stream with Last-Event-ID and delivers what it then reads', async () => {
    const event = (id: number, entityId: string) =>
      `id: ${id}\nevent: change\ndata: ${JSON.stringify({ entity: 'remittance', entityId, action: 'remittance.settle', changed: ['statusId'] })}\n\n`;
    const sentIds: Array<string | null> = [];
    const controller = new AbortController();
    const answers = [event(4, 'a'), event(5, 'b')];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sentIds.push(new Headers(init.headers).get('last-event-id'));
      const text = answers.shift();
      if (text === undefined) controller.abort();
      return new Response(text ?? '', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const seen: string[] = [];
    await readChangeStream({ credential: () => ({ key: 'Bearer token', headers: { authorization: 'Bearer token' } }), onChange: (change) => seen.push(change.entityId), signal: controller.signal, retryMs: 1 });
    vi.unstubAllGlobals();
    expect(seen).toEqual(['a', 'b']);
    expect(sentIds).toEqual([null, '4', '5']);
  });

  it('starts from the cursor of the token’s first list read, and from the newest event when the gateway refuses it', async () => {
    const event = `id: 9\nevent: change\ndata: ${JSON.stringify({ entity: 'user', entityId: 'u', action: 'account.status', changed: ['status'] })}\n\n`;
    const sentIds: Array<string | null> = [];
    const controller = new AbortController();
    const answers = [new Response('', { status: 400 }), new Response(event, { status: 200 })];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sentIds.push(new Headers(init.headers).get('last-event-id'));
      const answer = answers.shift();
      if (answer === undefined) controller.abort();
      return answer ?? new Response('', { status: 200 });
    });
    noteChangeCursor('read-first', '7');
    const seen: string[] = [];
    await readChangeStream({ credential: () => ({ key: 'read-first', headers: { authorization: 'Bearer read-first' } }), onChange: (change) => seen.push(change.entityId), signal: controller.signal, retryMs: 1 });
    vi.unstubAllGlobals();
    expect(sentIds).toEqual(['7', null, '9']);
    expect(seen).toEqual(['u']);
  });
});

describe('readChangeStream when the session is over', () => {
  const credential = () => ({ key: 'Bearer ended', headers: { authorization: 'Bearer ended' } });

  it.each([
    [401, 1],
    [403, 0],
  ])('[issue 28] a %i answer ends the stream without a reconnect, and tells the tab its session ended %i time(s)', async (status, told) => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return new Response('', { status });
    });
    const ended = vi.fn();
    await readChangeStream({ credential, onChange: () => undefined, onSessionEnded: ended, signal: new AbortController().signal, retryMs: 1 });
    vi.unstubAllGlobals();
    expect(calls).toBe(1);
    expect(ended).toHaveBeenCalledTimes(told);
  });

  it('a 401 for a credential the tab no longer holds (it switched tenant meanwhile) says nothing', async () => {
    let held = true;
    vi.stubGlobal('fetch', async () => {
      held = false;
      return new Response('', { status: 401 });
    });
    const ended = vi.fn();
    await readChangeStream({ credential: () => (held ? credential() : null), onChange: () => undefined, onSessionEnded: ended, signal: new AbortController().signal, retryMs: 1 });
    vi.unstubAllGlobals();
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('readChangeStream when the gateway refuses its cursor', () => {
  it('drops the cursor, reads from the newest event, and asks for a resync once that stream runs (never before)', async () => {
    const event = `id: 12\nevent: change\ndata: ${JSON.stringify({ entity: 'user', entityId: 'u', action: 'account.status', changed: ['status'] })}\n\n`;
    const calls: string[] = [];
    const controller = new AbortController();
    const answers = [new Response(event, { status: 200 }), new Response('', { status: 400 }), new Response(event, { status: 200 })];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(`connect ${new Headers(init.headers).get('last-event-id') ?? 'newest'}`);
      const answer = answers.shift();
      if (answer === undefined) controller.abort();
      return answer ?? new Response('', { status: 200 });
    });
    await readChangeStream({ credential: () => ({ key: 'restored', headers: { authorization: 'Bearer restored' } }), onChange: () => calls.push('change'), onResync: () => calls.push('resync'), signal: controller.signal, retryMs: 1 });
    vi.unstubAllGlobals();
    expect(calls).toEqual(['connect newest', 'change', 'connect 12', 'connect newest', 'resync', 'change', 'connect 12']);
  });
});
