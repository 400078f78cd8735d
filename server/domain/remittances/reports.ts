// Remittance figures: the daily transaction report (remittances-and-payouts §3 daily report row, §9
// 'Daily_Transaction_Report_{start}_{end}') and the pay-in dashboard's status widgets and chart (RP §2). Rows of
// the session's tenant, grouped in the database by the UTC day, hour or month prefix of transaction_date.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { exactSum, readExactSum } from '../../db/exact-sum.ts';
import type { Session } from '../auth/tokens.ts';
import { formatMinor } from '../money.ts';
import { daysBefore, nextDay } from '../wallet/query.ts';
import { formatRate } from './rows.ts';
import { REMITTANCE_STATUS, assertStaff } from './rules.ts';

/** RP §9: the daily report's receiver currency, NGN, when the range has no rows to name one. */
export const REPORT_RECEIVER_CURRENCY = 'NGN';

export interface DailyReportRow {
  date: string;
  successTrans: number;
  failedTrans: number;
  processingTrans: number;
  transCounts: number;
  usdTrans: string;
  usdFxRates: string;
  eurTrans: string;
  eurFxTrans: string;
  receiverAmount: string;
  receiverCurrency: string;
}

interface Bucket {
  bucket: string;
  status_id: number;
  sender_currency: string;
  receiver_currency: string;
  n: number;
  sender_minor: bigint;
  receiver_minor: bigint;
  fx_micro: bigint;
}

