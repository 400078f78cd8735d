// Four-eyes approvals in the database (migration 011): a held request waits as `pending` for 24 hours; approving
// claims it by one conditional UPDATE (pending → running), so of any number of concurrent approvals on any engine
// exactly one runs the request; the others wait for its result and answer it too. The claim, the run and its result
// are one database transaction: a failure leaves the approval pending. Reject ends it with a reason.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { ApprovalState, ApprovalsTable } from '../../db/schema.ts';
import { sql, type Selectable } from 'kysely';
import type { Session } from '../auth/tokens.ts';
import { auditEvent } from '../audit.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import type { Paging } from '../paging.ts';
import { bindKey, claimKeyToHold } from '../wallet/idempotency.ts';
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';
import { subjectsOf, type FactValue, type RequestFacts } from './facts.ts';
import type { ApprovalRule, Approvers } from './rules.ts';

/** users-and-wallets has no approvals; an operator expects a day to find a second person. */
export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a second approver waits for the first one's run to finish before answering 409. */
const RUN_WAIT_MS = 10_000;

export type ApprovalStatus = 'pending' | 'approved' | 'failed' | 'rejected' | 'expired' | 'cancelled';

export interface Person {
  id: string;
  name: string;
  email: string | null;
}

export interface ApprovalView {
  id: string;
  tenant: string;
  operationId: string;
  rule: string;
  status: ApprovalStatus;
  summary: string;
  before: Record<string, FactValue>;
  after: Record<string, FactValue>;
  maker: Person;
  approverRoles: number[];
  decidedBy: Person | null;
  reason: string | null;
  created: string;
  expires: string;
  decided: string | null;
  result: { status: number; document: Record<string, unknown> } | null;
  canDecide: boolean;
}

/** The maker's request as it will run: path parameters, body, query (absent on approvals stored before it was kept) and Idempotency-Key. */
export interface StoredRequest {
  params: Record<string, string>;
  body: unknown;
  query?: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface RunResult {
  status: number;
  document: Record<string, unknown>;
}

type Row = Selectable<ApprovalsTable>;

const notFound = () => new DomainRefusal('not_found', { message: 'No such approval' });

function statusOf(row: Pick<Row, 'status' | 'expires'>, now: Date): ApprovalStatus {
  if (row.status === 'running') return 'pending';
  if (row.status === 'pending' && row.expires <= now.toISOString()) return 'expired';
  return row.status;
}

async function groupOf(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('accounts').select('group_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.group_id ?? null;
}

interface Viewer {
  session: Session;
  groupId: number | null;
  /** The admin tenant's top admin acting inside another tenant (after choosing it). */
  adminTenantTopAdminInside: boolean;
  /** Anyone else acting outside their own tenant. */
  outsideOwnTenant: boolean;
}

async function viewerOf(db: Db, session: Session): Promise<Viewer> {
  const home = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.tenant_id', 'tenants.is_admin'])
    .where('users.id', '=', session.userId)
    .executeTakeFirst();
  const outside = home !== undefined && home.tenant_id !== session.tenantId;
  const adminTenantTopAdminInside = outside && home.is_admin === 1 && session.roles.includes(ROLE.TopAdmin);
  return { session, groupId: await groupOf(db, session.userId), adminTenantTopAdminInside, outsideOwnTenant: outside && !adminTenantTopAdminInside };
}

function approversOf(row: Pick<Row, 'approvers_json'>): Approvers {
  return JSON.parse(row.approvers_json) as Approvers;
}

/**
 * Why the viewer may not decide the approval, or undefined when they may: the one home of the conflict-of-interest
 * rules (never the maker, never the person the action is about, the admin tenant's top admin inside a tenant only
 * where the rule names them, else the rule's roles and group in the approval's tenant).
 */
function decisionRefusal(row: Row, viewer: Viewer): DomainRefusal | undefined {
  const { session } = viewer;
  if (row.maker_user_id === session.userId) {
    return new DomainRefusal('forbidden', { message: 'You asked for this action: a second person must decide it.', code: 'maker_cannot_approve' });
  }
  if (subjectsOf(row.operation_id, JSON.parse(row.request_json) as StoredRequest).includes(session.userId)) {
    return new DomainRefusal('forbidden', { message: 'This action is about you: another person must decide it.', code: 'subject_cannot_approve' });
  }
  const approvers = approversOf(row);
  if (row.tenant_id !== session.tenantId || viewer.outsideOwnTenant) {
    return new DomainRefusal('forbidden', { message: 'You may not decide this approval.', code: 'not_an_approver' });
  }
  if (viewer.adminTenantTopAdminInside) {
    if (approvers.adminTenantTopAdmin === true) return undefined;
    return new DomainRefusal('forbidden', {
      message: "The admin tenant's top admin decides this tenant's approvals only where the rule names them.",
      code: 'not_an_approver',
    });
  }
  const inScope =
    session.roles.some((role) => approvers.roles.includes(role)) && (!approvers.sameGroup || (row.maker_group_id !== null && row.maker_group_id === viewer.groupId));
  if (!inScope) return new DomainRefusal('forbidden', { message: 'You may not decide this approval.', code: 'not_an_approver' });
  return undefined;
}

/** Audits a refused decision (a security event) and returns the refusal to throw. */
async function refusedDecision(db: Db, row: Row, session: Session, refusal: DomainRefusal, decision: 'approve' | 'reject', now: Date): Promise<DomainRefusal> {
  await auditEvent(db, {
    actorUserId: session.userId,
    tenantId: row.tenant_id,
    action: 'approval.refuse',
    entity: 'approval',
    entityId: row.id,
    after: { decision, code: refusal.reasons[0]?.code ?? null, operationId: row.operation_id, summary: row.summary },
    reason: refusal.message,
    at: now,
  });
  return refusal;
}

async function people(db: Db, ids: readonly number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'firstname', 'lastname', 'email']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, { id: String(row.id), name: `${row.firstname} ${row.lastname}`.trim(), email: row.email }]));
}

