// A request a four-eyes rule held back (schemas/approvals/<tenant>.json): the gateway answers 202 with the pending
// approval instead of doing it. The fetchers of the held operations throw AwaitingApproval, so every screen that
// sends one shows "waiting for approval" where its success would be, never a success.
import type { components } from '../gateway';

export type Approval = { id: string } & components['schemas']['Approval']['attributes'];
type ApprovalDocument = components['schemas']['ApprovalDocument'];

export const AWAITING_APPROVAL_TITLE = 'Waiting for approval';

export class AwaitingApproval extends Error {
  readonly approval: Approval;

  constructor(approval: Approval) {
    super(`${AWAITING_APPROVAL_TITLE}: ${approval.summary}`);
    this.name = 'AwaitingApproval';
    this.approval = approval;
  }
}

export function isAwaitingApproval(error: unknown): error is AwaitingApproval {
  return error instanceof AwaitingApproval;
}

/** What the maker reads once the request waits: what it will do and that a second person must approve it. */
export function awaitingApprovalText(approval: Pick<Approval, 'summary'>): string {
  return `${approval.summary}. A second person must approve it within 24 hours; nothing has changed yet.`;
}

function isApprovalDocument(document: unknown): document is ApprovalDocument {
  if (typeof document !== 'object' || document === null || !('data' in document)) return false;
  const { data } = document;
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'approval';
}

/** Throws AwaitingApproval when the answer is a pending approval; else gives the document back, narrowed. */
export function unlessAwaitingApproval<T>(document: T | ApprovalDocument): T {
  if (isApprovalDocument(document)) throw new AwaitingApproval({ id: document.data.id, ...document.data.attributes });
  return document as T;
}
