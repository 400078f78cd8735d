// API resources and their scopes (identity-and-catalogue §2, §3, §5, §7): the scopes a tenant may list and
// connect/token grants while their resource is enabled.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ApiResourcesTable, ApiScopesTable } from '../../db/schema.ts';
import { containsInsensitive } from '../../db/text.ts';
import { unitOfWork } from '../unit-of-work.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { DomainRefusal } from '../refusal.ts';
import { parseRowId } from '../users/ids.ts';
import { auditActor, type Actor } from './tenants.ts';

const NAME = /^[A-Za-z0-9_.:/-]+$/;

export interface ApiScopeRecord {
  id: string;
  apiResourceId: string;
  name: string;
  displayName: string;
  description: string | null;
  required: boolean;
  emphasize: boolean;
  showInDiscoveryDocument: boolean;
}

export interface ApiResourceRecord {
  id: string;
  name: string;
  displayName: string;
  description: string | null;
  nonEditable: boolean;
  enabled: boolean;
  /** The names of the resource's scopes, sorted. */
  scopes: string[];
}

export type NameSortColumn = 'name' | 'display_name';

/** Paged, or every row in one page (getAll=true, IC §7). */
export type ListWindow = { paging: Paging } | { all: true };

type ScopeRow = Omit<ApiScopesTable, 'id' | 'created'> & { id: number };
type ResourceRow = Omit<ApiResourcesTable, 'id' | 'created'> & { id: number };

const SCOPE_COLUMNS = ['id', 'api_resource_id', 'name', 'display_name', 'description', 'required', 'emphasize', 'show_in_discovery_document'] as const;
const RESOURCE_COLUMNS = ['id', 'name', 'display_name', 'description', 'non_editable', 'enabled'] as const;

function scopeRecord(row: ScopeRow): ApiScopeRecord {
  return {
    id: String(row.id),
    apiResourceId: String(row.api_resource_id),
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    required: row.required === 1,
    emphasize: row.emphasize === 1,
    showInDiscoveryDocument: row.show_in_discovery_document === 1,
  };
}

async function resourceRecords(db: Db, rows: readonly ResourceRow[]): Promise<ApiResourceRecord[]> {
  const ids = rows.map((row) => row.id);
  const scopes = ids.length === 0 ? [] : await db.selectFrom('api_scopes').select(['api_resource_id', 'name']).where('api_resource_id', 'in', ids).orderBy('name').execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    nonEditable: row.non_editable === 1,
    enabled: row.enabled === 1,
    scopes: scopes.filter((scope) => scope.api_resource_id === row.id).map((scope) => scope.name),
  }));
}

function windowOf(window: ListWindow, total: number): { offset: number; limit: number } {
  return 'all' in window ? { offset: 0, limit: Math.max(total, 1) } : { offset: window.paging.offset, limit: window.paging.size };
}

function nameRule(name: string | undefined): void {
  if (name !== undefined && !NAME.test(name)) {
    throw new DomainRefusal('invalid', { field: 'name', message: 'A name has no spaces' });
  }
}

/** Tenants that list the scope, by name (renaming or removing it would break their tokens). */
async function tenantsListing(db: Db, scopeName: string): Promise<string[]> {
  return (await db.selectFrom('tenant_scopes').select('tenant_id').where('name', '=', scopeName).orderBy('tenant_id').execute()).map((row) => row.tenant_id);
}

function scopeInUse(name: string, tenants: readonly string[]): DomainRefusal {
  return new DomainRefusal('conflict', {
    message: `The scope ${name} is listed by ${tenants.join(', ')}`,
    code: 'scope_in_use',
    field: 'scopes',
  });
}

const notEditable = () => new DomainRefusal('conflict', { message: 'This resource cannot be changed', code: 'not_editable' });
const scopeNotFound = () => new DomainRefusal('not_found', { message: 'Scope not found' });
const resourceNotFound = () => new DomainRefusal('not_found', { message: 'Resource not found' });

