// The config's health (the Config page) answers only to the admin tenant's top admins: the people who run the whole
// platform and ship its config. The user's home tenant is read, as for identity (../identity/access.ts), so a token
// acting in another tenant still counts, and a copy of the admin tenant that kept its claim does not.
import type { Db } from '../../db/connection.ts';
import type { Session } from '../auth/tokens.ts';
import { requireIdentityAdmin } from '../identity/access.ts';
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';

/** Passes for a top admin (role 4) of the admin tenant; else a forbidden refusal (not_admin_tenant, role_not_allowed). */
export async function requireConfigAdmin(db: Db, session: Session): Promise<void> {
  await requireIdentityAdmin(db, session.userId);
  if (!session.roles.includes(ROLE.TopAdmin)) {
    throw new DomainRefusal('forbidden', { message: 'Only top admins of the admin tenant may read the config health', code: 'role_not_allowed' });
  }
}
