// identity-and-catalogue §1, §4, §6: tenants, API scopes and API resources answer only to users whose own tenant is
// the admin tenant (the one flagged admin in its tenant file). The token may act in any tenant (the Control Panel
// runs with a selected tenant's token), so the user's home tenant is read, never the token's claim: a tenant that
// merely carries the claim dssc is not the admin tenant.
import type { Db } from '../../db/connection.ts';
import { DomainRefusal } from '../refusal.ts';

export const NOT_ADMIN_TENANT = {
  message: 'Only the admin tenant may administer identity',
  code: 'not_admin_tenant',
} as const;

/** The admin tenant's id, when the user's own tenant is it; else a forbidden refusal. */
export async function requireIdentityAdmin(db: Db, userId: number): Promise<string> {
  const home = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['tenants.id', 'tenants.is_admin'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (home?.is_admin !== 1) throw new DomainRefusal('forbidden', NOT_ADMIN_TENANT);
  return home.id;
}
