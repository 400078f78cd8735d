// Reading users: the users and admins lists (users-and-wallets §2, §7, §9) and the rows a profile is built from.
// Every query goes through visibleUsers (domain/scope.ts): tenant isolation and the role scope of 16 and 64.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, StatusName } from '../../db/schema.ts';
import { containsInsensitive } from '../../db/text.ts';
import type { Session } from '../auth/tokens.ts';
import type { Paging, Sort } from '../paging.ts';
import { DISPLAY_ORDER } from '../reference.ts';
import { visibleUsers } from '../scope.ts';
import { isTopUpKind } from '../wallet/kinds.ts';

/** The wire sort fields of listUsers (the contract's UserSort) → what they order by. */
export const USER_SORT_FIELDS = {
  'account.accountId': 'accounts.account_id',
  created: 'users.created',
  fullname: 'fullname',
  firstname: 'users.firstname',
  lastname: 'users.lastname',
  email: 'users.email',
  phonenumber: 'users.phonenumber',
  status: 'accounts.status',
  'wallet.balance': 'wallets.balance_minor',
  'wallet.currency': 'wallets.currency',
} as const;

export type UserSortColumn = (typeof USER_SORT_FIELDS)[keyof typeof USER_SORT_FIELDS];

/** users-and-wallets §9: "The users default sort is created descending". */
export const DEFAULT_USER_SORT = '-created';

type UserTables = 'users' | 'accounts' | 'wallets';
type Where = (eb: ExpressionBuilder<Database, UserTables>) => Expression<SqlBool>;

const ALL_STATUS_BITS = DISPLAY_ORDER.reduce((bits, [, bit]) => bits | bit, 0);

function statusBits(eb: ExpressionBuilder<Database, UserTables>, mask: number) {
  return sql<number>`(${eb.ref('accounts.status')} & ${sql.lit(mask)})`;
}

/** The displayed status order of docs/decisions.md: a name matches when its bit is set and no earlier bit is. */
function statusNamed(name: StatusName): Where {
  return (eb) => {
    const index = DISPLAY_ORDER.findIndex(([candidate]) => candidate === name);
    const entry = DISPLAY_ORDER[index];
    if (!entry) return eb(statusBits(eb, ALL_STATUS_BITS), '=', 0);
    const earlier = DISPLAY_ORDER.slice(0, index).reduce((bits, [, bit]) => bits | bit, 0);
    const own = eb(statusBits(eb, entry[1]), '!=', 0);
    return earlier === 0 ? own : eb.and([own, eb(statusBits(eb, earlier), '=', 0)]);
  };
}

function fullnameExpression(eb: ExpressionBuilder<Database, UserTables>) {
  return sql<string>`${eb.ref('users.firstname')} || ' ' || coalesce(${eb.ref('users.middlename')} || ' ', '') || ${eb.ref('users.lastname')}`;
}

/** The filters of listUsers, read from `filter[...]` by the route. */
export interface UserFilters {
  /** One user (the live tables' single-row read); the other filters still apply. */
  id?: number;
  /**
   * users-and-wallets §7: 256 lists end users, -256 everyone but end users (admins). All conditions hold, so an
   * admin list's role filter (§6) narrows its fixed -256: [-256, 64].
   */
  roles?: readonly number[];
  /** A group id; one no group has matches nothing. */
  group?: number;
  accountId?: string;
  fullname?: string;
  email?: string;
  phonenumber?: string;
  status?: StatusName;
  currency?: string;
  /** The command palette's look-up: account id, phone number, e-mail or full name contains this text. */
  anyText?: string;
}

function userFilters(filters: UserFilters): Where[] {
  const where: Where[] = [];
  for (const role of filters.roles ?? []) {
    const bits = (eb: ExpressionBuilder<Database, UserTables>) => sql<number>`(${eb.ref('accounts.roles')} & ${sql.lit(Math.abs(role))})`;
    where.push((eb) => eb(bits(eb), role > 0 ? '!=' : '=', 0));
  }
  const { id, group, accountId, fullname, email, phonenumber, status, currency } = filters;
  if (id !== undefined) where.push((eb) => eb('users.id', '=', id));
  if (group !== undefined) where.push((eb) => eb('accounts.group_id', '=', group));
  if (accountId !== undefined) where.push((eb) => containsInsensitive(sql<string>`cast(${eb.ref('accounts.account_id')} as text)`, accountId));
  if (fullname !== undefined) where.push((eb) => containsInsensitive(fullnameExpression(eb), fullname));
  if (email !== undefined) where.push((eb) => containsInsensitive(eb.ref('users.email'), email));
  if (phonenumber !== undefined) where.push((eb) => containsInsensitive(eb.ref('users.phonenumber'), phonenumber));
  if (status !== undefined) where.push(statusNamed(status));
  if (currency !== undefined) where.push((eb) => eb('wallets.currency', '=', currency.toUpperCase()));
  const { anyText } = filters;
  if (anyText !== undefined) {
    where.push((eb) =>
      eb.or([
        containsInsensitive(sql<string>`cast(${eb.ref('accounts.account_id')} as text)`, anyText),
        containsInsensitive(eb.ref('users.phonenumber'), anyText),
        containsInsensitive(eb.ref('users.email'), anyText),
        containsInsensitive(fullnameExpression(eb), anyText),
      ]),
    );
  }
  return where;
}

