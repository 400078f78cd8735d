// Attempt limits kept in the database, so every gateway process counts the same attempts (ASVS 5.0 §6.3, 4.0 §2.2.1).
// An attempt is counted BEFORE it is checked, by one atomic upsert per counter: of 100 concurrent wrong passwords only
// the limit's worth are checked, the others are refused before any password is hashed. A window opens at the first
// counted attempt of a key and lasts the counter's windowMs.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

export interface AttemptCounter {
  /** `<name>:<scope>:<subject>`, e.g. `sign-in:pair:ana@demo.test|10.0.0.1`. */
  key: string;
  /** What the key counts by (`pair`, `address`, `account`, `transaction`), for the audit row of a refusal. */
  scope: string;
  /** Attempts allowed in one window; the next is refused. */
  limit: number;
  windowMs: number;
  /** What a successful attempt does: `release` takes it back, `reset` forgets the key's whole count. */
  onSuccess: 'release' | 'reset';
}

/** The counter of `name` by `scope` for `subject`. */
export function attemptCounter(
  name: string,
  scope: string,
  subject: string,
  limits: { limit: number; windowMs: number; onSuccess?: AttemptCounter['onSuccess'] },
): AttemptCounter {
  return { key: `${name}:${scope}:${subject}`, scope, limit: limits.limit, windowMs: limits.windowMs, onSuccess: limits.onSuccess ?? 'release' };
}

export type Reservation = { ok: true } | { ok: false; counter: AttemptCounter; retryAfterSeconds: number };

type CounterBuilder = ExpressionBuilder<Database, 'attempt_counters'>;

/** Counts one attempt of the key in one statement; answers the count so far in the window, this attempt included. */
async function countAttempt(db: Db, counter: AttemptCounter, now: Date): Promise<{ count: number; window_ends: string }> {
  const at = now.toISOString();
  const ends = new Date(now.getTime() + counter.windowMs).toISOString();
  // A closed window, or one whose every attempt was taken back, opens anew with this attempt.
  const opensAnew = (eb: CounterBuilder) => eb.or([eb('attempt_counters.window_ends', '<=', at), eb('attempt_counters.count', '<=', 0)]);
  return db
    .insertInto('attempt_counters')
    .values({ key: counter.key, count: 1, window_ends: ends })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        count: eb.case().when(opensAnew(eb)).then(1).else(eb('attempt_counters.count', '+', 1)).end(),
        window_ends: eb.case().when(opensAnew(eb)).then(ends).else(eb.ref('attempt_counters.window_ends')).end(),
      })),
    )
    .returning(['count', 'window_ends'])
    .executeTakeFirstOrThrow();
}

/**
 * Counts the attempt under each counter in turn (narrowest first). Past a counter's limit the attempt is taken back
 * from every counter it reached, so refused attempts never use up a wider counter (a flood from one address does
 * not lock the account from the others).
 */
export async function reserveAttempt(db: Db, counters: readonly AttemptCounter[], now: Date): Promise<Reservation> {
  const counted: AttemptCounter[] = [];
  for (const counter of counters) {
    const row = await countAttempt(db, counter, now);
    counted.push(counter);
    if (row.count > counter.limit) {
      await releaseAttempt(db, counted);
      const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.window_ends) - now.getTime()) / 1000));
      return { ok: false, counter, retryAfterSeconds };
    }
    if (row.count === 1) await db.deleteFrom('attempt_counters').where('window_ends', '<=', now.toISOString()).execute();
  }
  return { ok: true };
}

/** Takes a counted attempt back (it was not a failure). */
export async function releaseAttempt(db: Db, counters: readonly AttemptCounter[]): Promise<void> {
  if (counters.length === 0) return;
  await db
    .updateTable('attempt_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', 'in', counters.map((counter) => counter.key))
    .where('count', '>', 0)
    .execute();
}

/** A successful attempt: released from some counters, and resetting the others (AttemptCounter.onSuccess). */
export async function settleSuccess(db: Db, counters: readonly AttemptCounter[]): Promise<void> {
  await releaseAttempt(db, counters.filter((counter) => counter.onSuccess === 'release'));
  const reset = counters.filter((counter) => counter.onSuccess === 'reset').map((counter) => counter.key);
  if (reset.length > 0) await db.deleteFrom('attempt_counters').where('key', 'in', reset).execute();
}