async function views(db: Db, rows: readonly Row[], viewer: Viewer, now: Date): Promise<ApprovalView[]> {
  const names = await people(db, rows.flatMap((row) => (row.decided_by === null ? [row.maker_user_id] : [row.maker_user_id, row.decided_by])));
  const person = (id: number): Person => names.get(id) ?? { id: String(id), name: `user ${id}`, email: null };
  return rows.map((row) => {
    const status = statusOf(row, now);
    return {
      id: String(row.id),
      tenant: row.tenant_id,
      operationId: row.operation_id,
      rule: row.rule_id,
      status,
      summary: row.summary,
      before: JSON.parse(row.before_json) as Record<string, FactValue>,
      after: JSON.parse(row.after_json) as Record<string, FactValue>,
      maker: person(row.maker_user_id),
      approverRoles: approversOf(row).roles,
      decidedBy: row.decided_by === null ? null : person(row.decided_by),
      reason: row.reason,
      created: row.created,
      expires: row.expires,
      decided: row.status === 'running' ? null : row.decided,
      result: row.result_status === null || row.result_json === null ? null : { status: row.result_status, document: JSON.parse(row.result_json) as Record<string, unknown> },
      canDecide: row.status === 'pending' && status === 'pending' && decisionRefusal(row, viewer) === undefined,
    };
  });
}

async function viewOf(db: Db, row: Row, session: Session, now: Date): Promise<ApprovalView> {
  const [view] = await views(db, [row], await viewerOf(db, session), now);
  if (!view) throw notFound();
  return view;
}

export function requestHashOf(operationId: string, request: StoredRequest): string {
  return createHash('sha256').update(JSON.stringify([operationId, request.params, request.body, request.idempotencyKey, request.query ?? {}])).digest('hex');
}

/**
 * What holding a request found: its approval (the new one, or the one its Idempotency-Key or, without a key, the
 * same pending request already made), or a key that stands for another request (`reused`) or for one that runs
 * directly (`direct`: the operation's handler answers it).
 */
export type HoldOutcome = { kind: 'approval'; approvalId: number } | { kind: 'reused' } | { kind: 'direct' };

