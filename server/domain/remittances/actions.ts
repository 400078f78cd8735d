// Corrective actions on stuck payouts (remittances-and-payouts §4, §5): re-initiate one row, reprocess many, cancel,
// edit one status, edit many. Payout admins only (RP §6). A re-initiated or reprocessed row becomes 4 Re-Processing
// and waits in payout_queue for the settler (./settler.ts), which pays it through the bank later. Every change is
// one database transaction with its audit row, and writes only over the version it read (else row_changed).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Remittance } from '../../db/schema.ts';
import type { Session } from '../auth/tokens.ts';
import { BANK_CODE, type BankLine } from '../bank/bank.ts';
import { DomainRefusal } from '../refusal.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import { claimKey, completeKey, inTransaction } from '../wallet/idempotency.ts';
import { parseId } from '../wallet/ids.ts';
import { nextDay } from '../wallet/query.ts';
import { findRemittance, operatorTenant, remittanceView, viewerOf, viewOf, type RemittanceView, type Viewer } from './rows.ts';
import {
  CANCELLED_PREFIX,
  PAYOUT_INPUT_MESSAGES,
  REMITTANCE_STATUS,
  STATUS_TEXT,
  assertPayoutAdmin,
  bankReference,
  isReprocessable,
  reprocessableRule,
} from './rules.ts';

export interface PayoutActor {
  db: Db;
  session: Session;
  now: Date;
}

/** The audit entity of every remittance change (the contract's "Remittances and payouts" Audit). */
export const REMITTANCE_ENTITY = 'remittance';

/** The most rows one bulk request queues or edits (RP §5 bulk count 1 to 1000). */
export const BULK_LIMIT = 1000;

const conflict = (message: string, code: string, detail?: string) =>
  new DomainRefusal('conflict', detail === undefined ? { message, code } : { message, code, detail });

const rowChanged = () =>
  conflict('The transaction changed meanwhile', 'row_changed', 'Another change was saved first. Refresh and try again.');

/** The status facts an audit row records before and after a change. */
function statusOf(row: Pick<Remittance, 'status_id' | 'status' | 'payout_external_id'>) {
  return { statusId: row.status_id, status: row.status, payoutExternalId: row.payout_external_id };
}

export async function payoutAdminViewer(db: Db, session: Session): Promise<Viewer> {
  const tenant = await operatorTenant(db, session);
  assertPayoutAdmin(session, tenant);
  return viewerOf(session, tenant);
}

async function isQueued(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('payout_queue').select('remittance_id').where('remittance_id', '=', id).executeTakeFirst()) !== undefined;
}

