// GET api/v1/um/user (listUsers): one page of users or admins with the list meta (users-and-wallets §7, §9).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { operations } from '../../../api/gateway';
import { flattenList, type ListMeta } from '../../../api/jsonapi';
import { asUserRecord, type UserRecord } from '../user-record';

export type ListUsersQuery = NonNullable<operations['listUsers']['parameters']['query']>;

export interface UsersPage {
  rows: UserRecord[];
  meta: ListMeta;
}

/** `params` are the table's list parameters (page, sort, filter[...]) as text, from src/render/table listParams. */
export async function listUsers(params: Record<string, string>, signal?: AbortSignal): Promise<UsersPage> {
  // The table config is checked against the contract's parameters (npm run check:config), so the names fit.
  const query = params as unknown as ListUsersQuery;
  const document = unwrap(await api.GET('/api/v1/um/user', { params: { query }, signal }));
  const { rows, meta } = flattenList(document);
  return { rows: rows.map(asUserRecord), meta };
}

export interface UsersListKey {
  /** The tenant whose token fetches the list: a switch must not show the previous tenant's rows. */
  tenant: string | null;
  params: Record<string, string>;
}

export function getUsersQueryOptions(key?: UsersListKey) {
  return queryOptions({
    queryKey: key ? ['users', key.tenant, key.params] : ['users'],
    queryFn: ({ signal }) => listUsers(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
