// The append-only audit trail (docs/architecture.md): every status change, money movement and admin edit writes one
// row. Two doors lead here: a data change records its row through its unit of work (./unit-of-work.ts), which commits
// the rows, the audit row and the change event together; an audited event that changes no rows (a refused sign-in,
// a limit hit, a refused decision) goes through `auditEvent`.
import type { Db } from '../db/connection.ts';

export interface AuditEntry {
  /** Who did it: the signed-in user, or null for the system (seed, expiry). */
  actorUserId: number | null;
  tenantId: string | null;
  /** What happened, e.g. `account.status`, `wallet.credit`, `user.update`. */
  action: string;
  /** The kind of thing changed, e.g. `user`, `wallet_transaction`. */
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  at: Date;
}

/** Appends one audit row. Only the unit of work and `auditEvent` call it (unit-of-work.test.ts scans for others). */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at.toISOString(),
      actor_user_id: entry.actorUserId,
      tenant_id: entry.tenantId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
    })
    .execute();
}

/**
 * The audited events that change no rows (ASVS 4.0 §7.1, §7.2): authentication decisions and limits, a refused CSRF token, a refused
 * approval decision, the demo bank's switch. They are no unit of work: most are written because a change was
 * refused, so there is no change to commit them with and nothing a list shows.
 */
export type AuditedEventAction = 'signin.fail' | 'signin.refuse' | 'signin.limit' | 'attempt.limit' | 'approval.refuse' | 'bank.mode' | 'csrf.refuse';

export interface AuditedEvent extends AuditEntry {
  action: AuditedEventAction;
}

/** Appends the audit row of an event that changes no rows; call it before throwing the refusal it records. */
export function auditEvent(db: Db, event: AuditedEvent): Promise<void> {
  return appendAudit(db, event);
}
