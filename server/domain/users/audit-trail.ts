// Reading the append-only audit trail (GET api/v1/audit, the contract's listAuditEvents): role 4 only, rows of
// the token's tenant, every tenant's for the admin tenant (claim dssc); newest first by default.
import type { Db } from '../../db/connection.ts';
import { HttpError, resource, type Paging, type Resource, type Sort } from '../../http/jsonapi.ts';
import { ADMIN_CLAIM, type Session } from '../auth/tokens.ts';
import { ROLE } from '../reference.ts';
import { parseRowId } from './ids.ts';

export const AUDIT_SORT_FIELDS = { at: 'audit_log.at', action: 'audit_log.action', entity: 'audit_log.entity' } as const;
export type AuditSortColumn = (typeof AUDIT_SORT_FIELDS)[keyof typeof AUDIT_SORT_FIELDS];
export const DEFAULT_AUDIT_SORT = '-at';

export interface AuditQuery {
  filters: Record<string, string>;
  sort: Sort<AuditSortColumn>;
  page: Paging;
}

function asObject(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  if (value === null) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

export async function listAuditEvents(db: Db, session: Session, query: AuditQuery): Promise<{ data: Resource[]; total: number }> {
  if (!session.roles.includes(ROLE.TopAdmin)) throw new HttpError(403, 'Only top admins may read the audit trail.');
  const { filters } = query;
  const base = () => {
    let q = db.selectFrom('audit_log').leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id');
    if (session.claim !== ADMIN_CLAIM) q = q.where('audit_log.tenant_id', '=', session.tenantId);
    if (filters.entityId !== undefined) q = q.where('audit_log.entity_id', '=', filters.entityId);
    if (filters.entity !== undefined) q = q.where('audit_log.entity', '=', filters.entity);
    if (filters.action !== undefined) q = q.where('audit_log.action', '=', filters.action);
    if (filters.actorId !== undefined) {
      q = q.where('audit_log.actor_user_id', '=', parseRowId(filters.actorId) ?? -1);
    }
    return q;
  };
  const rows = await base()
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.actor_user_id',
      'audit_log.tenant_id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.reason',
      'actor.email as actor_email',
    ])
    .orderBy(query.sort.column, query.sort.direction)
    .orderBy('audit_log.id', query.sort.direction)
    .limit(query.page.size)
    .offset(query.page.offset)
    .execute();
  const count = await base()
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return {
    total: Number(count.total),
    data: rows.map((row) =>
      resource('audit-event', row.id, {
        at: row.at,
        actorId: row.actor_user_id === null ? null : String(row.actor_user_id),
        actorEmail: row.actor_email,
        tenant: row.tenant_id,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        before: asObject(row.before_json),
        after: asObject(row.after_json),
        reason: row.reason,
      }),
    ),
  };
}
