// GET api/v1/wt/statistics (getTransactionStatistics): the Transactions panel's totals per day of the last week or per
// month of the last year (identity-and-catalogue §2, §7 filter.timeframe weekly or monthly).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type Timeframe = components['schemas']['TransactionStatisticsDocument']['meta']['timeframe'];
export type TransactionTotals = components['schemas']['TransactionTotals'];

export interface PeriodTotals extends TransactionTotals {
  /** YYYY-MM-DD: the day (weekly) or the first day of the month (monthly). */
  period: string;
}

export interface TransactionStatistics {
  periods: PeriodTotals[];
  currency: string;
  startDate: string;
  endDate: string;
  timeframe: Timeframe;
  totals: TransactionTotals;
}

export async function getTransactionStatistics(timeframe: Timeframe, signal?: AbortSignal): Promise<TransactionStatistics> {
  const document = unwrap(await api.GET('/api/v1/wt/statistics', { params: { query: { 'filter[timeframe]': timeframe } }, signal }));
  return { periods: document.data.map((row) => row.attributes), ...document.meta };
}

export function getTransactionStatisticsQueryOptions(tenant: string | null, timeframe: Timeframe) {
  return queryOptions({
    queryKey: ['transaction-statistics', tenant, timeframe],
    queryFn: ({ signal }) => getTransactionStatistics(timeframe, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTransactionStatistics(tenant: string | null, timeframe: Timeframe) {
  return useQuery(getTransactionStatisticsQueryOptions(tenant, timeframe));
}
