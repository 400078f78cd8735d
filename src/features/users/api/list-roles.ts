// The roles list's fetcher and query options live in src/api/reference-lists, where the app prefetches the
// reference lists after login (users-and-wallets §3); this path keeps the users screens' imports and hook.
import { useQuery } from '@tanstack/react-query';
import { getListRolesQueryOptions } from '../../../api/reference-lists/list-roles';

export { getListRolesQueryOptions, listRoles, type RoleRow } from '../../../api/reference-lists/list-roles';

export function useRoles(tenant: string | null) {
  return useQuery(getListRolesQueryOptions(tenant));
}
