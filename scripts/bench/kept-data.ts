import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/connection.ts';
import { openSession } from '../../server/domain/auth/sessions.ts';

// A bench's seed kept between runs (env BENCH_DATA): the directory holds the data and the world it was seeded with.
const KEPT_WORLD = 'world.json';

/** Where seeded data is kept between runs (env BENCH_DATA), or undefined for throwaway data. */
export const KEPT = process.env.BENCH_DATA;
/** Seed (or find the data seeded before), print the seed time and stop without measuring (env BENCH_SEED_ONLY=1). */
export const SEED_ONLY = process.env.BENCH_SEED_ONLY === '1';

/** The world a kept directory was seeded with, if it was seeded with `rows` rows. */
export function keptWorld<World>(dir: string, rows: number): World | undefined {
  const file = join(dir, KEPT_WORLD);
  if (!existsSync(file)) return undefined;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as World & { rows: number };
  return kept.rows === rows ? kept : undefined;
}

/** Written once seeding has finished, so an interrupted seed is redone on the next run. */
export function keepWorld<World extends object>(dir: string, world: World, rows: number): void {
  writeFileSync(join(dir, KEPT_WORLD), JSON.stringify({ ...world, rows }));
}

/** A live server-side session for the benchmark's token, opened at each run (kept data outlives any session). */
export async function openBenchSession(databaseUrl: string, dataDir: string, userId: number): Promise<string> {
  const db = openDatabase({ databaseUrl, dataDir });
  try {
    return (await openSession(db, { userId, client: 'teller-web', now: new Date(), ttlSeconds: 12 * 3600 })).id;
  } finally {
    await db.destroy();
  }
}
