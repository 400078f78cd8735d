// Four-eyes approvals at the edge (docs/decisions.md "Four-eyes approvals"): a handler of an approvable operation is
// wrapped so that, when a rule of the token's tenant holds on the request's facts, the request is stored and answered
// 202 with the pending approval instead of running. Approving runs the stored request through the same handler,
// as the maker, once; its answer (or refusal) becomes the approval's result.
//
// An Idempotency-Key keeps its contract whichever path its request takes (issue 22): the key is bound to the approval
// when the request is held (domain/wallet/idempotency.ts, one transaction), so the maker's retry with the same body
// answers the same approval while it waits, the run's answer once approved (replayed as a direct call replays it),
// 409 once rejected, expired or cancelled; with another body 422 idempotency_key_reused, held or not.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { heldAnswer, holdRequest, type ApprovalView, type RunResult, type StoredRequest } from '../domain/approvals/approvals.ts';
import { requestFacts } from '../domain/approvals/facts.ts';
import { APPROVABLE_OPERATIONS, hasRuleFor, matchingRule, type ApprovableOperation, type ApprovalRules } from '../domain/approvals/rules.ts';
import { keyBinding, keyedRequestHash, runAsApproval } from '../domain/wallet/idempotency.ts';
import { idempotencyRefusal } from '../routes/_remittances.ts';
import type { RouteHandler, Routes } from '../routes/types.ts';
import { toErrorResponse } from './errors.ts';
import { resource } from './jsonapi.ts';

/** The operations whose request carries an Idempotency-Key, stored and replayed with it. */
const KEYED: ReadonlySet<string> = new Set(['createWalletTransaction', 'updatePayoutStatuses', 'republishPayouts']);
const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

export function approvalResource(view: ApprovalView) {
  const { id, ...attributes } = view;
  return resource('approval', id, attributes);
}

/**
 * Runs a stored request through its handler as the maker, on `db` (the approval's transaction), and keeps what it
 * answered; a failure that would answer 5xx is thrown, so the approval's transaction rolls back and it stays pending.
 */
export type ApprovalRunner = (
  app: FastifyInstance,
  run: { db: Db; approvalId: number; operationId: string; request: StoredRequest; maker: Session },
  log: FastifyRequest['log'],
) => Promise<RunResult>;

/** The maker's retry of a held request: the approval while it waits (202), else what its run answered. */
async function answerHeld(request: FastifyRequest, reply: FastifyReply, session: Session, approvalId: number) {
  const { db, teller } = request.server;
  const answer = await heldAnswer(db, session, approvalId, teller.now());
  if (answer.kind === 'pending') {
    void reply.code(202);
    return { data: approvalResource(answer.view) };
  }
  void reply.code(answer.result.status);
  if (answer.result.status < 400) void reply.header('idempotent-replayed', 'true');
  return answer.result.document;
}

function gate(operationId: ApprovableOperation, handler: RouteHandler, rules: ApprovalRules): RouteHandler {
  return async (request, reply) => {
    const { session } = request;
    if (!session || !hasRuleFor(rules, session.tenantId, operationId)) return handler(request, reply);
    const rawKey = request.headers['idempotency-key'];
    const idempotencyKey = typeof rawKey === 'string' && KEY.test(rawKey) ? rawKey : null;
    // A request the handler would refuse for its key is refused by the handler.
    if (KEYED.has(operationId) && idempotencyKey === null) return handler(request, reply);
    const params = { ...(request.params as Record<string, string>) };
    const query = { ...(request.query as Record<string, unknown>) };
    const { db, teller } = request.server;
    const keyHash = keyedRequestHash(operationId, request.body, query);
    if (idempotencyKey !== null) {
      const binding = await keyBinding(db, { userId: session.userId, key: idempotencyKey, hash: keyHash, now: teller.now() });
      if (binding.kind === 'reused') throw idempotencyRefusal('key_reused');
      if (binding.kind === 'held') return answerHeld(request, reply, session, binding.approvalId);
      // A key a direct request used: its handler replays or refuses it, never holds it.
      if (binding.kind === 'direct') return handler(request, reply);
    }
    const facts = await requestFacts(db, session, operationId, { params, body: request.body });
    const rule = facts && matchingRule(rules, session.tenantId, operationId, facts.vars);
    if (!facts || !rule) return handler(request, reply);
    const held = await holdRequest(db, { session, operationId, rule, request: { params, body: request.body, query, idempotencyKey }, keyHash, facts, now: teller.now() });
    if (held.kind === 'reused') throw idempotencyRefusal('key_reused');
    if (held.kind === 'direct') return handler(request, reply);
    return answerHeld(request, reply, session, held.approvalId);
  };
}

/** The handlers with every approvable operation gated, and the runner that approving uses. */
export function gateApprovals(handlers: Routes['handlers'], rules: ApprovalRules): { handlers: Routes['handlers']; run: ApprovalRunner } {
  const gated: Routes['handlers'] = { ...handlers };
  for (const operationId of APPROVABLE_OPERATIONS) {
    const handler = handlers[operationId];
    if (handler) gated[operationId] = gate(operationId, handler, rules);
  }
  const run: ApprovalRunner = async (app, { db, approvalId, operationId, request: stored, maker }, log) => {
    const handler = handlers[operationId];
    if (!handler) return { status: 501, document: { errors: [{ status: '501', title: 'Not Implemented' }] } };
    let status = 200;
    const reply = {
      code(code: number) {
        status = code;
        return reply;
      },
      header() {
        return reply;
      },
    };
    // The request as the maker sent it: the handler reads only these (params, body, headers, session, server, log).
    const request = {
      params: stored.params,
      body: stored.body,
      query: stored.query ?? {},
      headers: stored.idempotencyKey === null ? {} : { 'idempotency-key': stored.idempotencyKey },
      session: maker,
      // The gateway as the handler sees it, its database the approval's transaction: the run commits with the approval or not at all.
      server: Object.create(app, { db: { value: db } }) as FastifyInstance,
      log,
      ip: '127.0.0.1',
    };
    try {
      // Only this run may claim the Idempotency-Key held for this approval.
      const answer = runAsApproval(approvalId, () => Promise.resolve(handler(request as unknown as FastifyRequest, reply as unknown as Parameters<RouteHandler>[1])));
      const document = (await answer) as Record<string, unknown>;
      return { status, document };
    } catch (error) {
      const answer = toErrorResponse(error);
      if (answer.status >= 500) throw error;
      return { status: answer.status, document: { errors: answer.errors } };
    }
  };
  return { handlers: gated, run };
}
