// The Control Panel's identity area (identity-and-catalogue §2 to §7): tenants as identity clients, their grant types
// and claims prefixes, API scopes and API resources. Every operation answers only to the admin tenant's users.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import { requireIdentityAdmin } from '../domain/identity/access.ts';
import {
  createApiResource,
  createApiScope,
  getApiResource,
  getApiScope,
  listApiResources,
  listApiScopes,
  updateApiResource,
  updateApiScope,
  type ApiResourceRecord,
  type ApiScopeRecord,
  type ListWindow,
} from '../domain/identity/api-resources.ts';
import {
  createTenant,
  findTenant,
  listClaimsPrefixes,
  listGrantTypes,
  listTenants,
  RESERVED_TENANT_IDS,
  tenantLists,
  updateTenant,
  type Actor,
  type TenantLists,
  type TenantListName,
  type TenantRecord,
} from '../domain/identity/tenants.ts';
import { DomainRefusal } from '../domain/refusal.ts';
import { HttpError, listDocument, listMeta, parseInclude, parsePaging, parseSort, resource, textFilters } from '../http/jsonapi.ts';
import type { Handlers, QueryOf, Schema } from './types.ts';

const TENANT_LISTS: readonly TenantListName[] = ['grantTypes', 'scopes', 'claims', 'secrets'];
const TENANT_SORT = {
  id: 'id',
  clientId: 'client_id',
  clientName: 'name',
  description: 'description',
  clientClaimsPrefix: 'client_claims_prefix',
  created: 'created',
} as const;
const NAME_SORT = { name: 'name', displayName: 'display_name' } as const;

/** The signed-in admin-tenant user, as identity writes record them (403 not_admin_tenant for anyone else). */
async function identityAdmin(request: FastifyRequest): Promise<Actor> {
  const session = sessionOf(request);
  const adminTenantId = await requireIdentityAdmin(request.server.db, session.userId);
  return { userId: session.userId, adminTenantId, now: request.server.teller.now() };
}

function tenantResource(tenant: TenantRecord, lists: Partial<TenantLists> = {}): Schema<'Tenant'> {
  return resource('tenant', tenant.id, {
    clientId: tenant.clientId,
    clientName: tenant.clientName,
    description: tenant.description,
    clientClaimsPrefix: tenant.clientClaimsPrefix,
    requireClientSecret: tenant.requireClientSecret,
    enabled: tenant.enabled,
    clientRoles: tenant.clientRoles,
    type: tenant.type,
    grantType: tenant.grantType,
    admin: tenant.admin,
    created: tenant.created,
    ...lists,
  });
}

function scopeResource(scope: ApiScopeRecord): Schema<'ApiScope'> {
  const { id, ...attributes } = scope;
  return resource('apiscope', id, attributes);
}

function resourceResource(apiResource: ApiResourceRecord): Schema<'ApiResource'> {
  const { id, ...attributes } = apiResource;
  return resource('apiresource', id, attributes);
}

/** `data.id` of a PATCH names the path's resource (the contract: 422 otherwise). */
function samePathId(body: { data: { id?: string } }, id: string): void {
  if (body.data.id !== undefined && body.data.id !== id) {
    throw new HttpError(422, 'The id in the body is not the id in the path', { pointer: '/data/id' });
  }
}

function listWindow(query: QueryOf<'listApiScopes'> | QueryOf<'listApiResources'>): ListWindow {
  return query.getAll === true ? { all: true } : { paging: parsePaging(query) };
}

function windowMeta(window: ListWindow, total: number) {
  return listMeta('all' in window ? { number: 1, size: Math.max(total, 1), offset: 0 } : window.paging, total);
}