/** Writes a change over the version that was read; false when another change came first. */
async function writeOver(db: Db, row: Remittance, change: Partial<Pick<Remittance, 'status_id' | 'status' | 'admin_notes'>>, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('remittances')
    .set({ ...change, version: row.version + 1, updated: now.toISOString() })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves a reprocessable, unqueued row to 4 Re-Processing and queues it; the outcome when it cannot. */
function queueRow(db: Db, actor: PayoutActor, row: Remittance, viewer: Viewer): Promise<'queued' | 'not_reprocessable' | 'already_queued' | 'row_changed'> {
  return unitOfWork(db, sessionActor(actor.session, actor.now), async ({ db: trx, change: record }) => {
    if (await isQueued(trx, row.id)) return 'already_queued';
    if (!isReprocessable(viewer.tenant.type, row.status_id, row.status)) return 'not_reprocessable';
    const change = { status_id: REMITTANCE_STATUS.Processing, status: STATUS_TEXT.ReProcessing };
    if (!(await writeOver(trx, row, change, actor.now))) return 'row_changed';
    const inserted = await trx
      .insertInto('payout_queue')
      .values({ remittance_id: row.id, tenant_id: row.tenant_id, queued_at: actor.now.toISOString(), queued_by: actor.session.userId, claim: null, claimed_at: null })
      .onConflict((oc) => oc.column('remittance_id').doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return 'already_queued';
    await record({
      tenantId: row.tenant_id,
      action: 'remittance.republish',
      entity: REMITTANCE_ENTITY,
      entityId: row.id,
      before: statusOf(row),
      after: { ...statusOf({ ...row, ...change }), queued: true },
    });
    return 'queued';
  });
}

/** RP §4 Re-Initiate one row: it waits for the settler as 4 Re-Processing. */
export async function republishPayout(actor: PayoutActor, wireId: string): Promise<RemittanceView> {
  const viewer = await payoutAdminViewer(actor.db, actor.session);
  return unitOfWork(actor.db, sessionActor(actor.session, actor.now), async ({ db: trx }) => {
    const row = await findRemittance(trx, actor.session, wireId);
    const outcome = await queueRow(trx, actor, row, viewer);
    if (outcome === 'already_queued') throw conflict('The transaction is already waiting to be reprocessed', 'already_queued');
    if (outcome === 'not_reprocessable') {
      throw conflict('The transaction cannot be reprocessed', 'not_reprocessable', `Status ${row.status_id} '${row.status}' is not reprocessable.`);
    }
    if (outcome === 'row_changed') throw rowChanged();
    return viewOf(trx, await findRemittance(trx, actor.session, wireId), viewer);
  });
}

export type ReprocessOutcome = 'queued' | 'not_reprocessable' | 'already_queued' | 'not_found';

export interface ReprocessResult {
  id: string;
  count: number;
  results: Record<string, ReprocessOutcome>;
}

/** Bulk reprocessing: the ticked rows, or the window's reprocessable rows (oldest first) up to `limit`. */
export type ReprocessSelection =
  | { kind: 'ticked'; ids: readonly string[] }
  | { kind: 'window'; startDate: string; endDate: string; limit: number };

export interface IdempotencyClaim {
  key: string;
  hash: string;
}

export type BulkOutcome<T> =
  /** `replayed` answers a repeated Idempotency-Key with the first answer. */
  | { kind: 'done' | 'replayed'; result: T }
  | { kind: 'key_reused' }
  | { kind: 'key_in_flight' };

/** Runs `work` under an Idempotency-Key of the session's user (as createWalletTransaction does), in one transaction. */
async function idempotent<T>(
  actor: PayoutActor,
  idempotency: IdempotencyClaim,
  status: number,
  work: (db: Db) => Promise<T>,
): Promise<BulkOutcome<T>> {
  return inTransaction(actor.db, async (trx): Promise<BulkOutcome<T>> => {
    const claim = await claimKey(trx, { userId: actor.session.userId, key: idempotency.key, hash: idempotency.hash, now: actor.now });
    if (claim.kind === 'reused') return { kind: 'key_reused' };
    if (claim.kind === 'in_flight') return { kind: 'key_in_flight' };
    if (claim.kind === 'replay') return { kind: 'replayed', result: claim.body as T };
    const result = await work(trx);
    await completeKey(trx, { userId: actor.session.userId, key: idempotency.key, status, body: result });
    return { kind: 'done', result };
  });
}

/** RP §4 bulk and selected reprocessing; each considered row gets an outcome, `count` is the number queued. */
export async function republishPayouts(actor: PayoutActor, selection: ReprocessSelection, idempotency: IdempotencyClaim): Promise<BulkOutcome<ReprocessResult>> {
  const viewer = await payoutAdminViewer(actor.db, actor.session);
  return idempotent(actor, idempotency, 202, async (db) => {
    const results: Record<string, ReprocessOutcome> = {};
    if (selection.kind === 'ticked') {
      const ids = selection.ids.map((wireId) => parseId(wireId)).filter((id): id is number => id !== undefined);
      const rows = new Map<number, Remittance>();
      for (let start = 0; start < ids.length; start += 500) {
        const found = await db.selectFrom('remittances').selectAll().where('tenant_id', '=', actor.session.tenantId).where('id', 'in', ids.slice(start, start + 500)).execute();
        for (const row of found) rows.set(row.id, row);
      }
      for (const wireId of selection.ids) {
        const id = parseId(wireId);
        const row = id === undefined ? undefined : rows.get(id);
        const outcome = row ? await queueRow(db, actor, row, viewer) : 'not_found';
        // Inside this one transaction nothing else writes the row between reading and writing it.
        results[wireId] = outcome === 'row_changed' ? 'not_reprocessable' : outcome;
      }
    } else {
      for (const row of await reprocessableInWindow(db, actor.session, viewer, selection)) {
        const outcome = await queueRow(db, actor, row, viewer);
        if (outcome === 'queued') results[String(row.id)] = outcome;
      }
    }
    const count = Object.values(results).filter((outcome) => outcome === 'queued').length;
    return { id: `rb-${randomUUID()}`, count, results };
  });
}

/** The window's reprocessable rows that are not queued, oldest first, at most `limit`. */
async function reprocessableInWindow(db: Db, session: Session, viewer: Viewer, window: { startDate: string; endDate: string; limit: number }): Promise<Remittance[]> {
  const rule = reprocessableRule(viewer.tenant.type);
  if (!rule) return [];
  return db
    .selectFrom('remittances')
    .selectAll()
    .where('tenant_id', '=', session.tenantId)
    .where('transaction_date', '>=', window.startDate)
    .where('transaction_date', '<', nextDay(window.endDate))
    .where('status_id', 'in', [...rule.statusIds])
    .where((eb) => eb.fn<string>('trim', ['status']), 'in', [...rule.texts])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('payout_queue').select('remittance_id').whereRef('payout_queue.remittance_id', '=', 'remittances.id'))))
    .orderBy('transaction_date')
    .orderBy('id')
    .limit(window.limit)
    .execute();
}

