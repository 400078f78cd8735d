// Wallet transaction lists (users-and-wallets §7 GET wallet-transactions; remittances-and-payouts §7 report and
// PDF): tenant isolation always, the role scope of 16 and 64 (users-and-wallets §6), filters, one sort, paging.
//
// Speed at 1,000,000 rows (the speed budget, README "Benchmarks"): when the filters are ones the running counts are kept by (status, type,
// currency, date range) and the session sees the whole tenant, itemTotal is two index seeks in the hourly running
// totals of migration 004, and a deep page on the `created` sort finds the hour it starts on with one more seek,
// then reads it with an OFFSET of at most an hour's rows, instead of stepping over hundreds of thousands of
// index entries. Other filters take the plain COUNT(*) and OFFSET path.
import { sql, type Compilable, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { direct, preparedQueries, slots, type Bind } from '../../db/prepared.ts';
import { containsInsensitive } from '../../db/text.ts';
import { exactSum, readExactSum } from '../../db/exact-sum.ts';
import type { TransactionTypeCode, WalletTransactionStatus } from '../../db/schema.ts';
import { formatMinor } from '../money.ts';
import type { Session } from '../auth/tokens.ts';
import type { Page } from '../paging.ts';
import { userScopeOf, visibleUsers } from '../scope.ts';
import { TRANSACTION_TYPE_NAMES, transactionTypeName } from './kinds.ts';
import { nextDay, type TransactionFilters, type TransactionQuery, type TransactionSortField } from './query.ts';

/** Running counts kept by the triggers of migration 003. */
type TransactionCountsTable = {
  tenant_id: string;
  status: string;
  type: number;
  currency: string;
  n: number;
};

type TransactionDayCountsTable = TransactionCountsTable & {
  /** YYYY-MM-DD, the UTC day of `created`. */
  day: string;
  /** Σ |amount_minor| of the day's rows in two parts, Σ |amount_minor| / 10^9 and Σ |amount_minor| % 10^9 (migration 013). */
  amount_high: number;
  amount_low: number;
};

/**
 * Hourly running totals kept by the triggers of migration 004, for every combination of the countable filters:
 * `status` '*', `type` 0 and `currency` '*' stand for "any".
 */
type TransactionHourCountsTable = {
  tenant_id: string;
  status: string;
  type: number;
  currency: string;
  /** YYYY-MM-DDTHH, the UTC hour of `created`. */
  hour: string;
  /** Rows in this hour. */
  n: number;
  /** Rows in this hour and every earlier one. */
  through: number;
};

export type CountTables = {
  wallet_transaction_counts: TransactionCountsTable;
  wallet_transaction_day_counts: TransactionDayCountsTable;
  wallet_transaction_hour_counts: TransactionHourCountsTable;
};

/** Pages starting past this many rows find their hour in the running totals instead of skipping every row. */
export const DEEP_OFFSET = 200;

export interface WalletTransactionAttributes {
  referenceNumber: string;
  type: TransactionTypeCode;
  typeName: string;
  serviceName: string | null;
  amount: string;
  fee: string;
  currency: string;
  status: WalletTransactionStatus;
  senderName: string | null;
  senderUserId: string | null;
  receiverName: string;
  receiverUserId: string;
  remarks: string | null;
  externalId: string | null;
  created: string;
}

export interface WalletTransactionRow {
  id: string;
  attributes: WalletTransactionAttributes;
}

type Party = 'owner' | 'sender';

/** The displayed full name: first, middle (when there is one) and last name. */
function fullName(party: Party) {
  return sql<string | null>`trim(${sql.ref(`${party}.firstname`)} || ' ' || coalesce(nullif(${sql.ref(`${party}.middlename`)}, '') || ' ', '') || ${sql.ref(`${party}.lastname`)})`;
}

// The contract's WalletTransaction: the sender is sender_user_id (the paying user of a transfer, the staff member
// who made a top-up, cash-out or loan), the receiver is the wallet's owner (receiver_user_id), also for a cash-out.
const senderName = fullName('sender');
const receiverName = fullName('owner');

/** Transactions with their owner, sender and service (a join nothing reads is dropped by both databases). */
function joined(db: Db) {
  return db
    .selectFrom('wallet_transactions as wt')
    .leftJoin('users as owner', 'owner.id', 'wt.receiver_user_id')
    .leftJoin('users as sender', 'sender.id', 'wt.sender_user_id')
    .leftJoin('services as service', 'service.id', 'wt.service_id');
}

/** The service shown for a row: its service's name, else its type's name (see toRow). */
const serviceName = sql<string>`coalesce(${sql.ref('service.name')}, case ${sql.ref('wt.type')} ${sql.join(
  Object.entries(TRANSACTION_TYPE_NAMES).map(([code, name]) => sql`when ${sql.lit(Number(code))} then ${sql.lit(name)}`),
  sql` `,
)} end)`;

/** The transactions themselves, without the parties (for filters and sorts that need no name). */
function bare(db: Db) {
  return db.selectFrom('wallet_transactions as wt');
}

/**
 * The fixed parts of the list's queries, built once per database and extended per request: Kysely builders are
 * immutable, and building the selected columns, joins and count tables afresh was about a third of a listing
 * request's CPU (the speed budget, README "Benchmarks").
 */
function buildParts(db: Db) {
  const counts = db.withTables<CountTables>();
  return {
    joined: joined(db),
    rows: selectRows(joined(db)),
    bareIds: bare(db).select('wt.id'),
    partyIds: joined(db).select('wt.id'),
    dayCounts: counts.selectFrom('wallet_transaction_day_counts'),
    hourCounts: counts.selectFrom('wallet_transaction_hour_counts'),
  };
}

const builtParts = new WeakMap<Db, ReturnType<typeof buildParts>>();

function parts(db: Db): ReturnType<typeof buildParts> {
  let built = builtParts.get(db);
  if (!built) {
    built = buildParts(db);
    builtParts.set(db, built);
  }
  return built;
}

/**
 * The conditions for the session's tenant and scope and the filters, as plain SQL on `wt` (and on `owner`,
 * `sender`, `service` for the name filters), so they apply to the bare table and to the joined one alike.
 * The values of the tenant and of the filters the running counts keep enter through `bind` (see listTransactions).
 */
function conditions(db: Db, session: Session, filters: TransactionFilters, bind: Bind = direct): Array<Expression<SqlBool>> {
  const column = (name: string) => sql.ref<string>(`wt.${name}`);
  const where: Array<Expression<SqlBool>> = [sql<SqlBool>`${column('tenant_id')} = ${bind('tenantId', session.tenantId)}`];
  if (userScopeOf(session) !== 'tenant') {
    const visible = db.selectFrom('users').innerJoin('accounts', 'accounts.user_id', 'users.id').select('users.id').where(visibleUsers(session));
    where.push(sql<SqlBool>`(${column('receiver_user_id')} in (${visible}) or ${column('sender_user_id')} in (${visible}))`);
  }
  if (filters.id !== undefined) where.push(sql<SqlBool>`${column('id')} = ${filters.id}`);
  if (filters.userId === null) where.push(sql<SqlBool>`1 = 0`);
  else if (filters.userId !== undefined) {
    where.push(sql<SqlBool>`(${column('receiver_user_id')} = ${filters.userId} or ${column('sender_user_id')} = ${filters.userId})`);
  }
  if (filters.status !== undefined) where.push(sql<SqlBool>`${column('status')} = ${bind('status', filters.status)}`);
  if (filters.type !== undefined) where.push(sql<SqlBool>`${column('type')} = ${bind('type', filters.type)}`);
  if (filters.currency !== undefined) where.push(sql<SqlBool>`${column('currency')} = ${bind('currency', filters.currency)}`);
  // `created` is ISO-8601 UTC text, so a day compares as a prefix: created >= 'YYYY-MM-DD' starts that day.
  if (filters.startDate !== undefined) where.push(sql<SqlBool>`${column('created')} >= ${bind('startDate', filters.startDate)}`);
  if (filters.endDate !== undefined) where.push(sql<SqlBool>`${column('created')} < ${bind('endBefore', nextDay(filters.endDate))}`);
  if (filters.referenceNumber !== undefined) where.push(containsInsensitive(column('reference_number'), filters.referenceNumber));
  if (filters.senderName !== undefined) where.push(containsInsensitive(senderName, filters.senderName));
  if (filters.receiverName !== undefined) where.push(containsInsensitive(receiverName, filters.receiverName));
  if (filters.serviceName !== undefined) {
    const text = filters.serviceName.toLowerCase();
    const namedTypes = Object.entries(TRANSACTION_TYPE_NAMES)
      .filter(([, name]) => name.toLowerCase().includes(text))
      .map(([code]) => sql.lit(Number(code)));
    const byService = containsInsensitive(sql.ref('service.name'), filters.serviceName);
    // Without a service the row shows its type name as the service (see toRow).
    where.push(
      namedTypes.length === 0
        ? byService
        : sql<SqlBool>`(${byService} or (${column('service_id')} is null and ${column('type')} in (${sql.join(namedTypes)})))`,
    );
  }
  return where;
}

/** True when a filter or the sort reads a name or a service, so the parties must be joined. */
function needsParties(filters: TransactionFilters, sort?: TransactionSortField): boolean {
  return (
    filters.senderName !== undefined ||
    filters.receiverName !== undefined ||
    filters.serviceName !== undefined ||
    sort === 'senderName' ||
    sort === 'receiverName' ||
    sort === 'serviceName'
  );
}

/** Transactions of the session's tenant and scope that match the filters, with their parties. */
export function matchingTransactions(db: Db, session: Session, filters: TransactionFilters) {
  let query = parts(db).joined;
  for (const condition of conditions(db, session, filters)) query = query.where(condition);
  return query;
}

/** The ids of the matching transactions, joining the parties only when a filter or the sort needs them. */
function matchingIds(db: Db, session: Session, filters: TransactionFilters, sort?: TransactionSortField, bind: Bind = direct) {
  let query = needsParties(filters, sort) ? parts(db).partyIds : parts(db).bareIds;
  for (const condition of conditions(db, session, filters, bind)) query = query.where(condition);
  return query;
}

function sortExpression(field: TransactionSortField) {
  switch (field) {
    case 'created':
      return sql.ref('wt.created');
    case 'referenceNumber':
      return sql.ref('wt.reference_number');
    case 'amount':
      return sql`abs(${sql.ref('wt.amount_minor')})`;
    case 'fee':
      return sql.ref('wt.fee_minor');
    case 'type':
      return sql.ref('wt.type');
    case 'status':
      return sql.ref('wt.status');
    case 'currency':
      return sql.ref('wt.currency');
    case 'senderName':
      return senderName;
    case 'receiverName':
      return receiverName;
    case 'serviceName':
      return serviceName;
  }
}

/** True when the running counts can answer for these filters and this session. */
export function countable(session: Session, filters: TransactionFilters): boolean {
  return (
    userScopeOf(session) === 'tenant' &&
    filters.id === undefined &&
    filters.userId === undefined &&
    filters.referenceNumber === undefined &&
    filters.senderName === undefined &&
    filters.receiverName === undefined &&
    filters.serviceName === undefined
  );
}

/** The hourly running totals of the one cell that matches the (countable) filters. */
function hourCell(db: Db, tenantId: string, filters: TransactionFilters, bind: Bind) {
  return parts(db)
    .hourCounts.where('tenant_id', '=', bind('tenantId', tenantId))
    .where('status', '=', filters.status === undefined ? sql.lit('*') : bind('status', filters.status))
    .where('type', '=', filters.type === undefined ? sql.lit(0) : bind('type', filters.type))
    .where('currency', '=', filters.currency === undefined ? sql.lit('*') : bind('currency', filters.currency));
}

/**
 * The matching rows before the date range (`before`) and up to its end (`upto`), from the running total of the
 * last hour before each bound; itemTotal is `upto - before`.
 */
function countedBounds(db: Db, tenantId: string, filters: TransactionFilters, bind: Bind) {
  const throughBefore = (hour?: Expression<string>) => {
    let last = hourCell(db, tenantId, filters, bind).select('through');
    if (hour) last = last.where('hour', '<', hour);
    return sql<number>`coalesce((${last.orderBy('hour', 'desc').limit(sql.lit(1))}), 0)`;
  };
  return {
    before: filters.startDate === undefined ? sql<number>`0` : throughBefore(bind('startHour', startHour(filters.startDate))),
    upto: throughBefore(filters.endDate === undefined ? undefined : bind('endBeforeHour', startHour(nextDay(filters.endDate)))),
  };
}

/** itemTotal from the running counts. */
function countedTotal(db: Db, tenantId: string, filters: TransactionFilters, bind: Bind = direct) {
  const { before, upto } = countedBounds(db, tenantId, filters, bind);
  return sql<number | string>`${upto} - ${before}`;
}

/** The first hour of a day, as `hour` is written (YYYY-MM-DDTHH). */
function startHour(day: string): string {
  return `${day}T00`;
}

/** The hour after `hour` (YYYY-MM-DDTHH). */
function nextHour(hour: string): string {
  return new Date(Date.parse(`${hour}:00:00.000Z`) + 3_600_000).toISOString().slice(0, 13);
}

/** The per-day counts of the session's tenant that match the (countable) filters. */
export function dayCounts(db: Db, tenantId: string, filters: TransactionFilters, bind: Bind = direct) {
  let query = parts(db).dayCounts.where('tenant_id', '=', bind('tenantId', tenantId));
  if (filters.status !== undefined) query = query.where('status', '=', bind('status', filters.status));
  if (filters.type !== undefined) query = query.where('type', '=', bind('type', filters.type));
  if (filters.currency !== undefined) query = query.where('currency', '=', bind('currency', filters.currency));
  if (filters.startDate !== undefined) query = query.where('day', '>=', bind('startDate', filters.startDate));
  if (filters.endDate !== undefined) query = query.where('day', '<=', bind('endDate', filters.endDate));
  return query;
}

/** itemTotal of the list. */
export async function countTransactions(db: Db, session: Session, filters: TransactionFilters): Promise<number> {
  const row = countable(session, filters)
    ? await db.selectNoFrom(countedTotal(db, session.tenantId, filters).as('n')).executeTakeFirst()
    : needsParties(filters)
      ? await matchingTransactions(db, session, filters).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
      : await matchingIds(db, session, filters).clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How the list's queries run: see listTransactions. */
interface QueryRunner {
  bind: Bind;
  run<R>(name: string, build: () => Compilable<R>, values?: Readonly<Record<string, unknown>>): Promise<R[]>;
}

/**
 * Where a deep page on the `created` sort starts: in the hour whose running total first passes the page's first
 * row, so the page is the rows from `bound` on, after skipping `offset` of them (fewer than an hour's rows).
 * Also answers itemTotal.
 */
async function locateByHour(
  db: Db,
  tenantId: string,
  filters: TransactionFilters,
  direction: 'asc' | 'desc',
  offset: number,
  { bind, run }: QueryRunner,
): Promise<{ start?: { bound: string; offset: number }; total: number }> {
  // Positions count from the oldest row of the tenant's cell; the page's first row is `offset` rows into the
  // range from its oldest end (asc) or from its newest end (desc). Running totals never fall from one hour to
  // the next, so the first hour (by through, then hour) whose total passes that position holds it.
  const [found] = await run(
    `locate ${direction}`,
    () => {
      const { before, upto } = countedBounds(db, tenantId, filters, bind);
      const at = bind('offset', offset);
      const position = direction === 'asc' ? sql<number>`${before} + ${at}` : sql<number>`${upto} - 1 - ${at}`;
      return hourCell(db, tenantId, filters, bind)
        .select(['hour', 'n', 'through', before.as('before'), upto.as('upto')])
        .where('through', '>', position)
        .orderBy('through')
        .orderBy('hour')
        .limit(sql.lit(1));
    },
    { offset },
  );
  if (!found) {
    // Past the last row: the page is empty, and itemTotal comes from the counts as usual.
    const [counted] = await run('total', () => db.selectNoFrom(countedTotal(db, tenantId, filters, bind).as('n')));
    return { total: Number(counted?.n ?? 0) };
  }
  const before = Number(found.before);
  const upto = Number(found.upto);
  const position = direction === 'asc' ? before + offset : upto - 1 - offset;
  // A position outside the date range: the page lies past its end.
  if (position < before || position >= upto) return { total: upto - before };
  const through = Number(found.through);
  return {
    start:
      direction === 'asc'
        ? { bound: found.hour, offset: position - (through - Number(found.n)) }
        : { bound: nextHour(found.hour), offset: through - 1 - position },
    total: upto - before,
  };
}

/**
 * How the list's queries run. A list the running counts answer for (any list of a top admin without a text or
 * user filter, the common case) runs prepared queries: compiled once per shape of filters and sort, run with this
 * request's values. Any other list builds and compiles its queries each time.
 */
function runnerFor(db: Db, session: Session, { filters, sort }: TransactionQuery): QueryRunner {
  if (!countable(session, filters)) {
    return { bind: direct, run: async (_name, build) => (await db.executeQuery(build())).rows };
  }
  // The builders choose by the sort and by which filters are present; every value enters through a slot.
  const values: Record<string, unknown> = { tenantId: session.tenantId };
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) values[name] = value;
  if (filters.startDate !== undefined) values.startHour = startHour(filters.startDate);
  if (filters.endDate !== undefined) {
    values.endBefore = nextDay(filters.endDate);
    values.endBeforeHour = startHour(values.endBefore as string);
  }
  const shape = `${sort.column} ${sort.direction} ${Object.keys(values).sort().join(',')}`;
  return {
    bind: slots,
    run: (name, build, extra = {}) => preparedQueries(db).execute(db, `wallet-transactions ${name} ${shape}`, build, { ...values, ...extra }),
  };
}

/**
 * One page of transactions, sorted, with itemTotal. With countable filters itemTotal rides along in the page's
 * own query (or the deep page's day lookup), so a page costs one query, two when deep.
 */
export async function listTransactions(db: Db, session: Session, query: TransactionQuery): Promise<Page<WalletTransactionRow>> {
  const { filters, sort, page } = query;
  const fromCounts = countable(session, filters);
  const runner = runnerFor(db, session, query);
  const { bind } = runner;
  let total: number | undefined = fromCounts ? undefined : await countTransactions(db, session, filters);
  if (total !== undefined && page.offset >= total) return { rows: [], total };

  let offset = page.offset;
  let bound: { operator: '<' | '>='; hour: string } | undefined;
  if (fromCounts && sort.column === 'created' && offset > DEEP_OFFSET) {
    const located = await locateByHour(db, session.tenantId, filters, sort.direction, offset, runner);
    total = located.total;
    if (!located.start) return { rows: [], total };
    bound = { operator: sort.direction === 'desc' ? '<' : '>=', hour: located.start.bound };
    offset = located.start.offset;
  }

  const known = total;
  // Two statements rather than one: PostgreSQL plans a statement with the page's joins afresh on every call (about
  // 0.9 ms, four times its execution), while the ids alone with a literal size and no offset, and the rows of a
  // fixed number of ids, each keep one generic plan (docs/benchmarks.md, issue 26).
  const ids = await runner.run(
    `page ids ${bound?.operator ?? ''} ${known === undefined ? 'total' : ''} size ${page.size} ${offset === 0 ? 'first' : 'skip'}`,
    () => {
      let query = matchingIds(db, session, filters, sort.column, bind);
      if (bound) query = query.where('wt.created', bound.operator, bind('bound', bound.hour));
      const ordered = query
        .$if(known === undefined, (ids) => ids.select(countedTotal(db, session.tenantId, filters, bind).as('total')))
        .orderBy(sortExpression(sort.column), sort.direction)
        .orderBy('wt.id', sort.direction)
        .limit(sql.lit(page.size));
      return offset === 0 ? ordered : ordered.offset(bind('skip', offset));
    },
    { bound: bound?.hour, skip: offset },
  );
  const rows = await rowsOf(db, runner, ids.map((row) => row.id));
  if (known !== undefined) return { rows, total: known };
  const first = ids[0];
  return {
    rows,
    // A page past the end has no row to carry the total.
    total: first && 'total' in first ? Number(first.total ?? 0) : await countTransactions(db, session, filters),
  };
}

/** Ids a statement reads rows for: a report's page of 100,000 would pass the engines' limits on parameters. */
const IDS_A_STATEMENT = 500;

/** The rows of these ids with their parties, in the order of the ids. */
async function rowsOf(db: Db, { bind, run }: QueryRunner, ids: readonly number[]): Promise<WalletTransactionRow[]> {
  const byId = new Map<number, SelectedRow>();
  for (let from = 0; from < ids.length; from += IDS_A_STATEMENT) {
    const chunk = ids.slice(from, from + IDS_A_STATEMENT);
    const values = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
    const found = await run(`rows ${chunk.length}`, () => parts(db).rows.where('wt.id', 'in', chunk.map((id, index) => bind(`id${index}`, id))), values);
    for (const row of found) byId.set(row.id, row);
  }
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row)] : [];
  });
}

