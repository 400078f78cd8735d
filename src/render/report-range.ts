// A report's date range (users-and-wallets §9, remittances-and-payouts §9: the last 7 days to today by default, sent
// as YYYY-MM-DD), kept in the address (?startDate=&endDate=) so a list can be bookmarked or shared.
import dayjs from 'dayjs';
import { formatReportDate } from './format';

export const DEFAULT_RANGE_DAYS = 7;

export interface ReportRange {
  startDate: string;
  endDate: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && dayjs(value).isValid() && formatReportDate(value) === value;
}

/** Today minus 7 days to today, in the staff member's calendar. */
export function defaultReportRange(today: Date = new Date()): ReportRange {
  return {
    startDate: formatReportDate(dayjs(today).subtract(DEFAULT_RANGE_DAYS, 'day').toDate()),
    endDate: formatReportDate(today),
  };
}

/** The range the address names, when it names a valid one; else the default. */
export function rangeFromSearch(search: URLSearchParams, today: Date = new Date()): ReportRange {
  const startDate = search.get('startDate');
  const endDate = search.get('endDate');
  if (isDay(startDate) && isDay(endDate) && startDate <= endDate) return { startDate, endDate };
  return defaultReportRange(today);
}

/** The range as the list operations take it. */
export function rangeFilters(range: ReportRange): { 'filter[startDate]': string; 'filter[endDate]': string } {
  return { 'filter[startDate]': range.startDate, 'filter[endDate]': range.endDate };
}