/** Holds the maker's request as a pending approval, binding its Idempotency-Key to it in the same transaction. */
export async function holdRequest(
  db: Db,
  held: { session: Session; operationId: string; rule: ApprovalRule; request: StoredRequest; keyHash: string; facts: RequestFacts; now: Date },
): Promise<HoldOutcome> {
  const { session, now } = held;
  const key = held.request.idempotencyKey;
  const hash = requestHashOf(held.operationId, held.request);
  return db.transaction().execute(async (trx): Promise<HoldOutcome> => {
    if (key !== null) {
      const binding = await claimKeyToHold(trx, { userId: session.userId, key, hash: held.keyHash, now });
      if (binding.kind === 'held') return { kind: 'approval', approvalId: binding.approvalId };
      if (binding.kind !== 'free') return binding;
    } else {
      const waiting = await trx
        .selectFrom('approvals')
        .select('id')
        .where('tenant_id', '=', session.tenantId)
        .where('maker_user_id', '=', session.userId)
        .where('request_hash', '=', hash)
        .where('status', 'in', ['pending', 'running'])
        .where('expires', '>', now.toISOString())
        .executeTakeFirst();
      if (waiting) return { kind: 'approval', approvalId: waiting.id };
    }
    return unitOfWork(trx, sessionActor(session, now), async ({ db: work, change }): Promise<HoldOutcome> => {
      const inserted = await work
        .insertInto('approvals')
        .values({
          tenant_id: session.tenantId,
          operation_id: held.operationId,
          rule_id: held.rule.id,
          approvers_json: JSON.stringify(held.rule.approvers),
          status: 'pending',
          request_json: JSON.stringify(held.request),
          request_hash: hash,
          maker_session_json: JSON.stringify(session),
          maker_user_id: session.userId,
          maker_group_id: await groupOf(work, session.userId),
          summary: held.facts.summary,
          before_json: JSON.stringify(held.facts.before),
          after_json: JSON.stringify(held.facts.after),
          decided_by: null,
          decided: null,
          reason: null,
          result_status: null,
          result_json: null,
          created: now.toISOString(),
          expires: new Date(now.getTime() + APPROVAL_TTL_MS).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (key !== null) await bindKey(work, { userId: session.userId, key, approvalId: inserted.id });
      await change({ action: 'approval.request', entity: 'approval', entityId: inserted.id, after: { operationId: held.operationId, rule: held.rule.id, summary: held.facts.summary } });
      return { kind: 'approval', approvalId: inserted.id };
    });
  });
}

/** What the maker's retry of a held request answers: the approval while it waits, else what deciding it answered. */
export type HeldAnswer = { kind: 'pending'; view: ApprovalView } | { kind: 'ran'; result: RunResult };

/** The answer to the maker's retry of the request held as `approvalId`; a rejected, expired or cancelled one refuses it. */
export async function heldAnswer(db: Db, session: Session, approvalId: number, now: Date): Promise<HeldAnswer> {
  const row = await db.selectFrom('approvals').selectAll().where('id', '=', approvalId).executeTakeFirst();
  if (!row) throw notFound();
  const status = statusOf(row, now);
  if (status === 'pending') return { kind: 'pending', view: await viewOf(db, row, session, now) };
  if ((status === 'approved' || status === 'failed') && row.result_status !== null && row.result_json !== null) {
    return { kind: 'ran', result: { status: row.result_status, document: JSON.parse(row.result_json) as Record<string, unknown> } };
  }
  throw endedForMaker(status, row.reason);
}

/** Whether the session's tenant is the admin tenant, whose top admins see every tenant's approvals (as the audit trail). */
async function seesEveryTenant(db: Db, session: Session): Promise<boolean> {
  if (!session.roles.includes(ROLE.TopAdmin)) return false;
  const tenant = await db.selectFrom('tenants').select('is_admin').where('id', '=', session.tenantId).executeTakeFirst();
  return tenant?.is_admin === 1;
}

function assertStaff(session: Session): void {
  if (!session.roles.some((role) => role === 4 || role === 16 || role === 64)) {
    throw new DomainRefusal('forbidden', { message: 'Only staff may see approvals.' });
  }
}

/** Requests waiting for a checker now, over every tenant (the gateway's metrics): pending and not yet expired, or running. */
export async function pendingApprovalCount(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'pending'), eb('expires', '>', now.toISOString())])]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface ApprovalQuery {
  status?: ApprovalStatus | undefined;
  tenant?: string | undefined;
  page: Paging;
}

