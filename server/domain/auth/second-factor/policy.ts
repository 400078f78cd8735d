// Who must have a second factor: the tenant's setting `secondFactor.requiredForRoles` (tenants/<id>.json, described
// in schemas/meta/tenant.schema.json), read from the user's home tenant. This is the one place the rule is read.
import type { Tenant } from '../../../db/schema.ts';

/** The role bits of `tenant` whose staff must sign in with a second factor; none when the tenant names none. */
export function rolesRequiringFactor(tenant: Pick<Tenant, 'config_json'>): number[] {
  let config: unknown;
  try {
    config = JSON.parse(tenant.config_json);
  } catch {
    return [];
  }
  const setting = typeof config === 'object' && config !== null ? (config as Record<string, unknown>).secondFactor : undefined;
  const roles = typeof setting === 'object' && setting !== null ? (setting as Record<string, unknown>).requiredForRoles : undefined;
  return Array.isArray(roles) ? roles.filter((role): role is number => Number.isInteger(role)) : [];
}

/** Whether an account with these role bits in this home tenant must sign in with a second factor. */
export function factorRequired(tenant: Pick<Tenant, 'config_json'>, roleBits: number): boolean {
  return rolesRequiringFactor(tenant).some((role) => (roleBits & role) !== 0);
}
