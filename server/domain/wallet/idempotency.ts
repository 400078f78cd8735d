// Idempotency-Key for money-moving requests (the policy is the contract's, createWalletTransaction):
// keys are scoped to the signed-in user and kept 24 hours; the same key with the same body replays the first
// answer, with another body it is refused, and while the first request is in flight a duplicate is refused too.
//
// The key is claimed by an INSERT that the primary key (user_id, key) refuses a second time, inside the same
// database transaction that does the work: concurrent requests with one key wait for the first to commit and
// then find its answer, so they create one transaction between them. A request that is refused rolls the
// claim back with everything else, so only successful answers are remembered.
//
// A key whose request a four-eyes rule held back (issue 22) is bound to its approval: state `held` with the
// approval's id, written in the transaction that creates the approval. From then on the key stands for that
// approval: another body is refused, a retry answers the approval (approval-gate.ts), and only the approval's own
// run (runAsApproval) may claim the key to do the work, once; every other claim finds it in flight.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { IdempotencyKeysTable } from '../../db/schema.ts';

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

/** The fingerprint a key stands for: the operation, its body and its query (republishPayouts reads its window there). */
export function keyedRequestHash(operationId: string, body: unknown, query: unknown): string {
  const parameters = typeof query === 'object' && query !== null ? query : {};
  return Object.keys(parameters).length === 0 ? requestHash(operationId, body) : requestHash(operationId, { body, query: parameters });
}

/** The approval whose run is in progress in this async context: the only one that may claim its held key. */
const approvalRun = new AsyncLocalStorage<number>();

/** Runs an approved request so that its handler's claimKey may take the key held for `approvalId`. */
export function runAsApproval<T>(approvalId: number, work: () => Promise<T>): Promise<T> {
  return approvalRun.run(approvalId, work);
}

type KeyRow = Pick<Selectable<IdempotencyKeysTable>, 'request_hash' | 'state' | 'response_status' | 'response_body' | 'approval_id'>;

async function forgetExpired(db: Db, userId: number, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  // Expired keys of this user are forgotten (the primary key's prefix finds them).
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('created', '<=', cutoff).execute();
}

async function insertKey(db: Db, claim: { userId: number; key: string; hash: string; now: Date }, state: 'in_flight' | 'held'): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.hash,
      state,
      response_status: null,
      response_body: null,
      created: claim.now.toISOString(),
      approval_id: null,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

async function keyRow(db: Db, userId: number, key: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body', 'approval_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * What a used key stands for, as a four-eyes gate sees it: another request (`reused`), a held request's approval
 * (`held`, until its run has stored the answer), or a request that ran or runs directly (`direct`: the handler
 * replays or refuses it). The one rule for keys and approvals; `free` when unused or expired.
 */
export type KeyBinding = { kind: 'free' } | { kind: 'reused' } | { kind: 'held'; approvalId: number } | { kind: 'direct' };

function bindingOf(row: KeyRow | undefined, hash: string): KeyBinding {
  if (!row) return { kind: 'free' };
  if (row.request_hash !== hash) return { kind: 'reused' };
  if (row.approval_id !== null && row.state !== 'done') return { kind: 'held', approvalId: row.approval_id };
  return { kind: 'direct' };
}

/** Reads what the key stands for, before deciding whether its request is one a rule holds. */
export async function keyBinding(db: Db, claim: { userId: number; key: string; hash: string; now: Date }): Promise<KeyBinding> {
  const cutoff = new Date(claim.now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body', 'approval_id', 'created'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  return bindingOf(row && row.created > cutoff ? row : undefined, claim.hash);
}

/**
 * Claims `key` for a request about to be held, inside the transaction that creates its approval (then bindKey);
 * `free` means claimed. Concurrent duplicates wait for the first one's commit and find its approval.
 */
/**
 * Runs `work` in the transaction already open (an approval's run: approvals.ts approveApproval) or in a new one, so a
 * claimed Idempotency-Key and the change it guards commit or roll back together.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function claimKeyToHold(db: Db, claim: { userId: number; key: string; hash: string; now: Date }): Promise<KeyBinding> {
  await forgetExpired(db, claim.userId, claim.now);
  if (await insertKey(db, claim, 'held')) return { kind: 'free' };
  return bindingOf(await keyRow(db, claim.userId, claim.key), claim.hash);
}

/** Binds a key claimed by claimKeyToHold to the approval made for its request. */
export async function bindKey(db: Db, binding: { userId: number; key: string; approvalId: number }): Promise<void> {
  await db.updateTable('idempotency_keys').set({ approval_id: binding.approvalId }).where('user_id', '=', binding.userId).where('key', '=', binding.key).execute();
}

/** Claims `key` for `userId`, or says why not; call inside the transaction that does the work. */
export async function claimKey(
  db: Db,
  claim: { userId: number; key: string; hash: string; now: Date },
): Promise<KeyClaim> {
  await forgetExpired(db, claim.userId, claim.now);
  if (await insertKey(db, claim, 'in_flight')) return { kind: 'claimed' };

  const existing = await keyRow(db, claim.userId, claim.key);
  if (!existing) return { kind: 'in_flight' };
  if (existing.request_hash !== claim.hash) return { kind: 'reused' };
  if (existing.state === 'held') {
    // Only the approval's own run takes a held key; it keeps it 24 hours from the run.
    if (existing.approval_id === null || approvalRun.getStore() !== existing.approval_id) return { kind: 'in_flight' };
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ state: 'in_flight', created: claim.now.toISOString() })
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .where('state', '=', 'held')
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n ? { kind: 'claimed' } : { kind: 'in_flight' };
  }
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
