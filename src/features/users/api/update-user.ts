// PATCH api/v1/um/user/{id}?include=account-action (updateUser): saves the edited profile (users-and-wallets §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { flattenDocument } from '../../../api/jsonapi';
import { asUserRecord, type UserRecord } from '../user-record';
import { getUserQueryOptions } from './get-user';
import { getUsersQueryOptions } from './list-users';
import { getAuditEventsQueryOptions } from '../../../api/audit';

export type UserChanges = components['schemas']['UpdateUserRequest']['data']['attributes'];

export interface UpdateUserInput {
  id: string;
  changes: UserChanges;
  /** The own profile: sent with the session's own token. */
  self?: boolean;
}

export async function updateUser({ id, changes, self = false }: UpdateUserInput): Promise<UserRecord> {
  const document = unwrap(
    await api.PATCH('/api/v1/um/user/{id}', {
      params: { path: { id }, query: { include: 'account-action' } },
      body: { data: { type: 'User', id, attributes: changes } },
      headers: credentialHeaders(self ? 'own' : 'tenant'),
    }),
  );
  return asUserRecord(flattenDocument(document));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAuditEventsQueryOptions().queryKey }),
      ]),
  });
}