export const handlers: Handlers = {
  async listTenants(request) {
    await identityAdmin(request);
    const { query } = request;
    const paging = parsePaging(query);
    const sort = parseSort(query.sort, TENANT_SORT, 'clientName');
    const filters = textFilters({
      id: query['filter[id]'],
      clientId: query['filter[clientId]'],
      clientName: query['filter[clientName]'],
      description: query['filter[description]'],
      clientClaimsPrefix: query['filter[clientClaimsPrefix]'],
    });
    const { rows, total } = await listTenants(request.server.db, { filters: { ...filters, type: query['filter[type]'] }, paging, sort });
    return listDocument(rows.map((tenant) => tenantResource(tenant)), listMeta(paging, total));
  },

  async createTenant(request, reply) {
    const actor = await identityAdmin(request);
    const { data } = request.body;
    if (data.id !== undefined && (RESERVED_TENANT_IDS as readonly string[]).includes(data.id)) {
      throw new HttpError(422, `${data.id} is not a tenant id`, { pointer: '/data/id' });
    }
    try {
      const { tenant, lists } = await createTenant(request.server.db, actor, { ...data.attributes, id: data.id });
      reply.code(201);
      return { data: tenantResource(tenant, lists) };
    } catch (error) {
      if (error instanceof DomainRefusal && error.reasons[0]?.code === 'tenant_id_taken') {
        throw new HttpError(409, error.message, { code: 'tenant_id_taken', pointer: '/data/id' });
      }
      throw error;
    }
  },

  async getTenant(request) {
    await identityAdmin(request);
    const { id } = request.params;
    const include = parseInclude(request.query.include, TENANT_LISTS);
    const tenant = await findTenant(request.server.db, id);
    if (!tenant) throw new HttpError(404, 'Tenant not found');
    const lists = include.size > 0 ? await tenantLists(request.server.db, id, TENANT_LISTS.filter((name) => include.has(name))) : {};
    return { data: tenantResource(tenant, lists) };
  },

  async updateTenant(request) {
    const actor = await identityAdmin(request);
    const { id } = request.params;
    const { body } = request;
    samePathId(body, id);
    const { tenant, lists } = await updateTenant(request.server.db, actor, id, body.data.attributes);
    return { data: tenantResource(tenant, lists) };
  },

  async listGrantTypes(request) {
    await identityAdmin(request);
    const names = await listGrantTypes(request.server.db);
    return { data: names.map((name) => resource('granttype', name, { name })) };
  },

  async listClaimsPrefixes(request) {
    await identityAdmin(request);
    const prefixes = await listClaimsPrefixes(request.server.db);
    return { data: prefixes.map((name) => resource('claimsprefix', name, { name })) };
  },

  async listApiScopes(request) {
    await identityAdmin(request);
    const { query } = request;
    const window = listWindow(query);
    const sort = parseSort(query.sort, NAME_SORT, 'name');
    const filters = textFilters({ name: query['filter[name]'], apiResourceId: query['filter[apiResourceId]'] });
    const { rows, total } = await listApiScopes(request.server.db, { filters, window, sort });
    return listDocument(rows.map(scopeResource), windowMeta(window, total));
  },

  async createApiScope(request, reply) {
    const actor = await identityAdmin(request);
    const { data } = request.body;
    const scope = await createApiScope(request.server.db, actor, data.attributes);
    reply.code(201);
    return { data: scopeResource(scope) };
  },

  async getApiScope(request) {
    await identityAdmin(request);
    const { resourceId, id } = request.params;
    return { data: scopeResource(await getApiScope(request.server.db, resourceId, id)) };
  },

  async updateApiScope(request) {
    const actor = await identityAdmin(request);
    const { id } = request.params;
    const { body } = request;
    samePathId(body, id);
    return { data: scopeResource(await updateApiScope(request.server.db, actor, id, body.data.attributes)) };
  },

  async listApiResources(request) {
    await identityAdmin(request);
    const { query } = request;
    const window = listWindow(query);
    const sort = parseSort(query.sort, NAME_SORT, 'name');
    const filters = textFilters({ name: query['filter[name]'], displayName: query['filter[displayName]'] });
    const { rows, total } = await listApiResources(request.server.db, { filters, window, sort });
    return listDocument(rows.map(resourceResource), windowMeta(window, total));
  },

  async createApiResource(request, reply) {
    const actor = await identityAdmin(request);
    const { data } = request.body;
    const created = await createApiResource(request.server.db, actor, data.attributes);
    reply.code(201);
    return { data: resourceResource(created) };
  },

  async getApiResource(request) {
    await identityAdmin(request);
    return { data: resourceResource(await getApiResource(request.server.db, request.params.id)) };
  },

  async updateApiResource(request) {
    const actor = await identityAdmin(request);
    const { id } = request.params;
    const { body } = request;
    samePathId(body, id);
    return { data: resourceResource(await updateApiResource(request.server.db, actor, id, body.data.attributes)) };
  },
};
