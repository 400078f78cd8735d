// GET api/v1/payin/dashboard/transaction-status (getPayinTransactionStatus): the pay-in dashboard's status widgets for
// today, this month or this year (remittances-and-payouts §2, §7: filter[timeframe] is left out for the Day switch).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type StatusTimeframe = components['schemas']['PayinStatusListDocument']['meta']['timeframe'];
export type PayinStatusWidgets = components['schemas']['PayinStatusListDocument'];

export async function getPayinTransactionStatus(timeframe: StatusTimeframe, signal?: AbortSignal): Promise<PayinStatusWidgets> {
  const query = timeframe === 'daily' ? {} : { 'filter[timeframe]': timeframe };
  return unwrap(await api.GET('/api/v1/payin/dashboard/transaction-status', { params: { query }, signal }));
}

export function getPayinTransactionStatusQueryOptions(key?: { tenant: string | null; timeframe: StatusTimeframe }) {
  return queryOptions({
    queryKey: key ? ['payin-transaction-status', key.tenant, key.timeframe] : ['payin-transaction-status'],
    queryFn: ({ signal }) => getPayinTransactionStatus(key?.timeframe ?? 'daily', signal),
  });
}
