// The change feed behind the live tables (the contract's streamChanges): every change a list shows writes one
// `change_events` row in the transaction of the change. The audit writer is the one place every such change passes
// (domain/audit.ts), so the feed hangs off it: an audit entry of a listed entity becomes a change event.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { isPostgres } from '../../db/connection.ts';
import type { AuditEntry } from '../audit.ts';
import type { Session } from '../auth/tokens.ts';
import { userScopeOf, visibleUsers } from '../scope.ts';

/** The lists a change can show in: users and admins, wallet transactions, remittances. */
export type ChangeEntity = 'user' | 'walletTransaction' | 'remittance';

/** PostgreSQL's NOTIFY channel; its payload is the tenant (LISTEN only wakes, the table is the truth). */
export const CHANGE_CHANNEL = 'teller_changes';

/** Events older than this are pruned: a client away longer reloads its lists anyway. */
export const CHANGE_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ChangeEvent {
  id: number;
  entity: ChangeEntity;
  entityId: string;
  action: string;
  changed: string[];
}

interface StoredChange {
  tenantId: string;
  entity: ChangeEntity;
  entityId: string;
  userId: number | null;
  otherUserId: number | null;
}

/** Audit actions that change nothing a list shows (a wrong or re-sent code, a password). */
const UNLISTED_ACTION = /\.otp\.|\.password\./;

/** The change events an audit entry stands for, with the users that scope them; none for unlisted entities. */
async function changesOf(db: Db, entry: AuditEntry): Promise<StoredChange[]> {
  if (entry.tenantId === null || UNLISTED_ACTION.test(entry.action)) return [];
  const tenantId = entry.tenantId;
  const entityId = String(entry.entityId);
  switch (entry.entity) {
    case 'user':
    case 'account': {
      const userId = Number(entityId);
      return [{ tenantId, entity: 'user', entityId, userId, otherUserId: null }];
    }
    case 'wallettransaction': {
      const row = await db
        .selectFrom('wallet_transactions')
        .innerJoin('wallets', 'wallets.id', 'wallet_transactions.wallet_id')
        .select(['wallet_transactions.tenant_id', 'wallet_transactions.sender_user_id', 'wallet_transactions.receiver_user_id', 'wallets.user_id'])
        .where('wallet_transactions.id', '=', Number(entityId))
        .executeTakeFirst();
      if (!row) return [];
      const transaction: StoredChange = {
        tenantId: row.tenant_id,
        entity: 'walletTransaction',
        entityId,
        userId: row.receiver_user_id,
        otherUserId: row.sender_user_id,
      };
      // A confirmed transaction moves the wallet's balance, which the users list shows.
      if (entry.action !== 'wallettransaction.confirm') return [transaction];
      return [transaction, { tenantId: row.tenant_id, entity: 'user', entityId: String(row.user_id), userId: row.user_id, otherUserId: null }];
    }
    case 'remittance':
      return [{ tenantId, entity: 'remittance', entityId, userId: null, otherUserId: null }];
    default:
      return [];
  }
}

/** Writes the change events of an audit entry; call it with the transaction of the change (writeAudit does). */
export async function recordChange(db: Db, entry: AuditEntry): Promise<void> {
  const changes = await changesOf(db, entry);
  if (changes.length === 0) return;
  const at = (entry.at ?? new Date()).toISOString();
  const changed = JSON.stringify(entry.after !== null && typeof entry.after === 'object' ? Object.keys(entry.after) : []);
  await db
    .insertInto('change_events')
    .values(
      changes.map((change) => ({
        at,
        tenant_id: change.tenantId,
        entity: change.entity,
        entity_id: change.entityId,
        action: entry.action,
        changed_json: changed,
        user_id: change.userId,
        other_user_id: change.otherUserId,
      })),
    )
    .execute();
  // Delivered at commit, and not at all on a rollback: the listeners of every gateway process wake.
  if (isPostgres(db)) {
    for (const tenant of new Set(changes.map((change) => change.tenantId))) await sql`select pg_notify(${CHANGE_CHANNEL}, ${tenant})`.execute(db);
  }
}

/** The id of the newest event, 0 when there is none: a stream without Last-Event-ID starts after it. */
export async function latestChangeId(db: Db): Promise<number> {
  const row = await db.selectFrom('change_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

/** At most this many events per read; a stream further behind reads again at once. */
export const CHANGE_PAGE = 200;

/**
 * The events after `afterId` in the session's tenant that the session may see, oldest first, with the last id read
 * (which may be past the last event returned, when the session may not see the newest) and whether more may follow. Visibility is the lists'
 * own rule (domain/scope.ts): a user's events to whoever may see the user, a wallet transaction's to whoever may see
 * its sender or receiver (as domain/wallet/listing.ts), a remittance's to the tenant's staff.
 */
export async function changesAfter(db: Db, session: Session, afterId: number): Promise<{ events: ChangeEvent[]; lastId: number; more: boolean }> {
  const rows = await db
    .selectFrom('change_events')
    .select(['id', 'entity', 'entity_id', 'action', 'changed_json', 'user_id', 'other_user_id'])
    .where('tenant_id', '=', session.tenantId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(CHANGE_PAGE)
    .execute();
  const last = rows.at(-1);
  if (!last) return { events: [], lastId: afterId, more: false };
  const scope = userScopeOf(session);
  let visible: Set<number> | undefined;
  if (scope !== 'tenant') {
    const ids = [...new Set(rows.flatMap((row) => [row.user_id, row.other_user_id]).filter((id): id is number => id !== null))];
    const seen =
      ids.length === 0
        ? []
        : await db
            .selectFrom('users')
            .innerJoin('accounts', 'accounts.user_id', 'users.id')
            .select('users.id')
            .where('users.id', 'in', ids)
            .where(visibleUsers(session))
            .execute();
    visible = new Set(seen.map((row) => Number(row.id)));
  }
  const staff = session.roles.some((role) => role === 4 || role === 16 || role === 64);
  const events: ChangeEvent[] = [];
  for (const row of rows) {
    const scoped = row.user_id !== null || row.other_user_id !== null;
    const maySee = scoped
      ? visible === undefined || [row.user_id, row.other_user_id].some((id) => id !== null && visible.has(Number(id)))
      : staff;
    if (!maySee) continue;
    events.push({
      id: Number(row.id),
      entity: row.entity as ChangeEntity,
      entityId: row.entity_id,
      action: row.action,
      changed: JSON.parse(row.changed_json) as string[],
    });
  }
  return { events, lastId: Number(last.id), more: rows.length === CHANGE_PAGE };
}

/** Deletes events older than the retention; by `at` through its index, so it costs one range delete. */
export async function pruneChanges(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('change_events')
    .where('at', '<', new Date(now.getTime() - CHANGE_RETENTION_MS).toISOString())
    .execute();
}
