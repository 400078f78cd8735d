// users-and-wallets §4: the status dropdown offers the actions whose account flag is true; choosing one opens the
// status change dialog (the chosen action, optional reason notes), then 'Proceed Status Change!' sends it
// (PATCH um/account/{id}). §5: the dialog's rules and 'Please select a status' are schemas/forms/status-change.json.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AWAITING_APPROVAL_TITLE, awaitingApprovalText, isAwaitingApproval } from '../../../api/approvals';
import { unlessAwaitingApproval } from '../../../api/approvals/pending';
import { errorText } from '../../../api/errors';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { validateFormValues } from '../../../render/form/form-errors';
import { notifyError, notifyInfo, notifySuccess } from '../../../render/notify';
import { callOperation, invalidateAfter } from '../../../api/resource';
import type { UserRecord } from '../user-record';
import { allowedStatusActions, statusActionById, type StatusAction, type StatusActionId } from './status-actions';

export const PROCEED_STATUS_CHANGE = 'Proceed Status Change!';
const STATUS_CHANGE_FORM_ID = 'status-change';

interface StatusChange {
  userId: string;
  action: StatusActionId;
  reason: string;
}

/** PATCH um/account/{id} (updateAccountStatus): answers the account's displayed status after the action; throws
 * AwaitingApproval when a second person must approve it, and then marks nothing stale (nothing changed). */
function useUpdateAccountStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, action, reason }: StatusChange) => {
      const attributes = reason ? { status: action, reason } : { status: action };
      const document = unlessAwaitingApproval(await callOperation('updateAccountStatus', { path: { id: userId } }, { body: { data: { type: 'Account', attributes } } }));
      return document.data.attributes.statusName;
    },
    // The user, its lists and its History (../../../api/resource-types.ts: account).
    onSuccess: () => invalidateAfter(client, 'updateAccountStatus'),
  });
}

export function StatusDropdown({ user }: { user: UserRecord }) {
  const actions = allowedStatusActions(user['account-action']);
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<StatusAction | null>(null);
  const [reason, setReason] = useState('');
  const [statusError, setStatusError] = useState<string | null>(null);
  const update = useUpdateAccountStatus();

  // The dialog validates with the form's precompiled validator; it loads while the staff member chooses.
  useEffect(() => {
    void loadCompiledForm(STATUS_CHANGE_FORM_ID);
  }, []);

  const open = (action: StatusAction | null) => {
    if (!action) return;
    setChosen(action);
    setReason('');
    setStatusError(null);
    setOpened(true);
  };
  const close = () => {
    if (!update.isPending) setOpened(false);
  };

  const proceed = async () => {
    const form = await loadCompiledForm(STATUS_CHANGE_FORM_ID);
    const errors = validateFormValues(form, { status: chosen?.id, reason: reason.trim() });
    setStatusError(errors.status ?? null);
    if (!chosen || Object.keys(errors).length > 0) return;
    update.mutate(
      { userId: user.id, action: chosen.id, reason: reason.trim() },
      {
        onSuccess: (statusName) => notifySuccess(`${user.fullname} is now ${statusName}.`),
        // A four-eyes rule held it back: the maker reads that it waits, never a success.
        onError: (error) => (isAwaitingApproval(error) ? notifyInfo(awaitingApprovalText(error.approval), AWAITING_APPROVAL_TITLE) : notifyError(errorText(error))),
        onSettled: () => setOpened(false),
      },
    );
  };

  return (
    <>
      <Select
        label="Change Status"
        placeholder={actions.length > 0 ? 'Choose a status action' : 'No status action applies'}
        data={actions.map((action) => ({ value: String(action.id), label: action.label }))}
        value={null}
        disabled={actions.length === 0 || update.isPending}
        onChange={(value) => open(value === null ? null : (statusActionById(Number(value)) ?? null))}
        w={240}
        comboboxProps={{ withinPortal: true }}
      />
      <Modal
        opened={opened}
        onClose={close}
        title={chosen ? `${chosen.label}: ${user.fullname}` : 'Change Status'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          {chosen && <Text>{`The status action ${chosen.label} will be applied to ${user.fullname}.`}</Text>}
          <Select
            label="Status"
            required
            clearable
            data={actions.map((action) => ({ value: String(action.id), label: action.label }))}
            value={chosen ? String(chosen.id) : null}
            onChange={(value) => {
              setChosen(value === null ? null : (statusActionById(Number(value)) ?? null));
              setStatusError(null);
            }}
            error={statusError}
            disabled={update.isPending}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Reason notes"
            placeholder="Optional"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void proceed()} loading={update.isPending}>
              {PROCEED_STATUS_CHANGE}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