// ---------- scopes ----------

export async function listApiScopes(
  db: Db,
  query: { filters: { name?: string | undefined; apiResourceId?: string | undefined }; window: ListWindow; sort: Sort<NameSortColumn> },
): Promise<Page<ApiScopeRecord>> {
  let base = db.selectFrom('api_scopes');
  if (query.filters.name) base = base.where(containsInsensitive(sql.ref('api_scopes.name'), query.filters.name));
  if (query.filters.apiResourceId !== undefined) base = base.where('api_resource_id', '=', parseRowId(query.filters.apiResourceId) ?? -1);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  const { offset, limit } = windowOf(query.window, total);
  const rows = await base
    .select([...SCOPE_COLUMNS])
    .orderBy(query.sort.column, query.sort.direction)
    .orderBy('id', query.sort.direction)
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows: rows.map(scopeRecord), total };
}

async function findScopeRow(db: Db, id: string): Promise<ScopeRow | undefined> {
  const key = parseRowId(id);
  if (key === undefined) return undefined;
  return db.selectFrom('api_scopes').select([...SCOPE_COLUMNS]).where('id', '=', key).executeTakeFirst();
}

/** getApiScope: the scope, when it is the resource's. */
export async function getApiScope(db: Db, resourceId: string, id: string): Promise<ApiScopeRecord> {
  const row = await findScopeRow(db, id);
  if (!row || String(row.api_resource_id) !== resourceId) throw scopeNotFound();
  return scopeRecord(row);
}

export interface ApiScopeInput {
  apiResourceId?: string | undefined;
  name?: string | undefined;
  displayName?: string | undefined;
  description?: string | null | undefined;
  required?: boolean | undefined;
  emphasize?: boolean | undefined;
  showInDiscoveryDocument?: boolean | undefined;
}

/** The resource a scope is put in: it exists (else invalid) and takes changes (else not_editable). */
async function editableResource(db: Db, apiResourceId: string): Promise<number> {
  const key = parseRowId(apiResourceId);
  const resource = key === undefined ? undefined : await db.selectFrom('api_resources').select(['id', 'non_editable']).where('id', '=', key).executeTakeFirst();
  if (!resource) throw new DomainRefusal('invalid', { field: 'apiResourceId', message: 'No such resource' });
  if (resource.non_editable === 1) throw notEditable();
  return resource.id;
}

async function nameFree(db: Db, table: 'api_scopes' | 'api_resources', name: string, except?: number): Promise<void> {
  let query = db.selectFrom(table).select('id').where('name', '=', name);
  if (except !== undefined) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) {
    throw new DomainRefusal('conflict', { field: 'name', message: 'This name is already in use', code: 'name_taken' });
  }
}

