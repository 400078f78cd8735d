// GET api/v1/um/User/{id} with the related parts of users-and-wallets §7: the profile the details and own profile show.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from '../../../api/client';
import { flattenDocument } from '../../../api/jsonapi';
import { asUserRecord, type UserRecord } from '../user-record';
import { USER_PROFILE_INCLUDE } from './user-include';

export interface GetUserOptions {
  /** The own profile: sent with the session's own token. */
  self?: boolean;
  /** The related parts; the profile's by default. */
  include?: string;
}

export async function getUser(
  id: string,
  { self = false, include = USER_PROFILE_INCLUDE }: GetUserOptions = {},
  signal?: AbortSignal,
): Promise<UserRecord> {
  const document = unwrap(
    await api.GET('/api/v1/um/User/{id}', {
      params: { path: { id }, query: { include } },
      headers: credentialHeaders(self ? 'own' : 'tenant'),
      signal,
    }),
  );
  return asUserRecord(flattenDocument(document));
}

export interface UserKey {
  id: string;
  /** The tenant whose token reads the user; 'self' for the own profile. */
  tenant: string | null;
  self?: boolean;
}

export function getUserQueryOptions(key?: UserKey) {
  return queryOptions({
    queryKey: key ? ['user', key.id, key.self ? 'self' : key.tenant] : ['user'],
    queryFn: ({ signal }) => getUser(key?.id ?? '', { self: key?.self === true }, signal),
    enabled: key !== undefined && key.id !== '',
  });
}

export function useUser(key: UserKey) {
  return useQuery(getUserQueryOptions(key));
}