/** Every matching row up to `limit`, sorted (the PDF export). */
export async function exportTransactions(
  db: Db,
  session: Session,
  query: Pick<TransactionQuery, 'filters' | 'sort'>,
  limit: number,
): Promise<WalletTransactionRow[]> {
  const rows = await selectRows(matchingTransactions(db, session, query.filters))
    .orderBy(sortExpression(query.sort.column), query.sort.direction)
    .orderBy('wt.id', query.sort.direction)
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

export interface CurrencyTotals {
  currency: string;
  count: number;
  /** Money put into wallets (Top Up, Loan, ...), minor units. */
  creditMinor: bigint;
  /** Money taken out (Cash Out), minor units. */
  debitMinor: bigint;
  feeMinor: bigint;
}

/** Totals per currency of every matching row (not only the rows a capped export shows). */
export async function transactionTotals(db: Db, session: Session, filters: TransactionFilters): Promise<CurrencyTotals[]> {
  const rows = await matchingTransactions(db, session, filters)
    .select((eb) => [
      'wt.currency',
      eb.fn.countAll<number | string>().as('count'),
      exactSum(sql`case when ${sql.ref('wt.amount_minor')} > 0 then ${sql.ref('wt.amount_minor')} else 0 end`).as('credit'),
      exactSum(sql`case when ${sql.ref('wt.amount_minor')} < 0 then -${sql.ref('wt.amount_minor')} else 0 end`).as('debit'),
      exactSum(sql.ref('wt.fee_minor')).as('fee'),
    ])
    .groupBy('wt.currency')
    .orderBy('wt.currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    creditMinor: readExactSum(row.credit),
    debitMinor: readExactSum(row.debit),
    feeMinor: readExactSum(row.fee),
  }));
}

