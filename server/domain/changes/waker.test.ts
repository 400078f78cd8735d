import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../testing/database.ts';
import { recordChange } from './feed.ts';
import { ChangeWaker } from './waker.ts';

describe('ChangeWaker on PostgreSQL', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    '[LIVE-6] wakes its listeners once LISTEN is in place, so a change committed while it connected is not left to the safety poll',
    async () => {
      const database: TestDatabase = await createTestDatabase('empty');
      const db = openDatabase({ databaseUrl: database.url, dataDir: '.' });
      await migrateToLatest(db);
      // A safety poll that never comes while the test runs: only the wake at LISTEN can count.
      const waker = new ChangeWaker({ db, postgresUrl: database.url, now: () => new Date(), pollMs: 600_000 });
      cleanup = async () => {
        waker.close();
        await db.destroy();
        await database.drop();
      };
      let wakes = 0;
      waker.subscribe({ wake: () => (wakes += 1), end: () => undefined });
      await expect.poll(() => wakes).toBe(1);
    },
  );
});

// README: a list "updates it in place within a second" of a change written by any gateway process on the database.
describe('[LIVE-6] a change written by another process wakes the listeners within a second', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await cleanup?.();
    cleanup = undefined;
  });

  // A change as a write records it (with its NOTIFY on PostgreSQL), in the writer's own transaction.
  const writeChange = (db: Db) =>
    db.transaction().execute((trx) => recordChange(trx, { tenantId: 'naccug', action: 'account.status', entity: 'account', entityId: 7, after: { status: 2 } }));

  it.runIf(TEST_ENGINE === 'sqlite')('on SQLite, by the poll of the newest id: no second passes without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teller-waker-'));
    const file = join(dir, 'teller.db');
    const reader = openDatabase({ databaseUrl: file, dataDir: dir });
    await migrateToLatest(reader);
    const writer = openDatabase({ databaseUrl: file, dataDir: dir });
    cleanup = async () => {
      await reader.destroy();
      await writer.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const waker = new ChangeWaker({ db: reader, now: () => new Date() });
    let wakes = 0;
    waker.subscribe({ wake: () => (wakes += 1), end: () => undefined });
    // better-sqlite3 answers at once: a poll's read is done once the microtasks it queued have run.
    const pollsDone = () => new Promise((done) => setImmediate(done));
    // The first poll learns the newest id (and wakes, the stream reads once).
    await vi.advanceTimersByTimeAsync(1_000);
    await pollsDone();
    expect(wakes).toBe(1);
    await writeChange(writer);
    await vi.advanceTimersByTimeAsync(1_000);
    await pollsDone();
    expect(wakes).toBe(2);
    waker.close();
  });

  it.runIf(TEST_ENGINE === 'postgres')('on PostgreSQL, by NOTIFY at commit, not by the safety poll', async () => {
    const database: TestDatabase = await createTestDatabase('migrated');
    const reader = openDatabase({ databaseUrl: database.url, dataDir: '.' });
    const writer = openDatabase({ databaseUrl: database.url, dataDir: '.' });
    // A safety poll that never comes while the test runs: only the NOTIFY can wake the listener.
    const waker = new ChangeWaker({ db: reader, postgresUrl: database.url, now: () => new Date(), pollMs: 600_000 });
    cleanup = async () => {
      waker.close();
      await reader.destroy();
      await writer.destroy();
      await database.drop();
    };
    let wakes = 0;
    waker.subscribe({ wake: () => (wakes += 1), end: () => undefined });
    await expect.poll(() => wakes).toBe(1);
    await writeChange(writer);
    await expect.poll(() => wakes).toBe(2);
  });
});
