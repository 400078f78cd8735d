// The signed-in user's own Credit Union: the default group of the users a group or field admin creates (the
// gateway adds them only to their own group).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { flattenDocument } from '../../../api/jsonapi';
import { REFERENCE_STALE_MS } from '../../../api/reference-lists/reference-rows';

/** users-and-wallets §8 */
export const GROUPS_LOAD_ERROR = 'There was an getting the groups.  Please Try Again later.';

/** The first group of the signed-in user's account, or null (none, or not a user the tenant's token can read). */
export const ownGroupQuery = (userId: string, tenant: string | null) =>
  queryOptions({
    queryKey: ['own-group', userId, tenant],
    queryFn: async ({ signal }): Promise<number | null> => {
      const result = await api.GET('/api/v1/um/User/{id}', { params: { path: { id: userId }, query: { include: 'account' } }, signal });
      if (!result.response.ok) return null;
      const account = flattenDocument(unwrap(result)).account as { groups?: unknown } | null | undefined;
      const [first] = Array.isArray(account?.groups) ? account.groups : [];
      return typeof first === 'number' && first > 0 ? first : null;
    },
    staleTime: REFERENCE_STALE_MS,
    retry: false,
  });
