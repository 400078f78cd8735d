// Tenants as identity clients (identity-and-catalogue §3, §5, §7; docs/decisions.md "One story for tenants"): what
// the Control Panel creates or changes here is at once what connect/token checks (./clients.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Tenant, TenantType } from '../../db/schema.ts';
import { containsInsensitive } from '../../db/text.ts';
import { unitOfWork, type WorkActor } from '../unit-of-work.ts';
import { ADMIN_CLAIM } from '../auth/tokens.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { DomainRefusal, type RefusalReason } from '../refusal.ts';
import { generateClientId, generateSecretValue, hashSecret } from './secrets.ts';

/** The grant the web app switches tenants with, given to a tenant that names none. */
export const DEFAULT_GRANT_TYPE = 'delegation';
export const DEFAULT_SCOPES = ['openid'] as const;
export const DEFAULT_SECRET_TYPE = 'SharedSecret';
/** The standard grant types the tenant form offers (listGrantTypes), besides those tenants use. */
export const STANDARD_GRANT_TYPES = [
  'authorization_code',
  'client_credentials',
  'delegation',
  'hybrid',
  'implicit',
  'password',
  'urn:ietf:params:oauth:grant-type:device_code',
] as const;
/** Path segments under /api/v1/id/tenant/ that are operations, so never tenant ids. */
export const RESERVED_TENANT_IDS = ['granttypes', 'claimsprefixes', 'tenantselections'] as const;
/** The claim type whose value is the tenant claim tokens carry. */
export const TENANT_CLAIM_TYPE = 'tenant';

const GRANT_TYPE_NAME = /^[A-Za-z0-9_.:-]+$/;
const CLIENT_ROLE_BITS = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;
/** identity-and-catalogue §3 client role bits: 1 DSSC Admin, 4 Partner Admin, 16 Group Admin, 64 Field Officer, 256 Customer. */
export type ClientRoleBit = (typeof CLIENT_ROLE_BITS)[number];

export interface TenantClaim {
  type: string;
  value: string;
}

export interface TenantSecretView {
  id: string;
  type: string;
  description: string | null;
  created: string;
  /** The clear value, only in the answer of the request that created the secret. */
  value: string | null;
}

export interface TenantRecord {
  id: string;
  clientId: string;
  clientName: string;
  description: string;
  clientClaimsPrefix: string;
  requireClientSecret: boolean;
  enabled: boolean;
  clientRoles: ClientRoleBit[];
  type: TenantType;
  grantType: string;
  admin: boolean;
  created: string;
}

export interface TenantLists {
  grantTypes: string[];
  scopes: string[];
  claims: TenantClaim[];
  secrets: TenantSecretView[];
}

export type TenantListName = keyof TenantLists;

export interface NewSecretInput {
  type?: string | undefined;
  value?: string | undefined;
  description?: string | undefined;
}

export type SecretInput = NewSecretInput | { id: string };

export interface TenantInput {
  clientName?: string | undefined;
  description?: string | undefined;
  clientClaimsPrefix?: string | undefined;
  clientId?: string | undefined;
  type?: TenantType | undefined;
  requireClientSecret?: boolean | undefined;
  enabled?: boolean | undefined;
  clientRoles?: readonly number[] | undefined;
  grantTypes?: readonly string[] | undefined;
  manualGrantTypes?: string | undefined;
  scopes?: readonly string[] | undefined;
  claims?: readonly TenantClaim[] | undefined;
  secrets?: readonly SecretInput[] | undefined;
}

export interface Actor {
  userId: number;
  /** The admin tenant, which identity audit rows carry. */
  adminTenantId: string;
  now: Date;
}

/** An identity admin's changes are audited in the admin tenant. */
export function auditActor(actor: Actor): WorkActor {
  return { userId: actor.userId, tenantId: actor.adminTenantId, now: actor.now };
}

export type TenantSortColumn = 'id' | 'client_id' | 'name' | 'description' | 'client_claims_prefix' | 'created';

export interface TenantFilters {
  id?: string | undefined;
  clientId?: string | undefined;
  clientName?: string | undefined;
  description?: string | undefined;
  clientClaimsPrefix?: string | undefined;
  type?: TenantType | undefined;
}

const TENANT_COLUMNS = [
  'id',
  'client_id',
  'name',
  'description',
  'client_claims_prefix',
  'require_client_secret',
  'enabled',
  'client_roles',
  'type',
  'grant_type',
  'is_admin',
  'created',
] as const;

type TenantRow = Pick<Tenant, (typeof TENANT_COLUMNS)[number]>;

