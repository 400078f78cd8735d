// The pay-in dashboard's texts and labels (remittances-and-payouts §2, §8, §9): the range caption DD-MMM-YYYY, chart
// labels by timeframe (weekly DD-MMM-YYYY, monthly MMM-YYYY, daily the hour), and the chart's rows as numbers.
import type { DocumentOf } from '../../../api/resource';

export type PayinStatistics = DocumentOf<'getPayinTransactionStatistics'>;
export type ChartTimeframe = PayinStatistics['meta']['timeframe'];
export type StatusTimeframe = DocumentOf<'getPayinTransactionStatus'>['meta']['timeframe'];

/** RP §8: the widgets' failure text, two spaces included. */
export const WIDGETS_FAILED = 'Data not found.  Please try again later';

export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  periods: [
    { value: 'daily', label: 'Day' },
    { value: 'monthly', label: 'Month' },
    { value: 'yearly', label: 'Year' },
  ],
  chartTitle: 'Transactions',
  chartTimeframes: [
    { value: 'daily', label: 'Daily' },
    { value: 'weekly', label: 'Weekly' },
    { value: 'monthly', label: 'Monthly' },
  ],
  period: 'Period',
  count: 'Transaction Count',
  amount: (currency: string) => `Amount (${currency})`,
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day or UTC instant as DD-MMM-YYYY (RP §9 dashboard range); the day as written, no time zone shift. */
export function dashboardDay(value: string): string {
  const [year = '', month = '', day = ''] = value.slice(0, 10).split('-');
  return `${day}-${MONTHS[Number(month) - 1] ?? ''}-${year}`;
}

/** RP §9: monthly labels MMM-YYYY. */
function dashboardMonth(value: string): string {
  return dashboardDay(value).slice(3);
}

/** The chart's caption: the range its rows cover. */
export function rangeCaption(meta: { startDate: string; endDate: string }): string {
  return meta.startDate === meta.endDate ? dashboardDay(meta.startDate) : `${dashboardDay(meta.startDate)} - ${dashboardDay(meta.endDate)}`;
}

/** A period's label on the x axis; today's hours are the gateway's UTC hours. */
export function periodLabel(timeframe: ChartTimeframe, period: string): string {
  if (timeframe === 'daily') return `${period.slice(11, 13)}:00`;
  return timeframe === 'weekly' ? dashboardDay(period) : dashboardMonth(period);
}

export interface ChartPoint {
  label: string;
  count: number;
  amount: number;
}

/** The chart's points: counts as they are, amounts as numbers for the right axis (the tooltip formats them). */
export function chartPoints(statistics: PayinStatistics): ChartPoint[] {
  return statistics.data.map(({ attributes }) => ({
    label: periodLabel(statistics.meta.timeframe, attributes.period),
    count: attributes.count,
    amount: Number(attributes.amount),
  }));
}
