// The dashboards' widget row (identity-and-catalogue §2 "A row of widgets. Each widget has value, name and
// description"; §7 GET api/v1/um/statistics). Counts of the users the session may see (tenant and role scope). A
// widget that opens a list is counted by that list's own query (users/queries.ts), so a click shows its value as
// the list's total.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { exactSum, readExactSum } from '../../db/exact-sum.ts';
import type { StatusName } from '../../db/schema.ts';
import { MINOR_PER_MAJOR } from '../money.ts';
import type { Session } from '../auth/tokens.ts';
import { ROLE, STATUS } from '../reference.ts';
import { visibleUsers } from '../scope.ts';
import { countVisibleUsers, type UserFilters } from '../users/queries.ts';

/** The list a click opens: the users list (end users) or the admins list, filtered by one displayed status. */
export interface WidgetList {
  list: 'users' | 'admins';
  status?: StatusName;
}

export interface Widget {
  id: string;
  value: number;
  name: string;
  description: string;
  opens?: WidgetList;
}

const RESTRICTED = STATUS.LockOut | STATUS.Sanctioned | STATUS.OnHold;

/** users-and-wallets §7: the users list is roles 256, the admins list everyone else. */
function listFilters({ list, status }: WidgetList): UserFilters {
  return { roles: [list === 'users' ? ROLE.EndUser : -ROLE.EndUser], ...(status ? { status } : {}) };
}

const LIST_WIDGETS: ReadonlyArray<Omit<Widget, 'value'> & { opens: WidgetList }> = [
  { id: 'users-total', name: 'Users', description: 'All end users', opens: { list: 'users' } },
  { id: 'users-active', name: 'Active', description: 'End users whose status is Active', opens: { list: 'users', status: 'Active' } },
  { id: 'users-pending', name: 'Pending KYC', description: 'End users waiting for activation', opens: { list: 'users', status: 'Pending' } },
  { id: 'users-verified', name: 'Verified', description: 'End users whose identity is verified', opens: { list: 'users', status: 'Verified' } },
];

export async function userWidgets(db: Db, session: Session): Promise<Widget[]> {
  const counted = await Promise.all(
    LIST_WIDGETS.map(async (widget) => ({ ...widget, value: await countVisibleUsers(db, session, listFilters(widget.opens)) })),
  );
  const roles = sql.ref('accounts.roles');
  const status = sql.ref('accounts.status');
  const endUser = sql<boolean>`(${roles} & ${ROLE.EndUser}) <> 0`;
  // Locked out, on hold and sanctioned are three statuses of the list, so this one opens none.
  const restricted = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .where(visibleUsers(session))
    .where(endUser)
    .where(sql<boolean>`(${status} & ${RESTRICTED}) <> 0`)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const admins: WidgetList = { list: 'admins' };

  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', session.tenantId).executeTakeFirst();
  const currency = tenant?.currency ?? 'GMD';
  const balance = await db
    .selectFrom('wallets')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .where(visibleUsers(session))
    .where('wallets.currency', '=', currency)
    .where(endUser)
    .select(exactSum(sql.ref('wallets.balance_minor')).as('minor'))
    .executeTakeFirst();

  const count = (value: number | string | null | undefined) => Number(value ?? 0);
  return [
    ...counted,
    { id: 'users-restricted', value: count(restricted?.n), name: 'Restricted', description: 'End users locked out, on hold or sanctioned' },
    { id: 'admins-total', value: await countVisibleUsers(db, session, listFilters(admins)), name: 'Admins', description: 'Staff accounts (roles 4, 16 and 64)', opens: admins },
    {
      id: 'wallets-balance',
      // Whole currency units: the contract's widget value is an integer (a JSON number, exact below 2^53).
      value: Number(readExactSum(balance?.minor) / BigInt(MINOR_PER_MAJOR)),
      name: 'Wallets balance',
      description: `Sum of end-user wallet balances in ${currency}, whole units`,
    },
  ];
}