export interface CancelRequest {
  id: string;
  reason: string;
  /** The status check's message the admin saw; kept in the audit row. */
  responseMessage?: string | undefined;
}

/**
 * RP §4 Cancel: asks the bank first (a payout it paid is never cancelled), then sets 128 'Cancelled - {reason}'.
 * The bank call runs outside any database transaction; the write then checks the row did not change meanwhile.
 * A bank that cannot be reached throws BankUnreachable and nothing changes.
 */
export async function cancelPayout(actor: PayoutActor & { bank: BankLine }, request: CancelRequest): Promise<RemittanceView> {
  const viewer = await payoutAdminViewer(actor.db, actor.session);
  const reason = request.reason.trim();
  if (reason === '') throw DomainRefusal.invalidFields({ reason: 'A reason is required' });
  const row = await findRemittance(actor.db, actor.session, request.id);
  const assertCancellable = async (db: Db, current: Remittance) => {
    if (await isQueued(db, current.id)) throw conflict('The transaction is waiting to be reprocessed', 'already_queued');
    if (!isReprocessable(viewer.tenant.type, current.status_id, current.status)) {
      throw conflict('The transaction cannot be cancelled', 'not_reprocessable', `Status ${current.status_id} '${current.status}' is not reprocessable.`);
    }
  };
  await assertCancellable(actor.db, row);
  const bankStatus = await actor.bank.transactionStatus(bankReference(row.payout_external_id));
  if (bankStatus.code === BANK_CODE.Approved) {
    throw conflict('The bank has paid this transaction: it cannot be cancelled', 'bank_settled', bankStatus.message);
  }
  return unitOfWork(actor.db, sessionActor(actor.session, actor.now), async ({ db: trx, change: record }) => {
    const current = await findRemittance(trx, actor.session, request.id);
    if (current.version !== row.version) throw rowChanged();
    await assertCancellable(trx, current);
    const status = `${CANCELLED_PREFIX} ${reason}`;
    const change = { status_id: REMITTANCE_STATUS.Failed, status, admin_notes: `Cancelled by ${await actorName(trx, actor.session)}: ${reason}` };
    if (!(await writeOver(trx, current, change, actor.now))) throw rowChanged();
    await record({
      tenantId: current.tenant_id,
      action: 'remittance.cancel',
      entity: REMITTANCE_ENTITY,
      entityId: current.id,
      before: statusOf(current),
      after: statusOf({ ...current, ...change }),
      reason: [reason, request.responseMessage?.trim() ? `Status check: ${request.responseMessage.trim()}` : null, `Bank: ${bankStatus.code} ${bankStatus.message}`]
        .filter((part) => part !== null)
        .join(' | '),
    });
    return viewOf(trx, await findRemittance(trx, actor.session, request.id), viewer);
  });
}

/** The signed-in user as adminNotes name them: the sign-in e-mail, else the user id. */
async function actorName(db: Db, session: Session): Promise<string> {
  const account = await db.selectFrom('accounts').select('username').where('user_id', '=', session.userId).executeTakeFirst();
  return account?.username ?? `user ${session.userId}`;
}

