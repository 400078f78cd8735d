import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../testing/database.ts';
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
      const waker = new ChangeWaker({ db, postgresUrl: database.url, now: () => new Date(), pollMs: 60_000 });
      cleanup = async () => {
        waker.close();
        await db.destroy();
        await database.drop();
      };
      let wakes = 0;
      waker.subscribe({ wake: () => (wakes += 1), end: () => undefined });
      await expect.poll(() => wakes, { timeout: 3_000 }).toBe(1);
    },
  );
});
