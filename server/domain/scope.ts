// Which users a session may see (users-and-wallets §6: "For roles 16 and 64 the lists are restricted to the
// current user's own scope"; docs/architecture.md: the gateway enforces access on its own side).
//
// The rule, applied to every user list and detail:
// 1. Tenant isolation: only users of the session's tenant (`users.tenant_id = session.tenantId`), always.
// 2. Role 4 (top admin), or any session holding role 4: every user of that tenant.
// 3. Role 16 (group admin): users whose account is in the admin's own group, and the admin themself.
// 4. Role 64 (field officer): users they created, users in their own group, and themself.
// 5. Anyone else (role 256): only themself.
// An admin without a group (group 0/none) therefore sees, under 3 and 4, only what they created (64) or themself.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { Session } from './auth/tokens.ts';

export type UserScope = 'tenant' | 'group' | 'groupOrCreated' | 'self';

/** The scope rule above, as a name. */
export function userScopeOf(session: Pick<Session, 'roles'>): UserScope {
  if (session.roles.includes(4)) return 'tenant';
  if (session.roles.includes(16)) return 'group';
  if (session.roles.includes(64)) return 'groupOrCreated';
  return 'self';
}

/**
 * A `where` filter for a query over `users` joined with `accounts` (on accounts.user_id = users.id) that keeps
 * only the users the session may see, tenant isolation included: `query.where(visibleUsers(session))`.
 */
export function visibleUsers(session: Session) {
  return (eb: ExpressionBuilder<Database, 'users' | 'accounts'>): Expression<SqlBool> => {
    const sameTenant = eb('users.tenant_id', '=', session.tenantId);
    const self = eb('users.id', '=', session.userId);
    const ownGroup = () =>
      eb('accounts.group_id', '=', eb.selectFrom('accounts as me').select('me.group_id').where('me.user_id', '=', session.userId));
    switch (userScopeOf(session)) {
      case 'tenant':
        return sameTenant;
      case 'group':
        return eb.and([sameTenant, eb.or([self, ownGroup()])]);
      case 'groupOrCreated':
        return eb.and([sameTenant, eb.or([self, ownGroup(), eb('users.created_by', '=', session.userId)])]);
      case 'self':
        return eb.and([sameTenant, self]);
    }
  };
}

/** True when the session may see the user (same rule as visibleUsers); false for unknown ids and other tenants. */
export async function canSeeUser(db: Db, session: Session, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .select('users.id')
    .where('users.id', '=', userId)
    .where(visibleUsers(session))
    .executeTakeFirst();
  return row !== undefined;
}
