// GET api/v1/payin/dashboard/transaction-statistics (getPayinTransactionStatistics): the pay-in dashboard's bar chart,
// today by hour, the last 7 days or the last 12 months, with its range in meta (remittances-and-payouts §2, §7:
// filter[timeframe] weekly or monthly, none for daily).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type ChartTimeframe = components['schemas']['PayinStatisticsDocument']['meta']['timeframe'];
export type PayinStatistics = components['schemas']['PayinStatisticsDocument'];

export async function getPayinTransactionStatistics(timeframe: ChartTimeframe, signal?: AbortSignal): Promise<PayinStatistics> {
  const query = timeframe === 'daily' ? {} : { 'filter[timeframe]': timeframe };
  return unwrap(await api.GET('/api/v1/payin/dashboard/transaction-statistics', { params: { query }, signal }));
}

export function getPayinTransactionStatisticsQueryOptions(key?: { tenant: string | null; timeframe: ChartTimeframe }) {
  return queryOptions({
    queryKey: key ? ['payin-transaction-statistics', key.tenant, key.timeframe] : ['payin-transaction-statistics'],
    queryFn: ({ signal }) => getPayinTransactionStatistics(key?.timeframe ?? 'daily', signal),
  });
}
