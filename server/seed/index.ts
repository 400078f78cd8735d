// Seeding entry points: the demo world for `npm start`, the base lists for production, the minimal test world.
import type { Db } from '../db/connection.ts';
import { seedBase, seedDemoWorld, type DemoWorldSummary } from './demo-world.ts';

export { DEMO_LOGINS, seedDemoWorld, type DemoWorldSummary } from './demo-world.ts';
export { MINIMAL_NOW, MINIMAL_TENANTS, seedMinimal, type MinimalWorld } from './minimal.ts';
export { DEMO_PASSWORD } from './people.ts';
export { readTenantFiles, WEB_CLIENT } from './tenants.ts';

/** True when nothing has been seeded yet (no tenants). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/**
 * Seeds an empty database: the whole demo world in demo mode, only the reference lists and tenants otherwise.
 * Returns the demo world's summary, or null when nothing was seeded or not in demo mode.
 */
export async function seedIfEmpty(db: Db, options: { demo: boolean; now?: Date }): Promise<DemoWorldSummary | null> {
  if (!(await isEmpty(db))) return null;
  const now = options.now ?? new Date();
  if (!options.demo) {
    await seedBase(db, { now });
    return null;
  }
  return seedDemoWorld(db, { now });
}
