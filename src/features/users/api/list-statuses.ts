// The statuses list's fetcher and query options live in src/api/reference-lists, where the app prefetches the
// reference lists after login (users-and-wallets §3); this path keeps the users screens' imports and hook.
import { useQuery } from '@tanstack/react-query';
import { getListStatusesQueryOptions } from '../../../api/reference-lists/list-statuses';

export { getListStatusesQueryOptions, listStatuses, type StatusRow } from '../../../api/reference-lists/list-statuses';

export function useStatuses(tenant: string | null) {
  return useQuery(getListStatusesQueryOptions(tenant));
}