function record(row: TenantRow): TenantRecord {
  return {
    id: row.id,
    clientId: row.client_id,
    clientName: row.name,
    description: row.description,
    clientClaimsPrefix: row.client_claims_prefix,
    requireClientSecret: row.require_client_secret === 1,
    enabled: row.enabled === 1,
    clientRoles: CLIENT_ROLE_BITS.filter((bit) => (row.client_roles & bit) !== 0),
    type: row.type,
    grantType: row.grant_type,
    admin: row.is_admin === 1,
    created: row.created,
  };
}

/** IC §2 tenants table: every column filters (text contains, case-insensitive; type exact). */
export async function listTenants(db: Db, query: { filters: TenantFilters; paging: Paging; sort: Sort<TenantSortColumn> }): Promise<Page<TenantRecord>> {
  const { filters } = query;
  let base = db.selectFrom('tenants');
  const text: Array<[keyof TenantFilters, 'id' | 'client_id' | 'name' | 'description' | 'client_claims_prefix']> = [
    ['id', 'id'],
    ['clientId', 'client_id'],
    ['clientName', 'name'],
    ['description', 'description'],
    ['clientClaimsPrefix', 'client_claims_prefix'],
  ];
  for (const [filter, column] of text) {
    const value = filters[filter];
    if (value) base = base.where(containsInsensitive(sql.ref(`tenants.${column}`), value));
  }
  if (filters.type) base = base.where('type', '=', filters.type);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select([...TENANT_COLUMNS])
    .orderBy(query.sort.column, query.sort.direction)
    .orderBy('id', query.sort.direction)
    .offset(query.paging.offset)
    .limit(query.paging.size)
    .execute();
  return { rows: rows.map(record), total: Number(total.count) };
}

/** One tenant, or undefined. */
export async function findTenant(db: Db, id: string): Promise<TenantRecord | undefined> {
  const row = await db.selectFrom('tenants').select([...TENANT_COLUMNS]).where('id', '=', id).executeTakeFirst();
  return row ? record(row) : undefined;
}

/** The tenant's lists named in `names` (all four by default); secret values are never read back. */
export async function tenantLists(db: Db, id: string, names: readonly TenantListName[] = ['grantTypes', 'scopes', 'claims', 'secrets']): Promise<Partial<TenantLists>> {
  const lists: Partial<TenantLists> = {};
  if (names.includes('grantTypes')) {
    const rows = await db.selectFrom('tenant_grant_types').select('name').where('tenant_id', '=', id).orderBy('position').execute();
    lists.grantTypes = rows.map((row) => row.name);
  }
  if (names.includes('scopes')) {
    const rows = await db.selectFrom('tenant_scopes').select('name').where('tenant_id', '=', id).orderBy('position').execute();
    lists.scopes = rows.map((row) => row.name);
  }
  if (names.includes('claims')) {
    const rows = await db.selectFrom('tenant_claims').select(['type', 'value']).where('tenant_id', '=', id).orderBy('position').execute();
    lists.claims = rows.map((row) => ({ type: row.type, value: row.value }));
  }
  if (names.includes('secrets')) {
    const rows = await db
      .selectFrom('tenant_secrets')
      .select(['id', 'type', 'description', 'created'])
      .where('tenant_id', '=', id)
      .orderBy('id')
      .execute();
    lists.secrets = rows.map((row) => ({ id: String(row.id), type: row.type, description: row.description, created: row.created, value: null }));
  }
  return lists;
}

/** listGrantTypes: the standard grant types and every other one a tenant uses, sorted by name. */
export async function listGrantTypes(db: Db): Promise<string[]> {
  const used = await db.selectFrom('tenant_grant_types').select('name').distinct().execute();
  return [...new Set<string>([...STANDARD_GRANT_TYPES, ...used.map((row) => row.name)])].sort();
}

/** listClaimsPrefixes: the distinct prefixes the tenants use, sorted. */
export async function listClaimsPrefixes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('tenants').select('client_claims_prefix').distinct().where('client_claims_prefix', '!=', '').execute();
  return rows.map((row) => row.client_claims_prefix).sort();
}

/** The tenant claim a tenant's tokens carry: the value of its claim of type `tenant`, else its id. */
export function tenantClaimOf(id: string, claims: readonly TenantClaim[]): string {
  return claims.find((claim) => claim.type === TENANT_CLAIM_TYPE)?.value ?? id;
}

/**
 * Replaces a tenant's grant types, scopes and claims (each list given), and keeps the tenant row's projection of
 * them (grant_type the first grant type, scope the scopes joined by spaces, claim the tenant claim) in step.
 */
