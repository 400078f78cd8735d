// The admin dashboard's Transactions panel (identity-and-catalogue §2: Weekly / Monthly toggle, totals for P2P,
// Top Up, Disbursement and Cash-Out with the currency and a date range; series Transaction Count, Top-Up,
// Cash-Out, Loans, P2P). The contract decides the shape: one row per day of the last 7 days (weekly) or per
// month of the last 12 months (monthly), oldest first, zeros where nothing happened; only COMPLETED
// transactions in the tenant's currency count.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { exactSum, exactSumOfParts, readExactSum } from '../../db/exact-sum.ts';
import { formatMinor } from '../money.ts';
import type { Session } from '../auth/tokens.ts';
import { TRANSACTION_TYPE } from '../reference.ts';
import { countable, dayCounts, matchingTransactions } from '../wallet/listing.ts';
import type { TransactionFilters } from '../wallet/query.ts';

export type Timeframe = 'weekly' | 'monthly';

export interface TransactionTotals {
  count: number;
  p2P: string;
  topUp: string;
  loans: string;
  disbursement: string;
  cashout: string;
}

export interface TransactionStatistics {
  /** One row per period, oldest first. */
  periods: Array<{ period: string; totals: TransactionTotals }>;
  currency: string;
  startDate: string;
  endDate: string;
  timeframe: Timeframe;
  /** Over every period. */
  totals: TransactionTotals;
}

interface Sums {
  count: number;
  /** type code → Σ |amount| in minor units */
  minor: Map<number, bigint>;
}

const empty = (): Sums => ({ count: 0, minor: new Map() });

function add(sums: Sums, type: number, count: number, minor: bigint): void {
  sums.count += count;
  sums.minor.set(type, (sums.minor.get(type) ?? 0n) + minor);
}

function totalsOf(sums: Sums): TransactionTotals {
  const money = (type: number) => formatMinor(sums.minor.get(type) ?? 0n);
  return {
    count: sums.count,
    p2P: money(TRANSACTION_TYPE.P2P),
    topUp: money(TRANSACTION_TYPE.TopUp),
    loans: money(TRANSACTION_TYPE.Loan),
    disbursement: money(TRANSACTION_TYPE.Disbursement),
    cashout: money(TRANSACTION_TYPE.CashOut),
  };
}

/** The periods shown: the last 7 days up to today, or the first days of the last 12 months up to this month. */
export function periodsOf(timeframe: Timeframe, today: string): string[] {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  if (timeframe === 'weekly') {
    return Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(year, month - 1, day - 6 + index)).toISOString().slice(0, 10));
  }
  return Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(year, month - 1 - 11 + index, 1)).toISOString().slice(0, 10));
}

export async function transactionStatistics(db: Db, session: Session, timeframe: Timeframe, now: Date): Promise<TransactionStatistics> {
  const today = now.toISOString().slice(0, 10);
  const periods = periodsOf(timeframe, today);
  const startDate = periods[0] ?? today;
  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', session.tenantId).executeTakeFirst();
  const currency = tenant?.currency ?? 'GMD';
  const filters: TransactionFilters = { status: 'COMPLETED', currency, startDate, endDate: today };
  // A day is YYYY-MM-DD and a month is its first 7 characters.
  const keyLength = timeframe === 'weekly' ? 10 : 7;

  const rows = countable(session, filters)
    ? await dayCounts(db, session.tenantId, filters)
        .select((eb) => [
          sql<string>`substr(${sql.ref('day')}, 1, ${sql.lit(keyLength)})`.as('period'),
          'type',
          eb.fn.sum<number | string>('n').as('count'),
          exactSumOfParts(sql.ref('amount_high'), sql.ref('amount_low')).as('minor'),
        ])
        .groupBy([sql`substr(${sql.ref('day')}, 1, ${sql.lit(keyLength)})`, 'type'])
        .execute()
    : await matchingTransactions(db, session, filters)
        .select((eb) => [
          sql<string>`substr(${sql.ref('wt.created')}, 1, ${sql.lit(keyLength)})`.as('period'),
          'wt.type as type',
          eb.fn.countAll<number | string>().as('count'),
          exactSum(sql`abs(${sql.ref('wt.amount_minor')})`).as('minor'),
        ])
        .groupBy([sql`substr(${sql.ref('wt.created')}, 1, ${sql.lit(keyLength)})`, 'wt.type'])
        .execute();

  const byPeriod = new Map(periods.map((period) => [period.slice(0, keyLength), empty()]));
  const all = empty();
  for (const row of rows) {
    const sums = byPeriod.get(row.period);
    if (!sums) continue;
    add(sums, row.type, Number(row.count), readExactSum(row.minor));
    add(all, row.type, Number(row.count), readExactSum(row.minor));
  }
  return {
    periods: periods.map((period) => ({ period, totals: totalsOf(byPeriod.get(period.slice(0, keyLength)) ?? empty()) })),
    currency,
    startDate,
    endDate: today,
    timeframe,
    totals: totalsOf(all),
  };
}
