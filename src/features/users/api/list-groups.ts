// The groups list's fetcher and query options live in src/api/reference-lists, where the app prefetches the
// reference lists after login (users-and-wallets §3); this path keeps the users screens' imports and hook.
import { useQuery } from '@tanstack/react-query';
import { getListGroupsQueryOptions } from '../../../api/reference-lists/list-groups';

export { getListGroupsQueryOptions, listGroups, type GroupRow } from '../../../api/reference-lists/list-groups';

export function useGroups(tenant: string | null) {
  return useQuery(getListGroupsQueryOptions(tenant));
}