export async function writeTenantLists(db: Db, tenantId: string, lists: { grantTypes?: readonly string[]; scopes?: readonly string[]; claims?: readonly TenantClaim[] }): Promise<void> {
  if (lists.grantTypes) {
    await db.deleteFrom('tenant_grant_types').where('tenant_id', '=', tenantId).execute();
    if (lists.grantTypes.length > 0) {
      await db.insertInto('tenant_grant_types').values(lists.grantTypes.map((name, position) => ({ tenant_id: tenantId, position, name }))).execute();
    }
    await db.updateTable('tenants').set({ grant_type: lists.grantTypes[0] ?? DEFAULT_GRANT_TYPE }).where('id', '=', tenantId).execute();
  }
  if (lists.scopes) {
    await db.deleteFrom('tenant_scopes').where('tenant_id', '=', tenantId).execute();
    if (lists.scopes.length > 0) {
      await db.insertInto('tenant_scopes').values(lists.scopes.map((name, position) => ({ tenant_id: tenantId, position, name }))).execute();
    }
    await db.updateTable('tenants').set({ scope: lists.scopes.join(' ') }).where('id', '=', tenantId).execute();
  }
  if (lists.claims) {
    await db.deleteFrom('tenant_claims').where('tenant_id', '=', tenantId).execute();
    if (lists.claims.length > 0) {
      await db
        .insertInto('tenant_claims')
        .values(lists.claims.map((claim, position) => ({ tenant_id: tenantId, position, type: claim.type, value: claim.value })))
        .execute();
    }
    await db.updateTable('tenants').set({ claim: tenantClaimOf(tenantId, lists.claims) }).where('id', '=', tenantId).execute();
  }
}

function blank(value: string | undefined): boolean {
  return value !== undefined && value.trim() === '';
}

/** The tenant id derived from a name: lower-case letters and digits joined by `-`, unique and not reserved. */
async function deriveTenantId(db: Db, name: string): Promise<string> {
  const words = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, ' ').trim().split(/\s+/).filter(Boolean);
  let base = words.join('-').slice(0, 34).replace(/-+$/, '');
  if (base === '') base = 'tenant';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((RESERVED_TENANT_IDS as readonly string[]).includes(candidate)) continue;
    if (!(await db.selectFrom('tenants').select('id').where('id', '=', candidate).executeTakeFirst())) return candidate;
  }
}

async function clientIdInUse(db: Db, clientId: string): Promise<boolean> {
  const tenant = await db.selectFrom('tenants').select('id').where('client_id', '=', clientId).executeTakeFirst();
  const client = await db.selectFrom('clients').select('client_id').where('client_id', '=', clientId).executeTakeFirst();
  return tenant !== undefined || client !== undefined;
}

async function newClientId(db: Db): Promise<string> {
  for (;;) {
    const candidate = generateClientId();
    if (!(await clientIdInUse(db, candidate))) return candidate;
  }
}

/** IC §5: manual grant types are comma separated without spaces; each a grant type name. */
function manualGrantTypes(text: string | undefined, reasons: RefusalReason[]): string[] {
  if (text === undefined || text === '') return [];
  const names = text.split(',');
  if (/\s/.test(text) || names.some((name) => !GRANT_TYPE_NAME.test(name))) {
    reasons.push({ field: 'manualGrantTypes', message: 'Manual grant types are comma separated without spaces' });
    return [];
  }
  return names;
}

async function checkScopes(db: Db, scopes: readonly string[], reasons: RefusalReason[]): Promise<void> {
  if (scopes.length === 0) return;
  const known = new Set((await db.selectFrom('api_scopes').select('name').where('name', 'in', [...scopes]).execute()).map((row) => row.name));
  scopes.forEach((scope, index) => {
    if (!known.has(scope)) reasons.push({ field: `scopes/${index}`, message: `No API scope is named ${scope}` });
  });
}

function roleBits(roles: readonly number[]): number {
  return roles.reduce((bits, role) => bits | role, 0);
}

function requiredTexts(input: TenantInput, reasons: RefusalReason[]): void {
  // IC §5: Name, Description and Client Claims Prefix are required.
  if (blank(input.clientName)) reasons.push({ field: 'clientName', message: 'Name is required' });
  if (blank(input.description)) reasons.push({ field: 'description', message: 'Description is required' });
  if (blank(input.clientClaimsPrefix)) reasons.push({ field: 'clientClaimsPrefix', message: 'Client Claims Prefix is required' });
}

interface CreatedSecrets {
  views: TenantSecretView[];
}

