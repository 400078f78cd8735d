// Reading the append-only audit trail (GET api/v1/audit, the contract's listAuditEvents): role 4 only, rows of
// the token's tenant, every tenant's when that tenant is the admin tenant (its is_admin flag, never its claim);
// newest first by default.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { containsInsensitive } from '../../db/text.ts';
import type { Session } from '../auth/tokens.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';

export const AUDIT_SORT_FIELDS = { at: 'audit_log.at', action: 'audit_log.action', entity: 'audit_log.entity' } as const;
export type AuditSortColumn = (typeof AUDIT_SORT_FIELDS)[keyof typeof AUDIT_SORT_FIELDS];
export const DEFAULT_AUDIT_SORT = '-at';

/** The filters of listAuditEvents, read from `filter[...]` by the route. */
export interface AuditFilters {
  entityId?: string;
  /** One kind of entity, or several (a user's history spans user, account, document and photo rows). */
  entities?: readonly string[];
  /** An action, or every action under it: `account` matches `account.status`. */
  action?: string;
  /** A user id; one no user has matches nothing. */
  actorId?: number;
  /** Part of the actor's e-mail, any case. */
  actorEmail?: string;
  tenant?: string;
  /** Calendar days (YYYY-MM-DD, UTC), both inclusive. */
  startDate?: string;
  endDate?: string;
}

/** What the trail's queries read: the rows and their actor. */
type AuditScope = Database & { actor: Database['users'] };

/** The day after `day` (YYYY-MM-DD), so an end date includes its whole day. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export interface AuditQuery {
  filters: AuditFilters;
  sort: Sort<AuditSortColumn>;
  page: Paging;
}

function asObject(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  if (value === null) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

export interface AuditEvent {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  tenant: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

export async function listAuditEvents(db: Db, session: Session, query: AuditQuery): Promise<Page<AuditEvent>> {
  if (!session.roles.includes(ROLE.TopAdmin)) throw new DomainRefusal('forbidden', { message: 'Only top admins may read the audit trail.' });
  const { filters } = query;
  const tenant = await db.selectFrom('tenants').select('is_admin').where('id', '=', session.tenantId).executeTakeFirst();
  const everyTenant = tenant?.is_admin === 1;
  const base = () => {
    let q = db.selectFrom('audit_log').leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id');
    if (!everyTenant) q = q.where('audit_log.tenant_id', '=', session.tenantId);
    if (filters.entityId !== undefined) q = q.where('audit_log.entity_id', '=', filters.entityId);
    if (filters.entities !== undefined) q = q.where('audit_log.entity', 'in', [...filters.entities]);
    const { action } = filters;
    if (action !== undefined) {
      // `account` finds account.status and account.password.change; `account.status` finds itself.
      const head = (eb: ExpressionBuilder<AuditScope, 'audit_log'>) => eb.fn<string>('substr', ['audit_log.action', sql.lit(1), sql.lit(action.length + 1)]);
      q = q.where((eb) => eb.or([eb('audit_log.action', '=', action), eb(head(eb), '=', `${action}.`)]));
    }
    if (filters.actorId !== undefined) q = q.where('audit_log.actor_user_id', '=', filters.actorId);
    if (filters.actorEmail !== undefined) q = q.where(containsInsensitive(sql.ref('actor.email'), filters.actorEmail));
    if (filters.tenant !== undefined) q = q.where('audit_log.tenant_id', '=', filters.tenant);
    if (filters.startDate !== undefined) q = q.where('audit_log.at', '>=', filters.startDate);
    if (filters.endDate !== undefined) q = q.where('audit_log.at', '<', nextDay(filters.endDate));
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
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actorId: row.actor_user_id,
      actorEmail: row.actor_email,
      tenant: row.tenant_id,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: asObject(row.before_json),
      after: asObject(row.after_json),
      reason: row.reason,
    })),
  };
}
