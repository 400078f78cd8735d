// Idempotency-Key for money-moving requests (the policy is the contract's, createWalletTransaction):
// keys are scoped to the signed-in user and kept 24 hours; the same key with the same body replays the first
// answer, with another body it is refused, and while the first request is in flight a duplicate is refused too.
//
// The key is claimed by an INSERT that the primary key (user_id, key) refuses a second time, inside the same
// database transaction that does the work: concurrent requests with one key wait for the first to commit and
// then find its answer, so they create one transaction between them. A request that is refused rolls the
// claim back with everything else, so only successful answers are remembered.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type KeyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_flight' }
  | { kind: 'reused' };

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a request: which operation, and its canonical body. */
export function requestHash(operationId: string, body: unknown): string {
  return createHash('sha256').update(operationId).update('\n').update(canonicalJson(body)).digest('hex');
}

/** Claims `key` for `userId`, or says why not; call inside the transaction that does the work. */
export async function claimKey(
  db: Db,
  claim: { userId: number; key: string; hash: string; now: Date },
): Promise<KeyClaim> {
  const cutoff = new Date(claim.now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  // Expired keys of this user are forgotten (the primary key's prefix finds them).
  await db.deleteFrom('idempotency_keys').where('user_id', '=', claim.userId).where('created', '<=', cutoff).execute();

  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.hash,
      state: 'in_flight',
      response_status: null,
      response_body: null,
      created: claim.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { kind: 'claimed' };

  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirstOrThrow();
  if (existing.request_hash !== claim.hash) return { kind: 'reused' };
  if (existing.state !== 'done' || existing.response_status === null || existing.response_body === null) {
    return { kind: 'in_flight' };
  }
  return { kind: 'replay', status: existing.response_status, body: JSON.parse(existing.response_body) as unknown };
}

/** Stores the answer of a claimed key, in the same transaction as the work it answers for. */
export async function completeKey(db: Db, done: { userId: number; key: string; status: number; body: unknown }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: done.status, response_body: JSON.stringify(done.body) })
    .where('user_id', '=', done.userId)
    .where('key', '=', done.key)
    .execute();
}
