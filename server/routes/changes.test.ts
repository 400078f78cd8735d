// The live tables' change stream (streamChanges) over a real socket: tenant isolation and the lists' role scope, the
// catch-up from Last-Event-ID, the end of the stream at logout and at shutdown, and two gateways on one database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { cursorText, latestChangeCursor, recordChange } from '../domain/changes/feed.ts';
import { seedMinimal, MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { createTestDatabase, TEST_ENGINE } from '../testing/database.ts';
import { bearerFor } from '../testing/users.ts';
import { buildTestApp, TEST_JWT_SECRET } from '../testing.ts';

interface Received {
  /** Opaque: `<tx>-<id>` on PostgreSQL, `<id>` on SQLite. */
  id: string;
  entity: string;
  entityId: string;
  action: string;
  changed: string[];
}

interface OpenStream {
  status: number;
  contentType: string | null;
  events: Received[];
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** Reads the stream as the web app does: fetch with the bearer header and a reader, Last-Event-ID to resume. */
async function openStream(base: string, headers: Record<string, string>, lastEventId?: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/changes`, {
    headers: { ...headers, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const events: Received[] = [];
  const comments: string[] = [];
  const body = res.body;
  const ended = (async () => {
    if (!body) return;
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const lines = block.split('\n');
          for (const line of lines) if (line.startsWith(':')) comments.push(line.slice(1).trim());
          const id = lines.find((line) => line.startsWith('id: '));
          const data = lines.find((line) => line.startsWith('data: '));
          if (id && data) events.push({ id: id.slice(4), ...(JSON.parse(data.slice(6)) as Omit<Received, 'id'>) });
          split = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return { status: res.status, contentType: res.headers.get('content-type'), events, comments, ended, close: () => controller.abort() };
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('streamChanges', () => {
  let app: FastifyInstance;
  let u: MinimalWorld['users'];
  let base: string;

  beforeAll(async () => {
    const gw = await buildTestApp();
    app = gw.app;
    u = gw.world.users;
    base = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Marks the account Duplicate, or clears it when it is: a status change any test may make in any order. */
  const toggleDuplicate = async (as: { authorization: string }, userId: number) => {
    const { status } = await app.db.selectFrom('accounts').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const action = status & 2 ? -2 : 2;
    const res = await app.inject({ method: 'PATCH', url: `/api/v1/um/account/${userId}`, headers: as, payload: { data: { type: 'Account', attributes: { status: action } } } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('[LIVE-1] a change reaches the tenant that may see it, never another tenant nor a role that cannot see the row', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const officer = await bearerFor(app, u.officer);
    const teller = await bearerFor(app, u.partner);
    const streams = {
      naccugTop: await openStream(base, naccugTop),
      officer: await openStream(base, officer),
      teller: await openStream(base, teller),
    };
    expect(streams.naccugTop.status).toBe(200);
    expect(streams.naccugTop.contentType).toMatch(/^text\/event-stream/);

    // The officer (64, Kanifing) sees the Kanifing member, not the Serrekunda member another admin created.
    await toggleDuplicate(naccugTop, u.kanifingMember);
    await toggleDuplicate(naccugTop, u.serrekundaMember);
    await expect.poll(() => streams.naccugTop.events.length).toBe(2);
    await expect.poll(() => streams.officer.events.length).toBe(1);
    await settle(700);

    expect(streams.naccugTop.events.map((event) => [event.entity, event.entityId, event.action])).toEqual([
      ['user', String(u.kanifingMember), 'account.status'],
      ['user', String(u.serrekundaMember), 'account.status'],
    ]);
    expect(streams.naccugTop.events[0]?.changed).toContain('status');
    expect(streams.officer.events.map((event) => event.entityId)).toEqual([String(u.kanifingMember)]);
    expect(streams.teller.events).toEqual([]);
    for (const stream of Object.values(streams)) stream.close();
  });

  it('[LIVE-2] a reconnect with Last-Event-ID catches up on what it missed, and nothing twice', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const first = await openStream(base, naccugTop);
    await toggleDuplicate(naccugTop, u.kanifingMember);
    await expect.poll(() => first.events.length).toBe(1);
    const lastSeen = first.events[0]?.id ?? '';
    first.close();

    // While disconnected: two more changes.
    await toggleDuplicate(naccugTop, u.serrekundaMember);
    await toggleDuplicate(naccugTop, u.serrekundaMemberByOfficer);
    const again = await openStream(base, naccugTop, lastSeen);
    await expect.poll(() => again.events.length).toBe(2);
    expect(again.events.map((event) => event.id)).not.toContain(lastSeen);
    expect(new Set(again.events.map((event) => event.id)).size).toBe(2);
    expect(again.events.map((event) => event.entityId)).toEqual([String(u.serrekundaMember), String(u.serrekundaMemberByOfficer)]);
    again.close();
  });

  it('[LIVE-2] a stream opened after a list was read, from the list’s Teller-Change-Cursor, sends the changes made in between', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const lists = ['/api/v1/um/user?page[size]=1', '/api/v1/wallet-transactions?page[size]=1', '/api/v1/remittance?page[size]=1'];
    const cursors: string[] = [];
    for (const url of lists) {
      const res = await app.inject({ method: 'GET', url, headers: naccugTop });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      cursors.push(String(res.headers['teller-change-cursor']));
    }
    expect(new Set(cursors).size, 'no change between the three reads').toBe(1);
    const cursor = cursors[0] ?? '';
    expect(cursor).toMatch(/^[0-9]{1,19}(-[0-9]{1,15})?$/);

    // After the read, before the stream: a change it would miss if it started at the newest event.
    await toggleDuplicate(naccugTop, u.kanifingMember);
    const late = await openStream(base, naccugTop, cursor);
    await expect.poll(() => late.events.length).toBe(1);
    expect(late.events[0]?.entityId).toBe(String(u.kanifingMember));
    late.close();
    const fresh = await app.inject({ method: 'GET', url: lists[0] ?? '', headers: naccugTop });
    expect(fresh.headers['teller-change-cursor']).toBe(late.events[0]?.id);
  });

  it('answers 400 to a Last-Event-ID the stream did not write, never coercing it', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const otherEngine = TEST_ENGINE === 'postgres' ? '12' : '12-3';
    for (const lastEventId of ['abc', '1e3', '+5', '-1', '12-', '1-2-3', '99999999999999999999-1', otherEngine]) {
      const res = await fetch(`${base}/api/v1/changes`, { headers: { ...naccugTop, 'last-event-id': lastEventId } });
      expect(res.status, lastEventId).toBe(400);
      await res.body?.cancel();
    }
  });

  it('answers 400 to a well-formed Last-Event-ID the stream never wrote: ahead of the newest event (a restored database), another tenant’s, or one no longer kept', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const stream = await openStream(base, naccugTop);
    await toggleDuplicate(naccugTop, u.kanifingMember);
    await expect.poll(() => stream.events.length).toBe(1);
    stream.close();
    const written = stream.events[0]?.id ?? '';
    // The id the stream wrote is taken back: the refusals below are about the ids, not the header.
    const resumed = await openStream(base, naccugTop, written);
    expect(resumed.status).toBe(200);
    resumed.close();
    const cursor = (txPart: string, idPart: number) => (TEST_ENGINE === 'postgres' ? `${txPart}-${idPart}` : String(idPart));

    // Another tenant's event: a real id, written to that tenant's streams only.
    await recordChange(app.db, { tenantId: 'teller', action: 'remittance.settle', entity: 'remittance', entityId: 1, after: { statusId: 8 } });
    // A list's cursor names only final events (older than every running transaction of the cluster): on PostgreSQL
    // another test file's long seed holds it back, so wait until the event is final.
    const first = cursor('0', 0);
    let other = first;
    await expect.poll(async () => (other = cursorText(app.db, await latestChangeCursor(app.db, 'teller'))), { timeout: 30_000 }).not.toBe(first);

    // Pruned (events are kept a day): the stream wrote it, but cannot tell what came after it any more.
    await toggleDuplicate(naccugTop, u.serrekundaMember);
    const listCursor = async () => String((await app.inject({ method: 'GET', url: '/api/v1/um/user?page[size]=1', headers: naccugTop })).headers['teller-change-cursor']);
    let newest = first;
    await expect.poll(async () => [first, written].includes((newest = await listCursor())), { timeout: 30_000 }).toBe(false);
    const pruned = TEST_ENGINE === 'postgres' ? Number(newest.split('-')[1]) : Number(newest);
    await app.db.deleteFrom('change_events').where('id', '=', pruned).execute();
    // Ahead of the newest event, as a tab holds after the database was restored from an older backup.
    const [tx = '0', id = '0'] = TEST_ENGINE === 'postgres' ? newest.split('-') : ['0', newest];
    const ahead = [cursor(tx, Number(id) + 1), cursor(tx, Number(id) + 1_000_000)];
    if (TEST_ENGINE === 'postgres') ahead.push(`${BigInt(tx) + 1_000n}-${id}`);

    for (const lastEventId of [...ahead, other, newest]) {
      const res = await fetch(`${base}/api/v1/changes`, { headers: { ...naccugTop, 'last-event-id': lastEventId } });
      expect(res.status, lastEventId).toBe(400);
      const body = (await res.json()) as { errors: Array<{ source?: { parameter?: string } }> };
      expect(body.errors[0]?.source?.parameter).toBe('Last-Event-ID');
    }
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'sends no event past a transaction still running, then both in commit-safe order (regression: a late commit with a lower id was skipped)',
    async () => {
      const naccugTop = await bearerFor(app, u.super, 'naccug');
      const stream = await openStream(base, naccugTop);
      const change = (userId: number) => ({ tenantId: 'naccug', action: 'account.status', entity: 'user', entityId: userId, after: { status: 2 } });
      let inserted = () => undefined as void;
      let commit = () => undefined as void;
      const insertedEarlier = new Promise<void>((resolve) => (inserted = resolve));
      const committing = new Promise<void>((resolve) => (commit = resolve));
      // The earlier event: its id is taken now, its transaction commits last.
      const earlier = app.db.transaction().execute(async (trx) => {
        await recordChange(trx, change(u.kanifingMember));
        inserted();
        await committing;
      });
      try {
        await insertedEarlier;
        await app.db.transaction().execute((trx) => recordChange(trx, change(u.serrekundaMember)));
        await settle(700);
        expect(stream.events).toEqual([]);
      } finally {
        commit();
        await earlier;
      }
      await expect.poll(() => stream.events.length).toBe(2);
      await settle(300);
      expect(stream.events.map((event) => event.entityId)).toEqual([String(u.kanifingMember), String(u.serrekundaMember)]);

      // A reconnect after the first resumes with the second, none skipped.
      stream.close();
      const again = await openStream(base, naccugTop, stream.events[0]?.id);
      await expect.poll(() => again.events.map((event) => event.entityId)).toEqual([String(u.serrekundaMember)]);
      again.close();
    },
  );

  it('[LIVE-3] a wallet top-up reaches the wallet transactions list', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const stream = await openStream(base, naccugTop);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet-transactions',
      headers: { ...naccugTop, 'idempotency-key': 'live-topup-1' },
      payload: {
        data: { type: 'wallettransaction', attributes: { Amount: '5', Currency: 'GMD', ReceiverUserId: String(u.kanifingMember), Remarks: 'Live' } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { data: { id: string } }).data.id;
    await expect.poll(() => stream.events.map((event) => [event.entity, event.entityId])).toContainEqual(['walletTransaction', id]);
    stream.close();
  });

  it('[LIVE-4] the stream ends when its session ends (logout)', async () => {
    const naccugTop = await bearerFor(app, u.super, 'naccug');
    const stream = await openStream(base, naccugTop);
    const logout = await app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: naccugTop });
    expect(logout.statusCode).toBe(204);
    await expect(stream.ended.then(() => 'ended')).resolves.toBe('ended');
  });

  it('[LIVE-5] without a valid bearer token the stream answers 401', async () => {
    const res = await fetch(`${base}/api/v1/changes`);
    expect(res.status).toBe(401);
  });
});

describe('streamChanges across gateways and at shutdown', () => {
  it('[LIVE-6] a change written through one gateway reaches a stream of another on the same database, and closing ends it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'teller-live-'));
    // Two processes share a file on SQLite (:memory: is one connection's own) and a database on PostgreSQL.
    const database = TEST_ENGINE === 'postgres' ? await createTestDatabase() : { url: join(dataDir, 'teller.db'), drop: async () => undefined };
    const options = { databaseUrl: database.url, demo: true, jwtSecret: TEST_JWT_SECRET, now: () => MINIMAL_NOW };
    const writer = await buildApp({ ...options, dataDir: join(dataDir, 'a') });
    const world = await seedMinimal(writer.db, { now: MINIMAL_NOW });
    const reader = await buildApp({ ...options, dataDir: join(dataDir, 'b') });
    try {
      const readerBase = await listen(reader);
      const stream = await openStream(readerBase, await bearerFor(reader, world.users.super, 'naccug'));
      const res = await writer.inject({
        method: 'PATCH',
        url: `/api/v1/um/account/${world.users.kanifingMember}`,
        headers: await bearerFor(writer, world.users.super, 'naccug'),
        payload: { data: { type: 'Account', attributes: { status: 2 } } },
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(() => stream.events.map((event) => event.entityId)).toEqual([String(world.users.kanifingMember)]);
      // How soon (within the second the live tables promise) is server/domain/changes/waker.test.ts's, on a clock it controls.

      // SIGTERM drain (server/shutdown.ts closes the app): the open stream ends instead of holding the close up.
      const closed = reader.close().then(() => 'closed');
      await expect(closed).resolves.toBe('closed');
      await stream.ended;
    } finally {
      await reader.close();
      await writer.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