async function insertSecrets(db: Db, tenantId: string, secrets: readonly NewSecretInput[], created: string): Promise<CreatedSecrets> {
  const views: TenantSecretView[] = [];
  for (const secret of secrets) {
    const value = secret.value ?? generateSecretValue();
    const type = secret.type ?? DEFAULT_SECRET_TYPE;
    const description = secret.description ?? null;
    const { id } = await db
      .insertInto('tenant_secrets')
      .values({ tenant_id: tenantId, type, description, value_hash: hashSecret(value), created })
      .returning('id')
      .executeTakeFirstOrThrow();
    views.push({ id: String(id), type, description, created, value });
  }
  return { views };
}

/** What an audit row keeps of a tenant: everything but secret values. */
function auditView(tenant: TenantRecord, lists: Partial<TenantLists>) {
  return {
    ...tenant,
    ...lists,
    ...(lists.secrets ? { secrets: lists.secrets.map(({ id, type, description }) => ({ id, type, description })) } : {}),
  };
}

export interface SavedTenant {
  tenant: TenantRecord;
  lists: TenantLists;
}

function isKept(secret: SecretInput): secret is { id: string } {
  return 'id' in secret;
}

/**
 * createTenant (IC §7 PUT): the tenant and its identity client in one step, so an admin may switch into it at once.
 * A conflict on the id carries code `tenant_id_taken`; every broken IC §5 rule is one `invalid` reason per field.
 */
export async function createTenant(db: Db, actor: Actor, input: TenantInput & { id?: string | undefined }): Promise<SavedTenant> {
  return unitOfWork(db, auditActor(actor), async ({ db: trx, change }) => {
    const reasons: RefusalReason[] = [];
    requiredTexts(input, reasons);
    const grantTypes = [...new Set([...(input.grantTypes ?? []), ...manualGrantTypes(input.manualGrantTypes, reasons)])];
    const scopes = [...new Set(input.scopes ?? DEFAULT_SCOPES)];
    await checkScopes(trx, scopes, reasons);
    const secrets = (input.secrets ?? []).filter((secret): secret is NewSecretInput => !isKept(secret));
    if (input.requireClientSecret === true && secrets.length === 0) {
      reasons.push({ field: 'secrets', message: 'A tenant that requires a client secret needs a secret' });
    }
    let clientId = input.clientId ?? '';
    if (clientId !== '' && (await clientIdInUse(trx, clientId))) {
      reasons.push({ field: 'clientId', message: 'This client id is already in use', code: 'client_id_taken' });
    }
    if (reasons.length > 0) throw new DomainRefusal('invalid', reasons);

    if (input.id !== undefined && (await trx.selectFrom('tenants').select('id').where('id', '=', input.id).executeTakeFirst())) {
      throw new DomainRefusal('conflict', { message: 'A tenant with this id already exists', code: 'tenant_id_taken' });
    }
    const id = input.id ?? (await deriveTenantId(trx, input.clientName ?? ''));
    if (clientId === '') clientId = await newClientId(trx);
    const created = actor.now.toISOString();
    const claims = input.claims ?? [];
    await trx
      .insertInto('tenants')
      .values({
        id,
        name: (input.clientName ?? '').trim(),
        type: input.type ?? 'wallet',
        client_id: clientId,
        grant_type: DEFAULT_GRANT_TYPE,
        scope: '',
        // The admin tenant is set by configuration only (IC §6), never by this API, whatever the claims.
        claim: tenantClaimOf(id, claims),
        is_admin: 0,
        is_main: 0,
        payout_admin: 0,
        currency: 'GMD',
        config_json: '{}',
        created,
        description: (input.description ?? '').trim(),
        client_claims_prefix: input.clientClaimsPrefix ?? '',
        require_client_secret: input.requireClientSecret ? 1 : 0,
        enabled: input.enabled === false ? 0 : 1,
        client_roles: roleBits(input.clientRoles ?? []),
      })
      .execute();
    await writeTenantLists(trx, id, { grantTypes: grantTypes.length > 0 ? grantTypes : [DEFAULT_GRANT_TYPE], scopes, claims });
    const { views } = await insertSecrets(trx, id, secrets, created);
    const tenant = await findTenant(trx, id);
    if (!tenant) throw new Error(`Tenant ${id} was not saved`);
    const lists = { ...(await tenantLists(trx, id, ['grantTypes', 'scopes', 'claims'])), secrets: views } as TenantLists;
    await change({
      action: 'tenant.create',
      entity: 'tenant',
      entityId: id,
      after: auditView(tenant, lists),
    });
    return { tenant, lists };
  });
}

