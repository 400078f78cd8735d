// The admin dashboard's widget row (identity-and-catalogue §2 "A row of widgets. Each widget has value, name and
// description"; §7 GET api/v1/um/statistics). Counts of the users the session may see (tenant and role scope).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { exactSum, readExactSum } from '../../db/exact-sum.ts';
import { MINOR_PER_MAJOR } from '../money.ts';
import type { Session } from '../auth/tokens.ts';
import { ROLE, STATUS } from '../reference.ts';
import { visibleUsers } from '../scope.ts';

export interface Widget {
  id: string;
  value: number;
  name: string;
  description: string;
}

const STAFF = ROLE.TopAdmin | ROLE.MidAdmin | ROLE.LowerAdmin;
const RESTRICTED = STATUS.LockOut | STATUS.Sanctioned | STATUS.OnHold;

/** 1 when the bit test holds, else 0, summed: the same SQL on SQLite and PostgreSQL. */
function countWhere(condition: ReturnType<typeof sql>) {
  return sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
}

export async function userWidgets(db: Db, session: Session): Promise<Widget[]> {
  const roles = sql.ref('accounts.roles');
  const status = sql.ref('accounts.status');
  const endUser = sql`(${roles} & ${ROLE.EndUser}) <> 0`;
  const counts = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .where(visibleUsers(session))
    .select([
      countWhere(endUser).as('users'),
      countWhere(sql`${endUser} and (${status} & ${STATUS.Active}) <> 0`).as('active'),
      countWhere(sql`${endUser} and ${status} = 0`).as('pending'),
      countWhere(sql`${endUser} and (${status} & ${STATUS.Verified}) <> 0`).as('verified'),
      countWhere(sql`${endUser} and (${status} & ${RESTRICTED}) <> 0`).as('restricted'),
      countWhere(sql`(${roles} & ${STAFF}) <> 0`).as('admins'),
    ])
    .executeTakeFirst();

  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', session.tenantId).executeTakeFirst();
  const currency = tenant?.currency ?? 'GMD';
  const balance = await db
    .selectFrom('wallets')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .where(visibleUsers(session))
    .where('wallets.currency', '=', currency)
    .where(sql<boolean>`(${roles} & ${ROLE.EndUser}) <> 0`)
    .select(exactSum(sql.ref('wallets.balance_minor')).as('minor'))
    .executeTakeFirst();

  const count = (value: number | string | null | undefined) => Number(value ?? 0);
  return [
    { id: 'users-total', value: count(counts?.users), name: 'Users', description: 'All end users' },
    { id: 'users-active', value: count(counts?.active), name: 'Active', description: 'End users with an active account' },
    { id: 'users-pending', value: count(counts?.pending), name: 'Pending KYC', description: 'End users waiting for activation or verification' },
    { id: 'users-verified', value: count(counts?.verified), name: 'Verified', description: 'End users whose identity is verified' },
    { id: 'users-restricted', value: count(counts?.restricted), name: 'Restricted', description: 'End users locked out, on hold or sanctioned' },
    { id: 'admins-total', value: count(counts?.admins), name: 'Admins', description: 'Staff accounts (roles 4, 16 and 64)' },
    {
      id: 'wallets-balance',
      // Whole currency units: the contract's widget value is an integer (a JSON number, exact below 2^53).
      value: Number(readExactSum(balance?.minor) / BigInt(MINOR_PER_MAJOR)),
      name: 'Wallets balance',
      description: `Sum of end-user wallet balances in ${currency}, whole units`,
    },
  ];
}