/** One page of the approvals the session may see, newest first. */
export async function listApprovals(db: Db, session: Session, query: ApprovalQuery, now: Date): Promise<{ rows: ApprovalView[]; total: number }> {
  assertStaff(session);
  const everyTenant = await seesEveryTenant(db, session);
  const at = now.toISOString();
  let q = db.selectFrom('approvals');
  if (!everyTenant) q = q.where('tenant_id', '=', session.tenantId);
  // As in the audit trail: narrows the admin tenant's view; another tenant's id shows anyone else nothing.
  if (query.tenant !== undefined) q = q.where('tenant_id', '=', query.tenant);
  switch (query.status) {
    case undefined:
      break;
    case 'pending':
      q = q.where('status', 'in', ['pending', 'running']).where((eb) => eb.or([eb('status', '=', 'running'), eb('expires', '>', at)]));
      break;
    case 'expired':
      q = q.where('status', '=', 'pending').where('expires', '<=', at);
      break;
    default:
      q = q.where('status', '=', query.status);
  }
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(query.page.size).offset(query.page.offset).execute(),
  ]);
  return { rows: await views(db, rows, await viewerOf(db, session), now), total: Number(total) };
}

async function visibleRow(db: Db, session: Session, id: number): Promise<Row> {
  assertStaff(session);
  const row = await db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.tenant_id !== session.tenantId && !(await seesEveryTenant(db, session)))) throw notFound();
  return row;
}

export async function getApproval(db: Db, session: Session, id: number, now: Date): Promise<ApprovalView> {
  return viewOf(db, await visibleRow(db, session, id), session, now);
}

/** An approval this call claimed to run: the row, the maker's request and the maker's session. */
export interface ApprovalRun {
  row: Row;
  request: StoredRequest;
  maker: Session;
}

function ended(status: ApprovalStatus): DomainRefusal {
  if (status === 'expired') return new DomainRefusal('conflict', { message: 'This approval has expired: the maker must ask again.', code: 'approval_expired' });
  if (status === 'cancelled') return new DomainRefusal('conflict', { message: 'This approval was cancelled.', code: 'approval_cancelled' });
  return new DomainRefusal('conflict', { message: 'This approval was rejected.', code: 'approval_rejected' });
}

