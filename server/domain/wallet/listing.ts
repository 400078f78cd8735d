// Wallet transaction lists (users-and-wallets §7 GET wallet-transactions; remittances-and-payouts §7 report and
// PDF): tenant isolation always, the role scope of 16 and 64 (users-and-wallets §6), filters, one sort, paging.
//
// Speed at 1,000,000 rows (issue 2 §8): itemTotal comes from the running counts of migration 003 whenever the
// filters are ones those counts are kept by (status, type, currency, date range) and the session sees the whole
// tenant; a deep page on the `created` sort first finds the day it starts on from the per-day counts, then reads
// it with an OFFSET inside that day, instead of stepping over hundreds of thousands of index entries.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { containsInsensitive } from '../../db/text.ts';
import type { WalletTransactionStatus } from '../../db/schema.ts';
import { formatMinor } from '../../http/money.ts';
import type { Session } from '../auth/tokens.ts';
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
  /** Σ |amount_minor| of the day's rows. */
  amount_minor: number;
};

export type CountTables = {
  wallet_transaction_counts: TransactionCountsTable;
  wallet_transaction_day_counts: TransactionDayCountsTable;
};

/** Pages starting past this many rows use the per-day counts to skip whole days. */
const DEEP_OFFSET = 1_000;

export interface WalletTransactionAttributes {
  [key: string]: unknown;
  referenceNumber: string;
  type: number;
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

/** Transactions of the session's tenant and scope that match the filters. */
export function matchingTransactions(db: Db, session: Session, filters: TransactionFilters) {
  let query = joined(db).where('wt.tenant_id', '=', session.tenantId);

  if (userScopeOf(session) !== 'tenant') {
    const visible = db.selectFrom('users').innerJoin('accounts', 'accounts.user_id', 'users.id').select('users.id').where(visibleUsers(session));
    query = query.where((eb) =>
      eb.or([
        eb('wt.receiver_user_id', 'in', visible),
        eb('wt.sender_user_id', 'in', visible),
      ]),
    );
  }
  if (filters.userId !== undefined) {
    const userId = filters.userId;
    query =
      userId === null
        ? query.where(sql<SqlBool>`1 = 0`)
        : query.where((eb) =>
            eb.or([
              eb('wt.receiver_user_id', '=', userId),
              eb('wt.sender_user_id', '=', userId),
            ]),
          );
  }
  if (filters.status !== undefined) query = query.where('wt.status', '=', filters.status);
  if (filters.type !== undefined) query = query.where('wt.type', '=', filters.type);
  if (filters.currency !== undefined) query = query.where('wt.currency', '=', filters.currency);
  // `created` is ISO-8601 UTC text, so a day compares as a prefix: created >= 'YYYY-MM-DD' starts that day.
  if (filters.startDate !== undefined) query = query.where('wt.created', '>=', filters.startDate);
  if (filters.endDate !== undefined) query = query.where('wt.created', '<', nextDay(filters.endDate));
  if (filters.referenceNumber !== undefined) {
    query = query.where(containsInsensitive(sql.ref('wt.reference_number'), filters.referenceNumber));
  }
  if (filters.senderName !== undefined) query = query.where(containsInsensitive(senderName, filters.senderName));
  if (filters.receiverName !== undefined) query = query.where(containsInsensitive(receiverName, filters.receiverName));
  if (filters.serviceName !== undefined) {
    const text = filters.serviceName.toLowerCase();
    const namedTypes = Object.entries(TRANSACTION_TYPE_NAMES)
      .filter(([, name]) => name.toLowerCase().includes(text))
      .map(([code]) => Number(code));
    const serviceName = filters.serviceName;
    query = query.where((eb) => {
      const byService = containsInsensitive(sql.ref('service.name'), serviceName);
      const alternatives: Array<Expression<SqlBool>> = [byService];
      // Without a service the row shows its type name as the service (see toRow).
      if (namedTypes.length > 0) alternatives.push(eb.and([eb('wt.service_id', 'is', null), eb('wt.type', 'in', namedTypes)]));
      return eb.or(alternatives);
    });
  }
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
    filters.userId === undefined &&
    filters.referenceNumber === undefined &&
    filters.senderName === undefined &&
    filters.receiverName === undefined &&
    filters.serviceName === undefined
  );
}