/** The tenant's rows in [from, before) grouped by the first `width` characters of transaction_date. */
async function buckets(db: Db, tenantId: string, from: string, before: string, width: number): Promise<Bucket[]> {
  const bucket = sql<string>`substr(${sql.ref('transaction_date')}, 1, ${sql.lit(width)})`;
  const rows = await db
    .selectFrom('remittances')
    .select([
      bucket.as('bucket'),
      'status_id',
      'sender_currency',
      'receiver_currency',
      (eb) => eb.fn.countAll<number>().as('n'),
      exactSum(sql.ref('sender_amount_minor')).as('sender_minor'),
      exactSum(sql.ref('receiver_amount_minor')).as('receiver_minor'),
      exactSum(sql.ref('transaction_fx_micro')).as('fx_micro'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('transaction_date', '>=', from)
    .where('transaction_date', '<', before)
    .groupBy([bucket, 'status_id', 'sender_currency', 'receiver_currency'])
    .execute();
  // Sums are exact at any size (bigint): many rows add up past 2^53 minor units.
  return rows.map((row) => ({
    ...row,
    n: Number(row.n),
    sender_minor: readExactSum(row.sender_minor),
    receiver_minor: readExactSum(row.receiver_minor),
    fx_micro: readExactSum(row.fx_micro),
  }));
}

const isProcessing = (statusId: number) => statusId === REMITTANCE_STATUS.Processing || statusId === REMITTANCE_STATUS.Pending;

/** Every day of [startDate, endDate], oldest first. */
export function daysOf(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = nextDay(day)) days.push(day);
  return days;
}

/**
 * RP §3 daily report rows: one per day of the range and receiver currency (issue 22: a rate is a currency pair's, so
 * USD→NGN, USD→GHS and USD→KES are never averaged together under one heading). The currencies are those the
 * tenant's rows of the range are received in, or NGN (RP §9) when it has none. Counts are the day's rows received in
 * that currency; amounts and average rates come from its successful rows, per sender currency (USD, EUR).
 */
export async function dailyReport(db: Db, session: Session, range: { startDate: string; endDate: string }): Promise<DailyReportRow[]> {
  assertStaff(session);
  const rows = await buckets(db, session.tenantId, range.startDate, nextDay(range.endDate), 10);
  const currencies = [...new Set(rows.map((row) => row.receiver_currency))].sort();
  if (currencies.length === 0) currencies.push(REPORT_RECEIVER_CURRENCY);
  return daysOf(range.startDate, range.endDate).flatMap((date) =>
    currencies.map((receiverCurrency) => {
      const day = rows.filter((row) => row.bucket === date && row.receiver_currency === receiverCurrency);
      const count = (test: (statusId: number) => boolean) => day.filter((row) => test(row.status_id)).reduce((sum, row) => sum + row.n, 0);
      const successful = day.filter((row) => row.status_id === REMITTANCE_STATUS.Successful);
      const sent = (currency: string) => {
        const paid = successful.filter((row) => row.sender_currency === currency);
        const n = paid.reduce((sum, row) => sum + row.n, 0);
        const fx = paid.reduce((sum, row) => sum + row.fx_micro, 0n);
        // The pair's average rate, rounded half up; a rate is small, so it is a number again.
        const rate = n === 0 ? 0 : Number((2n * fx + BigInt(n)) / (2n * BigInt(n)));
        return { amount: formatMinor(paid.reduce((sum, row) => sum + row.sender_minor, 0n)), rate: formatRate(rate) };
      };
      const usd = sent('USD');
      const eur = sent('EUR');
      return {
        date,
        successTrans: count((statusId) => statusId === REMITTANCE_STATUS.Successful),
        failedTrans: count((statusId) => statusId === REMITTANCE_STATUS.Failed),
        processingTrans: count(isProcessing),
        transCounts: count(() => true),
        usdTrans: usd.amount,
        usdFxRates: usd.rate,
        eurTrans: eur.amount,
        eurFxTrans: eur.rate,
        receiverAmount: formatMinor(successful.reduce((sum, row) => sum + row.receiver_minor, 0n)),
        receiverCurrency,
      };
    }),
  );
}

export type StatusTimeframe = 'daily' | 'monthly' | 'yearly';

/** RP §2 widgets, in the contract's order. */
const WIDGETS = [
  { id: '256', statusId: REMITTANCE_STATUS.Successful, name: 'Successful' },
  { id: '4', statusId: REMITTANCE_STATUS.Processing, name: 'Processing' },
  { id: '2', statusId: REMITTANCE_STATUS.Pending, name: 'Pending' },
  { id: '128', statusId: REMITTANCE_STATUS.Failed, name: 'Failed' },
] as const;

export interface StatusWidgets {
  /** `id` is the status id as text, what the client routes to (/transactions/remittances/{id}). */
  widgets: Array<(typeof WIDGETS)[number] & { value: number }>;
  startDate: string;
  endDate: string;
}

/** The number of the tenant's remittances in each widget's status today, this month or this year (UTC). */
export async function statusWidgets(db: Db, session: Session, timeframe: StatusTimeframe, now: Date): Promise<StatusWidgets> {
  assertStaff(session);
  const today = now.toISOString().slice(0, 10);
  const startDate = timeframe === 'daily' ? today : timeframe === 'monthly' ? `${today.slice(0, 7)}-01` : `${today.slice(0, 4)}-01-01`;
  const rows = await db
    .selectFrom('remittances')
    .select(['status_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', session.tenantId)
    .where('status_id', 'in', WIDGETS.map((widget) => widget.statusId))
    .where('transaction_date', '>=', startDate)
    .where('transaction_date', '<', nextDay(today))
    .groupBy('status_id')
    .execute();
  const counts = new Map(rows.map((row) => [row.status_id, Number(row.n)]));
  return { widgets: WIDGETS.map((widget) => ({ ...widget, value: counts.get(widget.statusId) ?? 0 })), startDate, endDate: today };
}

export type ChartTimeframe = 'daily' | 'weekly' | 'monthly';

export interface ChartRow {
  period: string;
  count: number;
  successful: number;
  failed: number;
  processing: number;
  pending: number;
  amount: string;
}

export interface PayinChart {
  rows: ChartRow[];
  startDate: string;
  endDate: string;
  currency: string;
}

/** The first day of the month `back` months before `month` (YYYY-MM). */
function monthsBefore(month: string, back: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The currency most of the tenant's rows are paid in (RP §2 chart amount axis); the tenant's own when it has none. */
async function chartCurrency(db: Db, tenantId: string): Promise<string> {
  const top = await db
    .selectFrom('remittances')
    .select(['receiver_currency', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('receiver_currency')
    .orderBy('n', 'desc')
    .orderBy('receiver_currency')
    .limit(1)
    .executeTakeFirst();
  if (top) return top.receiver_currency;
  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', tenantId).executeTakeFirst();
  return tenant?.currency ?? REPORT_RECEIVER_CURRENCY;
}

/** RP §2 bar chart: today by hour, the last 7 days, or the last 12 months, oldest first, empty periods as zeros. */
export async function payinChart(db: Db, session: Session, timeframe: ChartTimeframe, now: Date): Promise<PayinChart> {
  assertStaff(session);
  const today = now.toISOString().slice(0, 10);
  const plan =
    timeframe === 'daily'
      ? {
          startDate: today,
          width: 13,
          periods: Array.from({ length: 24 }, (_, hour) => `${today}T${String(hour).padStart(2, '0')}`),
          period: (bucket: string) => `${bucket}:00:00Z`,
        }
      : timeframe === 'weekly'
        ? { startDate: daysBefore(today, 6), width: 10, periods: daysOf(daysBefore(today, 6), today), period: (bucket: string) => `${bucket}T00:00:00Z` }
        : {
            startDate: `${monthsBefore(today.slice(0, 7), 11)}-01`,
            width: 7,
            periods: Array.from({ length: 12 }, (_, index) => monthsBefore(today.slice(0, 7), 11 - index)),
            period: (bucket: string) => `${bucket}-01T00:00:00Z`,
          };
  const [rows, currency] = await Promise.all([
    buckets(db, session.tenantId, plan.startDate, nextDay(today), plan.width),
    chartCurrency(db, session.tenantId),
  ]);
  return {
    startDate: plan.startDate,
    endDate: today,
    currency,
    rows: plan.periods.map((bucket) => {
      const inPeriod = rows.filter((row) => row.bucket === bucket);
      const count = (statusId?: number) =>
        inPeriod.filter((row) => statusId === undefined || row.status_id === statusId).reduce((sum, row) => sum + row.n, 0);
      const paid = inPeriod.filter((row) => row.status_id === REMITTANCE_STATUS.Successful && row.receiver_currency === currency);
      return {
        period: plan.period(bucket),
        count: count(),
        successful: count(REMITTANCE_STATUS.Successful),
        failed: count(REMITTANCE_STATUS.Failed),
        processing: count(REMITTANCE_STATUS.Processing),
        pending: count(REMITTANCE_STATUS.Pending),
        amount: formatMinor(paid.reduce((sum, row) => sum + row.receiver_minor, 0n)),
      };
    }),
  };
}
