// The change feed behind the live tables (the contract's streamChanges): every change a list shows writes one
// `change_events` row in the transaction of the change. Every change passes through its unit of work
// (domain/unit-of-work.ts), so the feed hangs off it: a recorded change of a listed entity becomes a change event.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { isPostgres } from '../../db/connection.ts';
import { preparedQueries, slots } from '../../db/prepared.ts';
import type { Session } from '../auth/tokens.ts';
import { userScopeOf, visibleUsers } from '../scope.ts';

/** The lists a change can show in: users and admins, wallet transactions, remittances. */
export type ChangeEntity = 'user' | 'walletTransaction' | 'remittance';

/** PostgreSQL's NOTIFY channel; its payload is the tenant (LISTEN only wakes, the table is the truth). */
export const CHANGE_CHANNEL = 'teller_changes';

/** Events older than this are pruned: a client away longer reloads its lists anyway. */
export const CHANGE_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ChangeEvent {
  cursor: ChangeCursor;
  entity: ChangeEntity;
  entityId: string;
  action: string;
  changed: string[];
}

/** A recorded change as the feed reads it (the unit of work's audit entry). */
export interface RecordedChange {
  tenantId: string | null;
  action: string;
  entity: string;
  entityId: string | number;
  after?: unknown;
  at?: Date;
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

/** The change events a recorded change stands for, with the users that scope them; none for unlisted entities. */
async function changesOf(db: Db, entry: RecordedChange): Promise<StoredChange[]> {
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

/** Writes the change events of a recorded change; the unit of work calls it in the change's transaction. */
export async function recordChange(db: Db, entry: RecordedChange): Promise<void> {
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

/**
 * Where a stream stands: after event `id` of transaction `tx` (exact decimal digits; always 0 on SQLite). On
 * PostgreSQL ids are assigned at insert but transactions commit in any order, so a stream reads only rows whose
 * transaction is older than every transaction still running (final: no row can appear below them), in (tx, id)
 * order, the transactional outbox's gap-free read. SQLite has one writer at a time (BEGIN IMMEDIATE): ids commit in
 * order.
 */
export interface ChangeCursor {
  tx: string;
  id: number;
}

const FIRST: ChangeCursor = { tx: '0', id: 0 };

/** The cursor on the wire (the event's `id:`, Last-Event-ID), opaque to clients: `<tx>-<id>` on PostgreSQL, `<id>` on SQLite. */
export function cursorText(db: Db, cursor: ChangeCursor): string {
  return isPostgres(db) ? `${cursor.tx}-${cursor.id}` : String(cursor.id);
}

const POSTGRES_CURSOR = /^([0-9]{1,19})-([0-9]{1,15})$/;
const SQLITE_CURSOR = /^[0-9]{1,15}$/;
/** PostgreSQL's bigint, the type of `tx`. */
const MAX_TX = 2n ** 63n - 1n;

/** A Last-Event-ID read back as the cursor it names; undefined when it is not one this engine writes. */
export function parseCursor(db: Db, text: string): ChangeCursor | undefined {
  if (!isPostgres(db)) return SQLITE_CURSOR.test(text) ? { tx: '0', id: Number(text) } : undefined;
  const match = POSTGRES_CURSOR.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const tx = BigInt(match[1]);
  return tx > MAX_TX ? undefined : { tx: tx.toString(), id: Number(match[2]) };
}

/**
 * Whether the stream can resume after `cursor` in the tenant: the first cursor (what a tenant without events is
 * given), or an event of the tenant still kept. Any other well-formed id was never written to this tenant (ahead of
 * the newest, as a tab holds after a database restore; another tenant's) or its event is pruned, so what came after
 * it cannot be told: the client must read its lists again rather than wait on a silent stream.
 */
export async function isResumable(db: Db, tenantId: string, cursor: ChangeCursor): Promise<boolean> {
  if (cursor.tx === FIRST.tx && cursor.id === FIRST.id) return true;
  const row = await db
    .selectFrom('change_events')
    .select('id')
    .where('id', '=', cursor.id)
    .where('tenant_id', '=', tenantId)
    .$if(isPostgres(db), (query) => query.where('tx', '=', cursor.tx))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a row's transaction is older than every running one: `xmin` of the statement's own snapshot. */
const final = sql<SqlBool>`tx < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

/** The tenant's newest final event (`tx`, `id`), at most one row: what latestChangeCursor reads, and bearerAuth with the session. */
export function newestFinalChange(db: Db, tenantId: Expression<string>) {
  return db
    .selectFrom('change_events')
    .select(['tx', 'id'])
    .where('tenant_id', '=', tenantId)
    .$if(isPostgres(db), (query) => query.where(final))
    .orderBy('tx', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(1));
}

/** The cursor of the newest final event as read, the first when there is none. */
export function changeCursorOf(row: { tx: string | number | null; id: number | null } | undefined): ChangeCursor {
  return row && row.tx !== null && row.id !== null ? { tx: String(row.tx), id: Number(row.id) } : FIRST;
}

/** The cursor after the tenant's newest final event, the first when there is none: a stream without Last-Event-ID starts there. */
export async function latestChangeCursor(db: Db, tenantId: string): Promise<ChangeCursor> {
  // Asked for by every page of a live list that did not get it with its session (http/auth.ts): compiled once.
  const [row] = await preparedQueries(db).execute(db, 'latest change cursor', () => newestFinalChange(db, slots('tenantId', tenantId)), { tenantId });
  return changeCursorOf(row);
}

/** The id of the newest event of any tenant, 0 when there is none: the waker's poll reads whether it moved. */
export async function newestChangeId(db: Db): Promise<number> {
  const row = await db.selectFrom('change_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

/** At most this many events per read; a stream further behind reads again at once. */
export const CHANGE_PAGE = 200;

export interface ChangesRead {
  events: ChangeEvent[];
  /** The cursor after the last row read (past the last event returned when the session may not see the newest). */
  last: ChangeCursor;
  /** A full page was read: read again at once. */
  more: boolean;
  /** Committed rows wait behind a transaction still running (PostgreSQL): read again shortly. */
  pending: boolean;
}

/**
 * The events after `after` in the session's tenant that the session may see, in cursor order. Visibility is the
 * lists' own rule (domain/scope.ts): a user's events to whoever may see the user, a wallet transaction's to whoever
 * may see its sender or receiver (as domain/wallet/listing.ts), a remittance's to the tenant's staff.
 */
export async function changesAfter(db: Db, session: Session, after: ChangeCursor): Promise<ChangesRead> {
  const pg = isPostgres(db);
  const read = await db
    .selectFrom('change_events')
    .select(['id', 'tx', 'entity', 'entity_id', 'action', 'changed_json', 'user_id', 'other_user_id'])
    .select(pg ? final.as('final') : sql<SqlBool>`1`.as('final'))
    .where('tenant_id', '=', session.tenantId)
    .where(pg ? sql<boolean>`(tx, id) > (${after.tx}::bigint, ${after.id}::bigint)` : sql<boolean>`id > ${after.id}`)
    .orderBy('tx')
    .orderBy('id')
    .limit(CHANGE_PAGE)
    .execute();
  // Ordered by tx, the final rows come first; the rest are read again once their transactions are older than any running.
  const firstPending = read.findIndex((row) => !row.final);
  const rows = firstPending < 0 ? read : read.slice(0, firstPending);
  const pending = firstPending >= 0;
  const last = rows.at(-1);
  if (!last) return { events: [], last: after, more: false, pending };
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
      cursor: { tx: String(row.tx), id: Number(row.id) },
      entity: row.entity as ChangeEntity,
      entityId: row.entity_id,
      action: row.action,
      changed: JSON.parse(row.changed_json) as string[],
    });
  }
  return { events, last: { tx: String(last.tx), id: Number(last.id) }, more: read.length === CHANGE_PAGE && !pending, pending };
}

/** Deletes events older than the retention; by `at` through its index, so it costs one range delete. */
export async function pruneChanges(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('change_events')
    .where('at', '<', new Date(now.getTime() - CHANGE_RETENTION_MS).toISOString())
    .execute();
}
