// Four-eyes approvals on the wire (the contract's listApprovals, getApproval, approveApproval, rejectApproval).
import { sessionOf } from '../context.ts';
import { approveApproval, getApproval, listApprovals, rejectApproval } from '../domain/approvals/approvals.ts';
import { DomainRefusal } from '../domain/refusal.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { approvalResource } from '../http/approval-gate.ts';
import { filterText, listDocument, listMeta, parsePaging } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

/** An id no approval can have is simply not found. */
function approvalId(text: string): number {
  const id = parseRowId(text);
  if (id === undefined) throw new DomainRefusal('not_found', { message: 'No such approval' });
  return id;
}

export const handlers: Handlers = {
  async listApprovals(request) {
    const { query } = request;
    const page = parsePaging(query, { maxSize: 100 });
    const { rows, total } = await listApprovals(
      request.server.db,
      sessionOf(request),
      { status: query['filter[status]'], tenant: filterText(query['filter[tenant]']), page },
      request.server.teller.now(),
    );
    return listDocument(rows.map(approvalResource), listMeta(page, total));
  },

  async getApproval(request) {
    const view = await getApproval(request.server.db, sessionOf(request), approvalId(request.params.id), request.server.teller.now());
    return { data: approvalResource(view) };
  },

  async approveApproval(request) {
    const { db, teller } = request.server;
    const view = await approveApproval(db, sessionOf(request), approvalId(request.params.id), teller.now, (trx, approval) =>
      teller.approvals.run(request.server, { db: trx, approvalId: approval.row.id, operationId: approval.row.operation_id, request: approval.request, maker: approval.maker }, request.log),
    );
    return { data: approvalResource(view) };
  },

  async rejectApproval(request) {
    const reason = request.body.data.attributes.reason.trim();
    const view = await rejectApproval(request.server.db, sessionOf(request), approvalId(request.params.id), reason, request.server.teller.now());
    return { data: approvalResource(view) };
  },
};