/** createApiScope (IC §5: resource and name required; IC §9: shown in the discovery document by default). */
export async function createApiScope(db: Db, actor: Actor, input: ApiScopeInput & { apiResourceId: string; name: string }): Promise<ApiScopeRecord> {
  nameRule(input.name);
  return unitOfWork(db, auditActor(actor), async ({ db: trx, change }) => {
    const resourceId = await editableResource(trx, input.apiResourceId);
    await nameFree(trx, 'api_scopes', input.name);
    const { id } = await trx
      .insertInto('api_scopes')
      .values({
        api_resource_id: resourceId,
        name: input.name,
        display_name: input.displayName?.trim() ?? input.name,
        description: input.description ?? null,
        required: input.required ? 1 : 0,
        emphasize: input.emphasize ? 1 : 0,
        show_in_discovery_document: input.showInDiscoveryDocument === false ? 0 : 1,
        created: actor.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scope = await findScopeRow(trx, String(id));
    if (!scope) throw new Error(`Scope ${id} was not saved`);
    const after = scopeRecord(scope);
    await change({ action: 'apiscope.create', entity: 'apiscope', entityId: id, after });
    return after;
  });
}

/** updateApiScope: only what is sent; a scope a tenant lists keeps its name; no change in a nonEditable resource. */
export async function updateApiScope(db: Db, actor: Actor, id: string, input: ApiScopeInput): Promise<ApiScopeRecord> {
  nameRule(input.name);
  return unitOfWork(db, auditActor(actor), async ({ db: trx, change }) => {
    const row = await findScopeRow(trx, id);
    if (!row) throw scopeNotFound();
    const before = scopeRecord(row);
    const current = await trx.selectFrom('api_resources').select('non_editable').where('id', '=', row.api_resource_id).executeTakeFirst();
    if (current?.non_editable === 1) throw notEditable();
    const resourceId = input.apiResourceId === undefined ? row.api_resource_id : await editableResource(trx, input.apiResourceId);
    if (input.name !== undefined && input.name !== row.name) {
      await nameFree(trx, 'api_scopes', input.name, row.id);
      const tenants = await tenantsListing(trx, row.name);
      if (tenants.length > 0) {
        throw new DomainRefusal('conflict', { message: `The scope ${row.name} is listed by ${tenants.join(', ')}`, code: 'scope_in_use', field: 'name' });
      }
    }
    await trx
      .updateTable('api_scopes')
      .set({
        api_resource_id: resourceId,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.displayName === undefined ? {} : { display_name: input.displayName.trim() }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.required === undefined ? {} : { required: input.required ? 1 : 0 }),
        ...(input.emphasize === undefined ? {} : { emphasize: input.emphasize ? 1 : 0 }),
        ...(input.showInDiscoveryDocument === undefined ? {} : { show_in_discovery_document: input.showInDiscoveryDocument ? 1 : 0 }),
      })
      .where('id', '=', row.id)
      .execute();
    const saved = await findScopeRow(trx, id);
    if (!saved) throw new Error(`Scope ${id} vanished`);
    const after = scopeRecord(saved);
    await change({ action: 'apiscope.update', entity: 'apiscope', entityId: row.id, before, after });
    return after;
  });
}

// ---------- resources ----------

export async function listApiResources(
  db: Db,
  query: { filters: { name?: string | undefined; displayName?: string | undefined }; window: ListWindow; sort: Sort<NameSortColumn> },
): Promise<Page<ApiResourceRecord>> {
  let base = db.selectFrom('api_resources');
  if (query.filters.name) base = base.where(containsInsensitive(sql.ref('api_resources.name'), query.filters.name));
  if (query.filters.displayName) base = base.where(containsInsensitive(sql.ref('api_resources.display_name'), query.filters.displayName));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  const { offset, limit } = windowOf(query.window, total);
  const rows = await base
    .select([...RESOURCE_COLUMNS])
    .orderBy(query.sort.column, query.sort.direction)
    .orderBy('id', query.sort.direction)
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows: await resourceRecords(db, rows), total };
}

async function findResourceRow(db: Db, id: string): Promise<ResourceRow | undefined> {
  const key = parseRowId(id);
  if (key === undefined) return undefined;
  return db.selectFrom('api_resources').select([...RESOURCE_COLUMNS]).where('id', '=', key).executeTakeFirst();
}

export async function getApiResource(db: Db, id: string): Promise<ApiResourceRecord> {
  const row = await findResourceRow(db, id);
  if (!row) throw resourceNotFound();
  const [record] = await resourceRecords(db, [row]);
  if (!record) throw resourceNotFound();
  return record;
}

export interface ApiResourceInput {
  name?: string | undefined;
  displayName?: string | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
  nonEditable?: boolean | undefined;
  /** Update only: the names of the resource's scopes to keep. */
  scopes?: readonly string[] | undefined;
}

