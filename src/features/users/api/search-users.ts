// GET api/v1/search/users (searchUsers): the command palette's users by account id, phone, e-mail or name, scoped
// by the gateway as the users list is.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { flattenList } from '../../../api/jsonapi';
import { MIN_SEARCH_LENGTH } from '../../../api/search';
import { asUserRecord, type UserRecord } from '../user-record';

export async function searchUsers(text: string, signal?: AbortSignal): Promise<UserRecord[]> {
  const query = { 'filter[query]': text, 'page[size]': 8 };
  const document = unwrap(await api.GET('/api/v1/search/users', { params: { query }, signal }));
  return flattenList(document).rows.map(asUserRecord);
}

export function searchUsersQueryOptions(tenant: string | null, text: string) {
  return queryOptions({
    queryKey: ['search-users', tenant, text],
    queryFn: ({ signal }) => searchUsers(text, signal),
    enabled: text.trim().length >= MIN_SEARCH_LENGTH,
    staleTime: 30_000,
  });
}
