// Chart labels (identity-and-catalogue §2, §9; remittances-and-payouts §9): the chart types day, daily, weekly and
// monthly, weekly labels DD-MMM-YYYY, monthly MMM-YYYY, and a dashboard's date range DD-MMM-YYYY.
import dayjs from 'dayjs';

/** day: one day's figures; daily: the hours of today; weekly: the days of the last week; monthly: months. */
export type ChartType = 'day' | 'daily' | 'weekly' | 'monthly';

export const CHART_TYPES: readonly ChartType[] = ['day', 'daily', 'weekly', 'monthly'];

const LABEL_FORMAT: Record<ChartType, string> = {
  day: 'DD-MMM-YYYY',
  daily: 'h:mma',
  weekly: 'DD-MMM-YYYY',
  monthly: 'MMM-YYYY',
};

/** A period as the chart's axis shows it: a day (YYYY-MM-DD), a month's first day, or an hour's ISO instant. */
export function periodLabel(period: string, type: ChartType): string {
  const date = dayjs(period);
  return date.isValid() ? date.format(LABEL_FORMAT[type]) : period;
}

/** A dashboard range caption, e.g. '09-Jan-2025 - 15-Jan-2025'. */
export function rangeLabel(startDate: string, endDate: string): string {
  return `${periodLabel(startDate, 'day')} - ${periodLabel(endDate, 'day')}`;
}
