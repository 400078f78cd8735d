// The demo world's tenants come from the same tenants/*.json files the web app reads (docs/architecture.md), each its
// own identity client; plus the web app's own sign-in client, `teller-web`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import type { Tenant, TenantType } from '../../src/generated/config-types.ts';
import { ADMIN_CLAIM } from '../domain/auth/tokens.ts';
import { ensureApiScopes } from '../domain/identity/api-resources.ts';
import { TENANT_CLAIM_TYPE, tenantClaimOf, writeTenantLists } from '../domain/identity/tenants.ts';
import { fromRoot } from '../paths.ts';

export const DEFAULT_TENANTS_DIR = fromRoot('tenants');

/** The web app's sign-in client (docs/decisions.md). */
export const WEB_CLIENT = { clientId: 'teller-web', name: 'Teller web app', grantType: 'password', scope: 'openid teller' } as const;

/** A tenants/<id>.json file as the gateway reads it (the whole file is kept in tenants.config_json): the gateway needs
 * the identity-client fields, which parseTenantFile checks; a test world may leave the rest out. */
export type TenantFile = Pick<Tenant, 'id' | 'name' | 'type' | 'clientId' | 'grantType' | 'scope'> & Partial<Tenant>;

const tenantTypes: readonly TenantType[] = ['wallet', 'payin', 'payout', 'payinpayoutservice', 'bunna', 'identity'];

/** Checks the fields the gateway needs; throws naming the file and field (the config checker does the full check). */
export function parseTenantFile(text: string, file: string): TenantFile {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file}: not a JSON object`);
  const tenant = value as Record<string, unknown>;
  for (const field of ['id', 'name', 'type', 'clientId', 'grantType', 'scope']) {
    if (typeof tenant[field] !== 'string' || tenant[field] === '') throw new Error(`${file}#/${field}: a non-empty string is required`);
  }
  if (!tenantTypes.includes(tenant.type as TenantType)) throw new Error(`${file}#/type: must be one of ${tenantTypes.join(', ')}`);
  return tenant as TenantFile;
}

/** Every tenants/<id>.json, sorted by id; none when the folder does not exist. */
export function readTenantFiles(dir: string = DEFAULT_TENANTS_DIR): TenantFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => parseTenantFile(readFileSync(join(dir, name), 'utf8'), `tenants/${name}`))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The file's identity client as the gateway keeps it (docs/decisions.md "One story for tenants"). */
export function clientOfFile(tenant: TenantFile) {
  const claim = tenant.claim ?? (tenant.admin ? ADMIN_CLAIM : undefined);
  return {
    description: tenant.description ?? tenant.name,
    clientClaimsPrefix: tenant.clientClaimsPrefix ?? `${tenant.id.replaceAll('-', '_')}_`,
    clientRoles: tenant.clientRoles ?? [],
    grantTypes: [tenant.grantType],
    scopes: [...new Set(tenant.scope.split(/\s+/).filter(Boolean))],
    claims: claim ? [{ type: TENANT_CLAIM_TYPE, value: claim }] : [],
  };
}

/**
 * Inserts the tenants, each the identity client connect/token checks (its grant type, scopes and tenant claim),
 * the API scopes they name that do not exist yet (in the `teller` resource), and (unless a world already has it)
 * the web client.
 */
export async function insertTenants(db: Db, tenants: readonly TenantFile[], now: Date, options: { webClient?: boolean } = {}): Promise<void> {
  const created = now.toISOString();
  const clients = tenants.map((tenant) => ({ tenant, client: clientOfFile(tenant) }));
  await ensureApiScopes(db, clients.flatMap(({ client }) => client.scopes), 'teller', now);
  for (const { tenant, client } of clients) {
    await db
      .insertInto('tenants')
      .values({
        id: tenant.id,
        name: tenant.name,
        type: tenant.type,
        client_id: tenant.clientId,
        grant_type: tenant.grantType,
        scope: tenant.scope,
        claim: tenantClaimOf(tenant.id, client.claims),
        is_admin: tenant.admin ? 1 : 0,
        is_main: tenant.main ? 1 : 0,
        payout_admin: tenant.payoutAdmin ? 1 : 0,
        currency: tenant.currency ?? 'GMD',
        config_json: JSON.stringify(tenant),
        created,
        description: client.description,
        client_claims_prefix: client.clientClaimsPrefix,
        require_client_secret: 0,
        enabled: 1,
        client_roles: client.clientRoles.reduce((bits, role) => bits | role, 0),
      })
      .execute();
    await writeTenantLists(db, tenant.id, client);
  }
  if (options.webClient === false) return;
  await db
    .insertInto('clients')
    .values({
      client_id: WEB_CLIENT.clientId,
      kind: 'web',
      tenant_id: null,
      name: WEB_CLIENT.name,
      grant_type: WEB_CLIENT.grantType,
      scope: WEB_CLIENT.scope,
      created,
    })
    .execute();
}