/** users ⋈ accounts ⟕ the user's first wallet (the one the lists show), restricted to what the session may see. */
function visibleUsersQuery(db: Db, session: Session) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .leftJoin('wallets', (join) =>
      join
        .onRef('wallets.user_id', '=', 'users.id')
        .on((eb) =>
          eb('wallets.id', '=', eb.selectFrom('wallets as w1').select((inner) => inner.fn.min('w1.id').as('id')).whereRef('w1.user_id', '=', 'users.id')),
        ),
    )
    .where(visibleUsers(session));
}

export interface UserListQuery {
  filters: UserFilters;
  sort: Sort<UserSortColumn>;
  page: Paging;
}

function filteredUsersQuery(db: Db, session: Session, filters: UserFilters) {
  let query = visibleUsersQuery(db, session);
  for (const condition of userFilters(filters)) query = query.where(condition);
  return query;
}

/** How many users the session may see match `filters`: the total listUsers answers for them. */
export async function countVisibleUsers(db: Db, session: Session, filters: UserFilters): Promise<number> {
  const count = await filteredUsersQuery(db, session, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

/** One page of the users the session may see: ids in order, and the total. */
export async function listVisibleUserIds(db: Db, session: Session, query: UserListQuery): Promise<{ ids: number[]; total: number }> {
  const filtered = () => filteredUsersQuery(db, session, query.filters);
  const { column, direction } = query.sort;
  const rows = await filtered()
    .select('users.id')
    // Users without a wallet or an e-mail sort last either way, on SQLite and PostgreSQL alike.
    .orderBy((eb) => (column === 'fullname' ? fullnameExpression(eb) : eb.ref(column)), (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast())
    .orderBy('users.id', direction)
    .limit(query.page.size)
    .offset(query.page.offset)
    .execute();
  return { ids: rows.map((row) => row.id), total: await countVisibleUsers(db, session, query.filters) };
}

/** The rows a user resource is built from, for ids the session may see (others are left out). */
export async function loadUserRows(db: Db, session: Session, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return visibleUsersQuery(db, session)
    .leftJoin('users as creator', 'creator.id', 'users.created_by')
    .select([
      'users.id',
      'users.tenant_id',
      'users.firstname',
      'users.middlename',
      'users.lastname',
      'users.birthdate',
      'users.gender',
      'users.email',
      'users.phonenumber',
      'users.externalid',
      'users.photo_file_id',
      'users.created',
      'accounts.account_id',
      'accounts.roles',
      'accounts.group_id',
      'accounts.status',
      'accounts.created as account_created',
      'wallets.id as wallet_id',
      'wallets.currency as wallet_currency',
      'wallets.balance_minor as wallet_balance_minor',
      'creator.firstname as creator_firstname',
      'creator.lastname as creator_lastname',
      // Stored as the wire carries them: the countries list's nationality and name texts (db/schema.ts).
      'users.nationality',
      'users.country',
    ])
    .where('users.id', 'in', [...ids])
    .execute();
}

export type UserRow = Awaited<ReturnType<typeof loadUserRows>>[number];

/** The documents of these users with their files (at most 3 each), oldest first. */
export async function loadDocuments(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'user_id', 'document_type', 'document_number', 'expiry_date'])
    .where('user_id', 'in', [...userIds])
    .orderBy('id')
    .execute();
  if (documents.length === 0) return [];
  const files = await db
    .selectFrom('files')
    .select(['id', 'document_id'])
    .where('document_id', 'in', documents.map((document) => document.id))
    .orderBy('created')
    .orderBy('id')
    .execute();
  return documents.map((document) => ({
    ...document,
    fileIds: files.filter((file) => file.document_id === document.id).map((file) => file.id),
  }));
}

export type DocumentRow = Awaited<ReturnType<typeof loadDocuments>>[number];

/** The top-up dropdown's services (users-and-wallets §3): those that move money on a wallet this way. */
export async function loadWalletServices(db: Db) {
  const rows = await db
    .selectFrom('services')
    .select(['id', 'name', 'icon', 'transaction_type'])
    .where('transaction_type', 'in', [1, 32, 256])
    .orderBy('id')
    .execute();
  return rows.flatMap(({ transaction_type, ...service }) => (isTopUpKind(transaction_type) ? [{ ...service, transaction_type }] : []));
}

export type WalletServiceRow = Awaited<ReturnType<typeof loadWalletServices>>[number];
