// users-and-wallets §4: the status dropdown offers the actions whose account flag is true; choosing one asks for
// optional reason notes, then 'Proceed Status Change!' sends it (PATCH um/account/{id}).
import { useState } from 'react';
import { Select } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../render/notify';
import { useUpdateAccountStatus } from '../api/update-account-status';
import type { UserRecord } from '../user-record';
import { allowedStatusActions, statusActionById, type StatusAction } from './status-actions';

export const PROCEED_STATUS_CHANGE = 'Proceed Status Change!';

export function StatusDropdown({ user }: { user: UserRecord }) {
  const actions = allowedStatusActions(user['account-action']);
  const [chosen, setChosen] = useState<StatusAction | null>(null);
  const update = useUpdateAccountStatus();

  const proceed = (reason: string) => {
    if (!chosen) return;
    update.mutate(
      { userId: user.id, action: chosen.id, reason },
      {
        onSuccess: (statusName) => notifySuccess(`${user.fullname} is now ${statusName}.`),
        onError: (error) => notifyError(errorText(error)),
        onSettled: () => setChosen(null),
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
        onChange={(value) => setChosen(value === null ? null : (statusActionById(Number(value)) ?? null))}
        w={240}
        comboboxProps={{ withinPortal: true }}
      />
      <ConfirmDialog
        opened={chosen !== null}
        title={chosen ? `${chosen.label}: ${user.fullname}` : 'Change Status'}
        message={chosen ? `The status action ${chosen.label} will be applied to ${user.fullname}.` : ''}
        confirmLabel={PROCEED_STATUS_CHANGE}
        cancelLabel="Cancel"
        note={{ label: 'Reason notes', placeholder: 'Optional' }}
        loading={update.isPending}
        onCancel={() => setChosen(null)}
        onConfirm={proceed}
      />
    </>
  );
}
