// A top admin's view of a staff member's sessions (issue 28 item 3), in the user details: the live sessions and
// "End all sessions", confirmed; the staff member's tokens stop working on their next request.
import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useList, useMutate } from '../../../api/resource';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { Loading } from '../../../render/Loading';
import { notifyError, notifySuccess } from '../../../render/notify';
import { SessionTable } from './SessionTable';

export const END_ALL_SESSIONS = 'End all sessions';
export const SESSIONS_ENDED = 'Their sessions have been ended.';
export const endAllQuestion = (name: string) => `End every session of ${name}? They are signed out everywhere at once.`;

export function StaffSessions({ userId, name }: { userId: string; name: string }) {
  const init = { path: { id: userId } };
  const sessions = useList('listUserSessions', init);
  const endAll = useMutate('deleteUserSessions');
  const [confirming, setConfirming] = useState(false);

  if (sessions.isPending) return <Loading />;
  if (sessions.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(sessions.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <SessionTable label={`Sessions of ${name}`} sessions={sessions.data.rows} />
      <Group>
        <Button color="red" variant="light" disabled={sessions.data.rows.length === 0} onClick={() => setConfirming(true)}>
          {END_ALL_SESSIONS}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={END_ALL_SESSIONS}
        message={endAllQuestion(name)}
        confirmLabel={END_ALL_SESSIONS}
        cancelLabel="Cancel"
        danger
        loading={endAll.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          endAll.mutate(init, {
            onSuccess: () => notifySuccess(SESSIONS_ENDED),
            onError: (error) => notifyError(errorText(error)),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}
