// The append-only audit trail (docs/architecture.md): every status change, money movement and admin edit writes one row.
import type { Db } from '../db/connection.ts';
import { recordChange } from './changes/feed.ts';

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
  at?: Date;
}

/**
 * Appends one audit row, and the change event of a change the lists show (domain/changes/feed.ts); call it inside
 * the same database transaction as the change it records.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: (entry.at ?? new Date()).toISOString(),
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
  await recordChange(db, entry);
}