/**
 * updateTenant (IC §7 PATCH): only what is sent changes, a list sent replaces the list, `manualGrantTypes` add to the
 * grant types, secrets are kept by id (one left out is removed) and new ones are shown once. The client id never
 * changes. The admin tenant stays enabled and keeps its tenant claim dssc.
 */
export async function updateTenant(db: Db, actor: Actor, id: string, input: TenantInput): Promise<SavedTenant> {
  return unitOfWork(db, auditActor(actor), async ({ db: trx, change }) => {
    const before = await findTenant(trx, id);
    if (!before) throw new DomainRefusal('not_found', { message: 'Tenant not found' });
    const beforeLists = await tenantLists(trx, id);

    const reasons: RefusalReason[] = [];
    requiredTexts(input, reasons);
    if (input.clientId !== undefined && input.clientId !== before.clientId) {
      reasons.push({ field: 'clientId', message: 'The client id cannot change' });
    }
    const manual = manualGrantTypes(input.manualGrantTypes, reasons);
    const grantTypes =
      input.grantTypes !== undefined || manual.length > 0
        ? [...new Set([...(input.grantTypes ?? beforeLists.grantTypes ?? []), ...manual])]
        : undefined;
    const scopes = input.scopes === undefined ? undefined : [...new Set(input.scopes)];
    if (scopes) await checkScopes(trx, scopes, reasons);

    const kept: string[] = [];
    const added: NewSecretInput[] = [];
    const ownSecretIds = new Set((beforeLists.secrets ?? []).map((secret) => secret.id));
    (input.secrets ?? []).forEach((secret, index) => {
      if (!isKept(secret)) added.push(secret);
      else if (ownSecretIds.has(secret.id)) kept.push(secret.id);
      else reasons.push({ field: `secrets/${index}`, message: 'No such secret on this tenant' });
    });
    const secretCount = input.secrets === undefined ? ownSecretIds.size : kept.length + added.length;
    if ((input.requireClientSecret ?? before.requireClientSecret) && secretCount === 0) {
      reasons.push({ field: 'secrets', message: 'A tenant that requires a client secret needs a secret' });
    }
    if (before.admin) {
      if (input.enabled === false) reasons.push({ field: 'enabled', message: 'The admin tenant stays enabled' });
      if (input.claims && tenantClaimOf(id, input.claims) !== ADMIN_CLAIM) {
        reasons.push({ field: 'claims', message: `The admin tenant keeps its tenant claim ${ADMIN_CLAIM}` });
      }
    }
    if (reasons.length > 0) throw new DomainRefusal('invalid', reasons);

    const changes = {
      ...(input.clientName === undefined ? {} : { name: input.clientName.trim() }),
      ...(input.description === undefined ? {} : { description: input.description.trim() }),
      ...(input.clientClaimsPrefix === undefined ? {} : { client_claims_prefix: input.clientClaimsPrefix }),
      ...(input.type === undefined ? {} : { type: input.type }),
      ...(input.requireClientSecret === undefined ? {} : { require_client_secret: input.requireClientSecret ? 1 : 0 }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled ? 1 : 0 }),
      ...(input.clientRoles === undefined ? {} : { client_roles: roleBits(input.clientRoles) }),
    };
    if (Object.keys(changes).length > 0) await trx.updateTable('tenants').set(changes).where('id', '=', id).execute();
    await writeTenantLists(trx, id, {
      ...(grantTypes ? { grantTypes: grantTypes.length > 0 ? grantTypes : [DEFAULT_GRANT_TYPE] } : {}),
      ...(scopes ? { scopes } : {}),
      ...(input.claims ? { claims: input.claims } : {}),
    });
    let views: TenantSecretView[] = [];
    if (input.secrets !== undefined) {
      let removal = trx.deleteFrom('tenant_secrets').where('tenant_id', '=', id);
      if (kept.length > 0) removal = removal.where('id', 'not in', kept.map(Number));
      await removal.execute();
      views = (await insertSecrets(trx, id, added, actor.now.toISOString())).views;
    }
    const tenant = await findTenant(trx, id);
    if (!tenant) throw new Error(`Tenant ${id} vanished`);
    const current = await tenantLists(trx, id);
    const shown = new Map(views.map((view) => [view.id, view]));
    const lists = { ...current, secrets: (current.secrets ?? []).map((secret) => shown.get(secret.id) ?? secret) } as TenantLists;
    await change({
      action: 'tenant.update',
      entity: 'tenant',
      entityId: id,
      before: auditView(before, beforeLists),
      after: auditView(tenant, lists),
    });
    return { tenant, lists };
  });
}
