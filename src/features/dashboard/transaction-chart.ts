// The Transactions panel's chart as data (identity-and-catalogue §2): Transaction Count as bars on the right axis;
// Top-Up, Cash-Out, Loans and P2P as lines on the left; 300 px tall; weekly labels DD-MMM-YYYY, monthly MMM-YYYY.
import { periodLabel } from '../../render/charts';
import type { components } from '../../api/gateway';

type StatisticsDocument = components['schemas']['TransactionStatisticsDocument'];
/** The Transactions panel's Weekly / Monthly (identity-and-catalogue §7 filter.timeframe). */
export type Timeframe = StatisticsDocument['meta']['timeframe'];
/** One period's totals: the day (weekly) or the first day of the month (monthly). */
export type PeriodTotals = StatisticsDocument['data'][number]['attributes'];

export const CHART_HEIGHT = 300;

/** The count's own axis, so counts and amounts each get a readable scale. */
export const COUNT_AXIS = 'right';

type AmountKey = 'topUp' | 'cashout' | 'loans' | 'p2P';

export interface TransactionSeries {
  name: 'count' | AmountKey;
  label: string;
  type: 'bar' | 'line';
  color: string;
  yAxisId?: typeof COUNT_AXIS;
}

export const TRANSACTION_SERIES: readonly TransactionSeries[] = [
  { name: 'count', label: 'Transaction Count', type: 'bar', color: 'gray.4', yAxisId: COUNT_AXIS },
  { name: 'topUp', label: 'Top-Up', type: 'line', color: 'teal.7' },
  { name: 'cashout', label: 'Cash-Out', type: 'line', color: 'red.7' },
  { name: 'loans', label: 'Loans', type: 'line', color: 'violet.7' },
  { name: 'p2P', label: 'P2P', type: 'line', color: 'blue.7' },
];

/** The totals the panel shows beside the chart, in this order (identity-and-catalogue §2). */
export const TOTALS: ReadonlyArray<{ key: keyof Pick<PeriodTotals, 'p2P' | 'topUp' | 'disbursement' | 'cashout'>; label: string }> = [
  { key: 'p2P', label: 'P2P' },
  { key: 'topUp', label: 'Top Up' },
  { key: 'disbursement', label: 'Disbursement' },
  { key: 'cashout', label: 'Cash-Out' },
];

export interface ChartRow {
  period: string;
  label: string;
  count: number;
  topUp: number;
  cashout: number;
  loans: number;
  p2P: number;
}

/** A row per period, amounts as numbers for the chart's scale (the table shows the wire's decimals). */
export function chartRows(periods: readonly PeriodTotals[], timeframe: Timeframe): ChartRow[] {
  return periods.map((row) => ({
    period: row.period,
    label: periodLabel(row.period, timeframe),
    count: row.count,
    topUp: Number(row.topUp),
    cashout: Number(row.cashout),
    loans: Number(row.loans),
    p2P: Number(row.p2P),
  }));
}