async function countFromTotals(db: Db, tenantId: string, filters: TransactionFilters): Promise<number> {
  const counts = db.withTables<CountTables>();
  if (filters.startDate === undefined && filters.endDate === undefined) {
    const row = await counts
      .selectFrom('wallet_transaction_counts')
      .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
      .where('tenant_id', '=', tenantId)
      .$if(filters.status !== undefined, (query) => query.where('status', '=', filters.status ?? ''))
      .$if(filters.type !== undefined, (query) => query.where('type', '=', filters.type ?? 0))
      .$if(filters.currency !== undefined, (query) => query.where('currency', '=', filters.currency ?? ''))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const row = await dayCounts(db, tenantId, filters)
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The per-day counts of the session's tenant that match the (countable) filters. */
export function dayCounts(db: Db, tenantId: string, filters: TransactionFilters) {
  return db
    .withTables<CountTables>()
    .selectFrom('wallet_transaction_day_counts')
    .where('tenant_id', '=', tenantId)
    .$if(filters.status !== undefined, (query) => query.where('status', '=', filters.status ?? ''))
    .$if(filters.type !== undefined, (query) => query.where('type', '=', filters.type ?? 0))
    .$if(filters.currency !== undefined, (query) => query.where('currency', '=', filters.currency ?? ''))
    .$if(filters.startDate !== undefined, (query) => query.where('day', '>=', filters.startDate ?? ''))
    .$if(filters.endDate !== undefined, (query) => query.where('day', '<=', filters.endDate ?? ''));
}

/** itemTotal of the list. */
export async function countTransactions(db: Db, session: Session, filters: TransactionFilters): Promise<number> {
  if (countable(session, filters)) return countFromTotals(db, session.tenantId, filters);
  const row = await matchingTransactions(db, session, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Where a deep page on the `created` sort starts: the rows before it fill whole days (known from the per-day
 * counts), so the page is the rows from `bound` on, after skipping `offset` of them.
 */
async function locateByDay(
  db: Db,
  tenantId: string,
  filters: TransactionFilters,
  direction: 'asc' | 'desc',
  offset: number,
): Promise<{ bound: string; offset: number } | undefined> {
  const days = await dayCounts(db, tenantId, filters)
    .select(['day', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .groupBy('day')
    .orderBy('day', direction)
    .execute();
  let before = 0;
  for (const { day, n } of days) {
    const count = Number(n);
    if (before + count > offset) return { bound: direction === 'desc' ? nextDay(day) : day, offset: offset - before };
    before += count;
  }
  return undefined;
}

/** One page of transactions, sorted, with itemTotal. */
export async function listTransactions(
  db: Db,
  session: Session,
  { filters, sort, page }: TransactionQuery,
): Promise<{ rows: WalletTransactionRow[]; total: number }> {
  const total = await countTransactions(db, session, filters);
  if (page.offset >= total) return { rows: [], total };

  let ids = matchingTransactions(db, session, filters).select('wt.id');
  let offset = page.offset;
  if (sort.column === 'created' && offset > DEEP_OFFSET && countable(session, filters)) {
    const start = await locateByDay(db, session.tenantId, filters, sort.direction, offset);
    if (!start) return { rows: [], total };
    ids = ids.where('wt.created', sort.direction === 'desc' ? '<' : '>=', start.bound);
    offset = start.offset;
  }
  const pageIds = ids
    .orderBy(sortExpression(sort.column), sort.direction)
    .orderBy('wt.id', sort.direction)
    .limit(page.size)
    .offset(offset);

  const rows = await selectRows(joined(db))
    .where('wt.id', 'in', pageIds)
    .orderBy(sortExpression(sort.column), sort.direction)
    .orderBy('wt.id', sort.direction)
    .execute();
  return { rows: rows.map(toRow), total };
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
  creditMinor: number;
  /** Money taken out (Cash Out), minor units. */
  debitMinor: number;
  feeMinor: number;
}

/** Totals per currency of every matching row (not only the rows a capped export shows). */
export async function transactionTotals(db: Db, session: Session, filters: TransactionFilters): Promise<CurrencyTotals[]> {
  const rows = await matchingTransactions(db, session, filters)
    .select((eb) => [
      'wt.currency',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('wt.amount_minor')} > 0 then ${sql.ref('wt.amount_minor')} else 0 end`).as('credit'),
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('wt.amount_minor')} < 0 then -${sql.ref('wt.amount_minor')} else 0 end`).as('debit'),
      eb.fn.sum<number | string | null>('wt.fee_minor').as('fee'),
    ])
    .groupBy('wt.currency')
    .orderBy('wt.currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    creditMinor: Number(row.credit ?? 0),
    debitMinor: Number(row.debit ?? 0),
    feeMinor: Number(row.fee ?? 0),
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
