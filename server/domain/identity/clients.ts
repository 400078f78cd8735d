// connect/token's client checks (identity-and-catalogue §7): the tenant as the Control Panel keeps it is the client.
import type { Db } from '../../db/connection.ts';
import { DEFAULT_SECRET_TYPE } from './tenants.ts';
import { matchesSecret } from './secrets.ts';

export interface ClientRequest {
  clientId: string;
  grantType: string;
  /** Space-separated scopes; left out, the tenant's own (RFC 6749 §3.3's default), which may be none. */
  scope?: string | undefined;
  clientSecret?: string | undefined;
}

export type ClientRefusalCode = 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

export type ClientCheck =
  | { ok: true; tenantId: string; scopes: string[] }
  | { ok: false; code: ClientRefusalCode; message: string; detail: string };

/**
 * The tenant a token request names, if it may have one: the tenant is enabled, a required secret matches one of its
 * SharedSecret secrets, the grant type is one of its grant types, and every scope asked for is one of its scopes and
 * belongs to an enabled API resource. No scope asked for grants the tenant's own: a tenant made with the form's
 * defaults lists none, and is entered all the same (IC-5.04).
 */
export async function checkClient(db: Db, request: ClientRequest): Promise<ClientCheck> {
  const tenant = await db
    .selectFrom('tenants')
    .select(['id', 'client_id', 'enabled', 'require_client_secret'])
    .where('client_id', '=', request.clientId)
    .executeTakeFirst();
  if (!tenant || tenant.enabled !== 1) {
    return { ok: false, code: 'invalid_client', message: 'Invalid client', detail: `Unknown client_id ${request.clientId}.` };
  }
  if (tenant.require_client_secret === 1) {
    const hashes = await db
      .selectFrom('tenant_secrets')
      .select('value_hash')
      .where('tenant_id', '=', tenant.id)
      .where('type', '=', DEFAULT_SECRET_TYPE)
      .execute();
    if (request.clientSecret === undefined || !matchesSecret(request.clientSecret, hashes.map((row) => row.value_hash))) {
      return { ok: false, code: 'invalid_client', message: 'Invalid client', detail: `The client ${tenant.client_id} needs a valid client_secret.` };
    }
  }
  const grantTypes = (await db.selectFrom('tenant_grant_types').select('name').where('tenant_id', '=', tenant.id).orderBy('position').execute()).map(
    (row) => row.name,
  );
  if (!grantTypes.includes(request.grantType)) {
    return {
      ok: false,
      code: 'unsupported_grant_type',
      message: 'Unsupported grant type',
      detail: `The client ${tenant.client_id} uses grant types ${grantTypes.join(', ')}.`,
    };
  }
  const granted = await db
    .selectFrom('tenant_scopes')
    .innerJoin('api_scopes', 'api_scopes.name', 'tenant_scopes.name')
    .innerJoin('api_resources', 'api_resources.id', 'api_scopes.api_resource_id')
    .select('tenant_scopes.name')
    .where('tenant_scopes.tenant_id', '=', tenant.id)
    .where('api_resources.enabled', '=', 1)
    .orderBy('tenant_scopes.position')
    .execute();
  const allowed = new Set(granted.map((row) => row.name));
  if (request.scope === undefined) return { ok: true, tenantId: tenant.id, scopes: [...allowed] };
  const requested = [...new Set(request.scope.split(/\s+/).filter(Boolean))];
  if (requested.length === 0 || requested.some((scope) => !allowed.has(scope))) {
    return { ok: false, code: 'invalid_scope', message: 'Invalid scope', detail: `The client ${tenant.client_id} allows: ${[...allowed].join(' ')}.` };
  }
  return { ok: true, tenantId: tenant.id, scopes: requested };
}
