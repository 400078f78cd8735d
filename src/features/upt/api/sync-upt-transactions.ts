// POST api/v1/upt/transaction/sync (syncUptTransactions): Force Sync fetches the range's transactions from the
// universal payment service, dates as YYYY-MM-DD (remittances-and-payouts §4, §5, §7); the table refetches after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import type { ReportRange } from '../../../render/report-range';
import { getUptTransactionsQueryOptions } from './list-upt-transactions';

export type UptSync = components['schemas']['UptSyncDocument']['data']['attributes'];

export async function syncUptTransactions({ startDate, endDate }: ReportRange): Promise<UptSync> {
  const document = unwrap(
    await api.POST('/api/v1/upt/transaction/sync', { body: { data: { type: 'sync', attributes: { STARTDATE: startDate, ENDDATE: endDate } } } }),
  );
  return document.data.attributes;
}

export function useSyncUptTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncUptTransactions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUptTransactionsQueryOptions().queryKey }),
  });
}