function selectRows(from: ReturnType<typeof joined>) {
  return from.select([
    'wt.id',
    'wt.reference_number',
    'wt.type',
    'wt.status',
    'wt.amount_minor',
    'wt.fee_minor',
    'wt.currency',
    'wt.sender_user_id',
    'wt.receiver_user_id',
    'wt.remarks',
    'wt.external_id',
    'wt.created',
    'service.name as service_name',
    fullName('owner').as('owner_name'),
    fullName('sender').as('sender_name'),
  ]);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(row: SelectedRow): WalletTransactionRow {
  return {
    id: String(row.id),
    attributes: {
      referenceNumber: row.reference_number,
      type: row.type,
      typeName: transactionTypeName(row.type),
      serviceName: row.service_name ?? transactionTypeName(row.type),
      amount: formatMinor(Math.abs(row.amount_minor)),
      fee: formatMinor(row.fee_minor),
      currency: row.currency,
      status: row.status,
      senderName: row.sender_user_id === null ? null : row.sender_name || null,
      senderUserId: row.sender_user_id === null ? null : String(row.sender_user_id),
      receiverName: row.owner_name ?? '',
      receiverUserId: String(row.receiver_user_id),
      remarks: row.remarks,
      externalId: row.external_id,
      created: row.created,
    },
  };
}