export interface StatusEdit {
  statusCode: number;
  statusDescription: string;
}

/** RP §5: Status Code an integer 0 to 256, Status Description required. `fields` names the request's attributes. */
function checkEdit(edit: StatusEdit, fields: { code: string; description: string }): StatusEdit {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(edit.statusCode) || edit.statusCode < 0 || edit.statusCode > 256) errors[fields.code] = PAYOUT_INPUT_MESSAGES.statusCodeRange;
  const description = edit.statusDescription.trim();
  if (description === '') errors[fields.description] = PAYOUT_INPUT_MESSAGES.statusDescriptionRequired;
  if (Object.keys(errors).length > 0) throw DomainRefusal.invalidFields(errors);
  return { statusCode: edit.statusCode, statusDescription: description };
}

/** Sets one row's status; a queued row leaves the queue. Inside the caller's transaction. */
function applyEdit(db: Db, actor: PayoutActor, row: Remittance, edit: StatusEdit, by: string): Promise<void> {
  return unitOfWork(db, sessionActor(actor.session, actor.now), async ({ db: trx, change: record }) => {
    const change = { status_id: edit.statusCode, status: edit.statusDescription, admin_notes: `Status set to ${edit.statusCode} by ${by}` };
    if (!(await writeOver(trx, row, change, actor.now))) throw rowChanged();
    const left = await trx.deleteFrom('payout_queue').where('remittance_id', '=', row.id).executeTakeFirst();
    await record({
      tenantId: row.tenant_id,
      action: 'remittance.status',
      entity: REMITTANCE_ENTITY,
      entityId: row.id,
      before: { ...statusOf(row), queued: left.numDeletedRows > 0n },
      after: { ...statusOf({ ...row, ...change }), queued: false },
      reason: edit.statusDescription,
    });
  });
}

/** RP §4 Edit Status of one row. */
export async function updatePayoutStatus(actor: PayoutActor, wireId: string, request: StatusEdit): Promise<RemittanceView> {
  const viewer = await payoutAdminViewer(actor.db, actor.session);
  const edit = checkEdit(request, { code: 'StatusCode', description: 'StatusDescription' });
  return unitOfWork(actor.db, sessionActor(actor.session, actor.now), async ({ db: trx }) => {
    const row = await findRemittance(trx, actor.session, wireId);
    await applyEdit(trx, actor, row, edit, await actorName(trx, actor.session));
    return viewOf(trx, await findRemittance(trx, actor.session, wireId), viewer);
  });
}

/** RP §4 bulk edit: one code and description for every ticked row, all or nothing. */
export async function updatePayoutStatuses(
  actor: PayoutActor,
  request: StatusEdit & { transactionIds: readonly string[] },
  idempotency: IdempotencyClaim,
): Promise<BulkOutcome<RemittanceView[]>> {
  const viewer = await payoutAdminViewer(actor.db, actor.session);
  const edit = checkEdit(request, { code: 'statusCode', description: 'statusDescription' });
  return idempotent(actor, idempotency, 200, async (db) => {
    const rows: Remittance[] = [];
    const missing: Record<string, string> = {};
    for (const [index, wireId] of request.transactionIds.entries()) {
      const id = parseId(wireId);
      const row =
        id === undefined
          ? undefined
          : await db.selectFrom('remittances').selectAll().where('id', '=', id).where('tenant_id', '=', actor.session.tenantId).executeTakeFirst();
      if (row) rows.push(row);
      else missing[`transactionIds/${index}`] = `Transaction ${wireId} not found`;
    }
    if (Object.keys(missing).length > 0) {
      throw new DomainRefusal(
        'invalid',
        Object.entries(missing).map(([field, message]) => ({ message, field, code: 'not_found' })),
      );
    }
    const by = await actorName(db, actor.session);
    for (const row of rows) await applyEdit(db, actor, row, edit, by);
    const updated = await db.selectFrom('remittances').selectAll().where('id', 'in', rows.map((row) => row.id)).execute();
    const byId = new Map(updated.map((row) => [row.id, row]));
    // An edit takes a row out of the queue, so none of them is queued now.
    return rows.map((row) => remittanceView(byId.get(row.id) ?? row, false, viewer));
  });
}
