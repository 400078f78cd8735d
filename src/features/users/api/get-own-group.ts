// The signed-in user's own Credit Union, read with getUser (only the account included): the default group of the
// users a group or field admin creates (the gateway adds them only to their own group).
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { REFERENCE_STALE_MS } from '../../../api/reference-lists/reference-rows';
import { getUser } from './get-user';

/** The first group of the user's account, or null (none, or not a user the tenant's token can read). */
export async function getOwnGroup(userId: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const user = await getUser(userId, { include: 'account' }, signal);
    const [first] = user.account?.groups ?? [];
    return typeof first === 'number' && first > 0 ? first : null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export function getOwnGroupQueryOptions(userId: string, tenant: string | null) {
  return queryOptions({
    queryKey: ['own-group', userId, tenant],
    queryFn: ({ signal }) => getOwnGroup(userId, signal),
    staleTime: REFERENCE_STALE_MS,
    retry: false,
  });
}