/** The maker's retry of a request whose approval ended without running it. */
function endedForMaker(status: ApprovalStatus, reason: string | null): DomainRefusal {
  if (status === 'rejected') {
    return new DomainRefusal('conflict', { message: 'A second person rejected this request; it did not run.', code: 'approval_rejected', ...(reason === null ? {} : { detail: `A second person rejected this request: ${reason}` }) });
  }
  if (status === 'cancelled') {
    return new DomainRefusal('conflict', { message: 'This request was cancelled before anyone decided it; it did not run.', code: 'approval_cancelled', ...(reason === null ? {} : { detail: `This request was cancelled: ${reason}` }) });
  }
  return new DomainRefusal('conflict', { message: 'This request waited 24 hours for a second person and expired; it did not run. Send it again with a new key.', code: 'approval_expired' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Approves: claims the approval, runs the maker's request through `run` on the same database transaction, and stores
 * what it answered with the audit row naming both people, all in one transaction (issue 25). A failure anywhere (the
 * database, a crash) rolls all of it back: the approval stays pending, nothing the request would change has changed,
 * and approving again runs it. A run that answers a refusal (4xx) is decided as failed, its own writes undone.
 * Of concurrent approvals one claims and runs; the others wait for its answer and answer it too.
 */
export async function approveApproval(db: Db, session: Session, id: number, now: () => Date, run: (trx: Db, approval: ApprovalRun) => Promise<RunResult>): Promise<ApprovalView> {
  const row = await visibleRow(db, session, id);
  const refusal = decisionRefusal(row, await viewerOf(db, session));
  if (refusal) throw await refusedDecision(db, row, session, refusal, 'approve', now());
  const view = await db.transaction().execute(async (trx) => {
    const at = now().toISOString();
    const claimed = await trx
      .updateTable('approvals')
      .set({ status: 'running', decided_by: session.userId, decided: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires', '>', at)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return undefined;
    const approval: ApprovalRun = {
      row: { ...row, status: 'running', decided_by: session.userId, decided: at },
      request: JSON.parse(row.request_json) as StoredRequest,
      maker: JSON.parse(row.maker_session_json) as Session,
    };
    // A refused run changes nothing: what it wrote before refusing is undone, its refusal is the approval's result.
    await sql`savepoint approval_run`.execute(trx);
    const result = await run(trx, approval);
    if (result.status >= 400) await sql`rollback to savepoint approval_run`.execute(trx);
    await sql`release savepoint approval_run`.execute(trx);
    return finishApproval(trx, approval, result, session, now());
  });
  return view ?? (await answeredRun(db, session, id, now));
}

/** Someone else claimed the approval (or it ended): waits for their run to finish, then answers what it answered. */
async function answeredRun(db: Db, session: Session, id: number, now: () => Date): Promise<ApprovalView> {
  const deadline = Date.now() + RUN_WAIT_MS;
  for (;;) {
    const current = await db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const status = statusOf(current, now());
    if (current.status === 'approved' || current.status === 'failed') return viewOf(db, current, session, now());
    if (status === 'rejected' || status === 'expired' || status === 'cancelled') throw ended(status);
    if (Date.now() > deadline) {
      throw new DomainRefusal('conflict', { message: 'Another approver is running this request; look again in a moment.', code: 'approval_running' });
    }
    await sleep(50);
  }
}

/** Stores what the run answered and audits the approval with both names. */
async function finishApproval(db: Db, approval: ApprovalRun, result: RunResult, approver: Session, now: Date): Promise<ApprovalView> {
  const { row } = approval;
  const state: ApprovalState = result.status < 400 ? 'approved' : 'failed';
  await unitOfWork(db, { userId: approver.userId, tenantId: row.tenant_id, now }, async ({ db: trx, change }) => {
    await trx
      .updateTable('approvals')
      .set({ status: state, result_status: result.status, result_json: JSON.stringify(result.document) })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .execute();
    const names = await people(trx, [row.maker_user_id, approver.userId]);
    const label = (userId: number) => {
      const person = names.get(userId);
      return person ? `${person.name} <${person.email ?? person.id}>` : `user ${userId}`;
    };
    await change({
      action: 'approval.approve',
      entity: 'approval',
      entityId: row.id,
      before: { status: 'pending' },
      after: { status: state, operationId: row.operation_id, summary: row.summary, maker: label(row.maker_user_id), approver: label(approver.userId), resultStatus: result.status },
    });
  });
  const finished = await db.selectFrom('approvals').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return viewOf(db, finished, approver, now);
}

/** Ends a pending approval without running anything. */
export async function rejectApproval(db: Db, session: Session, id: number, reason: string, now: Date): Promise<ApprovalView> {
  const row = await visibleRow(db, session, id);
  const refusal = decisionRefusal(row, await viewerOf(db, session));
  if (refusal) throw await refusedDecision(db, row, session, refusal, 'reject', now);
  const at = now.toISOString();
  await unitOfWork(db, { userId: session.userId, tenantId: row.tenant_id, now }, async ({ db: trx, change }) => {
    const updated = await trx
      .updateTable('approvals')
      .set({ status: 'rejected', decided_by: session.userId, decided: at, reason })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires', '>', at)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) {
      const status = statusOf(row, now);
      if (status === 'expired' || status === 'rejected' || status === 'cancelled') throw ended(status);
      throw new DomainRefusal('conflict', { message: 'This approval was already decided.', code: 'approval_decided' });
    }
    await change({
      action: 'approval.reject',
      entity: 'approval',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', operationId: row.operation_id, summary: row.summary, maker: String(row.maker_user_id) },
      reason,
    });
  });
  const finished = await db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return viewOf(db, finished, session, now);
}

/**
 * Cancels the pending approvals of a maker whose account no longer may act (suspended, sanctioned, locked out), each
 * with an audit row; call it inside the transaction that changes the account. An approval already running finishes.
 */
export async function cancelMakerApprovals(db: Db, cancel: { makerUserId: number; actor: Session; reason: string; now: Date }): Promise<void> {
  const at = cancel.now.toISOString();
  const rows = await db
    .selectFrom('approvals')
    .select(['id', 'tenant_id', 'operation_id', 'summary'])
    .where('maker_user_id', '=', cancel.makerUserId)
    .where('status', '=', 'pending')
    .where('expires', '>', at)
    .execute();
  for (const row of rows) {
    await unitOfWork(db, { userId: cancel.actor.userId, tenantId: row.tenant_id, now: cancel.now }, async ({ db: trx, change }) => {
      const updated = await trx
        .updateTable('approvals')
        .set({ status: 'cancelled', decided_by: cancel.actor.userId, decided: at, reason: cancel.reason })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return;
      await change({
        action: 'approval.cancel',
        entity: 'approval',
        entityId: row.id,
        before: { status: 'pending' },
        after: { status: 'cancelled', operationId: row.operation_id, summary: row.summary, maker: String(cancel.makerUserId) },
        reason: cancel.reason,
      });
    });
  }
}
