// Saved views of the schema tables (the contract's listViews, createView, updateView, deleteView). A view belongs to
// the tenant its token acts in and to its owner; it is private, shared with one staff role of the tenant, or shared
// with the whole tenant (top admins only), which may make it the table's default. Only the owner changes or deletes
// it. Every change writes an audit row in the same transaction.
import type { Db } from '../../db/connection.ts';
import type { Session } from '../auth/tokens.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';

export type ViewScope = 'private' | 'role' | 'tenant';

export interface ViewState {
  columns: string[] | null;
  filters: Record<string, string>;
  sort: string | null;
  pageSize: number;
}

export interface TableView {
  id: number;
  table: string;
  name: string;
  scope: ViewScope;
  role: number | null;
  isDefault: boolean;
  mine: boolean;
  ownerEmail: string | null;
  state: ViewState;
  created: string;
  updated: string;
}

export interface ViewInput {
  name?: string;
  scope?: ViewScope;
  role?: number | null;
  isDefault?: boolean;
  state?: ViewState;
}

const STAFF_ROLES: readonly number[] = [ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin];
const AUDIT_ENTITY = 'view';

function requireStaff(session: Session): void {
  if (!session.roles.some((role) => STAFF_ROLES.includes(role))) {
    throw new DomainRefusal('forbidden', { message: 'Only staff keep table views', code: 'role_not_allowed' });
  }
}

const viewNotFound = () => new DomainRefusal('not_found', { message: 'No such view' });

