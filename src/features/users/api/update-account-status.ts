// PATCH api/v1/um/account/{id} (updateAccountStatus): applies one status action with optional reason notes
// (users-and-wallets §4); the user, the lists and the History section are refreshed after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unlessAwaitingApproval } from '../../../api/approvals/pending';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getUserQueryOptions } from './get-user';
import { getUsersQueryOptions } from './list-users';
import { getAuditEventsQueryOptions } from '../../../api/audit';

export type StatusActionId = components['schemas']['StatusAction'];

export interface StatusChange {
  userId: string;
  action: StatusActionId;
  reason: string;
}

/** Returns the account's displayed status after the action; throws AwaitingApproval when a second person must approve it. */
export async function updateAccountStatus({ userId, action, reason }: StatusChange): Promise<string> {
  const document = unlessAwaitingApproval(unwrap(
    await api.PATCH('/api/v1/um/account/{id}', {
      params: { path: { id: userId } },
      body: { data: { type: 'Account', attributes: reason ? { status: action, reason } : { status: action } } },
    }),
  ));
  return document.data.attributes.statusName;
}

export function useUpdateAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAuditEventsQueryOptions().queryKey }),
      ]),
  });
}