/** createApiResource (IC §5: name and display name required); a new resource has no scopes. */
export async function createApiResource(db: Db, actor: Actor, input: ApiResourceInput & { name: string; displayName: string }): Promise<ApiResourceRecord> {
  nameRule(input.name);
  return unitOfWork(db, auditActor(actor), async ({ db: trx, change }) => {
    await nameFree(trx, 'api_resources', input.name);
    const { id } = await trx
      .insertInto('api_resources')
      .values({
        name: input.name,
        display_name: input.displayName.trim(),
        description: input.description ?? null,
        non_editable: input.nonEditable ? 1 : 0,
        enabled: input.enabled === false ? 0 : 1,
        created: actor.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getApiResource(trx, String(id));
    await change({ action: 'apiresource.create', entity: 'apiresource', entityId: id, after });
    return after;
  });
}

/**
 * updateApiResource (IC §2: unchecking a listed scope removes it): `scopes` names the scopes to keep, and a scope
 * left out is deleted, unless a tenant lists it (scope_in_use, nothing changes).
 */
export async function updateApiResource(db: Db, actor: Actor, id: string, input: ApiResourceInput): Promise<ApiResourceRecord> {
  nameRule(input.name);
  return unitOfWork(db, auditActor(actor), async ({ db: trx, change }) => {
    const row = await findResourceRow(trx, id);
    if (!row) throw resourceNotFound();
    if (row.non_editable === 1) throw notEditable();
    const before = await getApiResource(trx, id);
    if (input.name !== undefined && input.name !== row.name) await nameFree(trx, 'api_resources', input.name, row.id);

    const dropped: string[] = [];
    if (input.scopes !== undefined) {
      const own = new Set(before.scopes);
      const reasons = input.scopes.flatMap((name, index) => (own.has(name) ? [] : [{ field: `scopes/${index}`, message: `${name} is not a scope of this resource` }]));
      if (reasons.length > 0) throw new DomainRefusal('invalid', reasons);
      const keep = new Set(input.scopes);
      dropped.push(...before.scopes.filter((name) => !keep.has(name)));
      for (const name of dropped) {
        const tenants = await tenantsListing(trx, name);
        if (tenants.length > 0) throw scopeInUse(name, tenants);
      }
    }
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.displayName === undefined ? {} : { display_name: input.displayName.trim() }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled ? 1 : 0 }),
    };
    // A PATCH of only `scopes` changes no column, and an UPDATE with an empty SET is a syntax error on both engines.
    if (Object.keys(changes).length > 0) await trx.updateTable('api_resources').set(changes).where('id', '=', row.id).execute();
    for (const name of dropped) {
      const scope = await trx.selectFrom('api_scopes').select([...SCOPE_COLUMNS]).where('name', '=', name).executeTakeFirstOrThrow();
      await trx.deleteFrom('api_scopes').where('id', '=', scope.id).execute();
      await change({
        action: 'apiscope.delete',
        entity: 'apiscope',
        entityId: scope.id,
        before: scopeRecord(scope),
      });
    }
    const after = await getApiResource(trx, id);
    await change({ action: 'apiresource.update', entity: 'apiresource', entityId: row.id, before, after });
    return after;
  });
}

/** The seed's side: makes every scope name exist, new ones in the named resource (which must exist). */
export async function ensureApiScopes(db: Db, names: Iterable<string>, resourceName: string, now: Date): Promise<void> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return;
  const known = new Set((await db.selectFrom('api_scopes').select('name').where('name', 'in', wanted).execute()).map((row) => row.name));
  const missing = wanted.filter((name) => !known.has(name));
  if (missing.length === 0) return;
  const resource = await db.selectFrom('api_resources').select('id').where('name', '=', resourceName).executeTakeFirstOrThrow();
  await db
    .insertInto('api_scopes')
    .values(missing.map((name) => ({ api_resource_id: resource.id, name, display_name: name, description: null, required: 0, emphasize: 0, show_in_discovery_document: 1, created: now.toISOString() })))
    .execute();
}