function selectViews(db: Db, session: Session) {
  return db
    .selectFrom('table_views')
    .leftJoin('users as owner', 'owner.id', 'table_views.owner_user_id')
    .selectAll('table_views')
    .select('owner.email as owner_email')
    .where('table_views.tenant_id', '=', session.tenantId)
    .where((eb) =>
      eb.or([
        eb('table_views.owner_user_id', '=', session.userId),
        eb('table_views.scope', '=', 'tenant'),
        eb.and([eb('table_views.scope', '=', 'role'), eb('table_views.role', 'in', session.roles.length > 0 ? session.roles : [-1])]),
      ]),
    );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['executeTakeFirstOrThrow']>>;

function present(row: ViewRow, session: Session): TableView {
  return {
    id: row.id,
    table: row.table_id,
    name: row.name,
    scope: row.scope as ViewScope,
    role: row.role,
    isDefault: Number(row.is_default) === 1,
    mine: row.owner_user_id === session.userId,
    ownerEmail: row.owner_email,
    state: JSON.parse(row.state_json) as ViewState,
    created: row.created,
    updated: row.updated,
  };
}

/** The audit trail's picture of a view: what it is and shows, not who reads it. */
function auditPicture(view: Pick<TableView, 'table' | 'name' | 'scope' | 'role' | 'isDefault' | 'state'>) {
  return { table: view.table, name: view.name, scope: view.scope, role: view.role, isDefault: view.isDefault, state: view.state };
}

/** The rules a view's settings must meet, whatever route set them. */
function checkSettings(session: Session, settings: { scope: ViewScope; role: number | null; isDefault: boolean }): void {
  if (settings.scope === 'role' && settings.role === null) {
    throw DomainRefusal.invalidFields({ role: 'Choose the role the view is shared with' });
  }
  if (settings.scope !== 'role' && settings.role !== null) {
    throw DomainRefusal.invalidFields({ role: 'Only a view shared with a role names a role' });
  }
  if (settings.isDefault && settings.scope !== 'tenant') {
    throw DomainRefusal.invalidFields({ isDefault: 'Only a view shared with the whole tenant can be its default' });
  }
  if (settings.scope === 'tenant' && !session.roles.includes(ROLE.TopAdmin)) {
    throw new DomainRefusal('forbidden', { message: 'Only top admins share views with the whole tenant', code: 'role_not_allowed' });
  }
}

async function nameTaken(db: Db, session: Session, table: string, name: string, except?: number): Promise<boolean> {
  let query = db
    .selectFrom('table_views')
    .select('id')
    .where('tenant_id', '=', session.tenantId)
    .where('owner_user_id', '=', session.userId)
    .where('table_id', '=', table)
    .where('name', '=', name);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

const nameTakenRefusal = () => new DomainRefusal('conflict', { message: 'You already have a view with this name', field: 'name', code: 'name_taken' });

export async function listViews(db: Db, session: Session, table: string): Promise<TableView[]> {
  requireStaff(session);
  const rows = await selectViews(db, session).where('table_views.table_id', '=', table).orderBy('table_views.name').orderBy('table_views.id').execute();
  return rows.map((row) => present(row, session));
}

async function readView(db: Db, session: Session, id: number): Promise<TableView> {
  const row = await selectViews(db, session).where('table_views.id', '=', id).executeTakeFirst();
  if (!row) throw viewNotFound();
  return present(row, session);
}

/** The view `id` if the caller owns it: 404 when they cannot see it, 403 when it is someone else's shared view. */
async function ownView(db: Db, session: Session, id: number): Promise<TableView> {
  const view = await readView(db, session, id);
  if (!view.mine) throw new DomainRefusal('forbidden', { message: 'Only the owner may change a view', code: 'not_owner' });
  return view;
}

async function clearDefault(db: Db, session: Session, table: string, except: number): Promise<void> {
  await db
    .updateTable('table_views')
    .set({ is_default: 0 })
    .where('tenant_id', '=', session.tenantId)
    .where('table_id', '=', table)
    .where('is_default', '=', 1)
    .where('id', '!=', except)
    .execute();
}

/** Refuses (throws a DomainRefusal) a state its table would not take; the caller knows the table's rules. */
export type StateCheck = (table: string, state: ViewState) => void;

export async function createView(
  db: Db,
  session: Session,
  input: ViewInput & { table: string; name: string; state: ViewState },
  now: Date,
  checkState: StateCheck,
): Promise<TableView> {
  requireStaff(session);
  const settings = { scope: input.scope ?? 'private', role: input.role ?? null, isDefault: input.isDefault ?? false };
  checkSettings(session, settings);
  checkState(input.table, input.state);
  const name = input.name.trim();
  return unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    if (await nameTaken(trx, session, input.table, name)) throw nameTakenRefusal();
    const at = now.toISOString();
    const { id } = await trx
      .insertInto('table_views')
      .values({
        tenant_id: session.tenantId,
        owner_user_id: session.userId,
        table_id: input.table,
        name,
        scope: settings.scope,
        role: settings.role,
        is_default: settings.isDefault ? 1 : 0,
        state_json: JSON.stringify(input.state),
        created: at,
        updated: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (settings.isDefault) await clearDefault(trx, session, input.table, id);
    const view = await readView(trx, session, id);
    await change({ action: 'view.create', entity: AUDIT_ENTITY, entityId: id, after: auditPicture(view) });
    return view;
  });
}

export async function updateView(db: Db, session: Session, id: number, input: ViewInput, now: Date, checkState: StateCheck): Promise<TableView> {
  requireStaff(session);
  return unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    const before = await ownView(trx, session, id);
    if (input.state) checkState(before.table, input.state);
    const scope = input.scope ?? before.scope;
    // A view moved off role sharing forgets its role unless one is sent.
    const role = input.role !== undefined ? input.role : scope === 'role' ? before.role : null;
    const isDefault = input.isDefault ?? (scope === 'tenant' ? before.isDefault : false);
    checkSettings(session, { scope, role, isDefault });
    const name = input.name?.trim() ?? before.name;
    if (name !== before.name && (await nameTaken(trx, session, before.table, name, id))) throw nameTakenRefusal();
    await trx
      .updateTable('table_views')
      .set({
        name,
        scope,
        role,
        is_default: isDefault ? 1 : 0,
        state_json: JSON.stringify(input.state ?? before.state),
        updated: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    if (isDefault) await clearDefault(trx, session, before.table, id);
    const after = await readView(trx, session, id);
    await change({
      action: 'view.update',
      entity: AUDIT_ENTITY,
      entityId: id,
      before: auditPicture(before),
      after: auditPicture(after),
    });
    return after;
  });
}

export async function deleteView(db: Db, session: Session, id: number, now: Date): Promise<void> {
  requireStaff(session);
  await unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    const before = await ownView(trx, session, id);
    await trx.deleteFrom('table_views').where('id', '=', id).execute();
    await change({ action: 'view.delete', entity: AUDIT_ENTITY, entityId: id, before: auditPicture(before) });
  });
}
