// A top admin's view of a staff member's sessions (issue 28 item 3), in the user details: the live sessions and
// "End all sessions", confirmed; the staff member's tokens stop working on their next request.
import { Alert, Stack } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useList, useMutate } from '../../../api/resource';
import { Loading } from '../../../render/Loading';
import { EndSessionsButton } from './EndSessionsButton';
import { SessionTable } from './SessionTable';

export const END_ALL_SESSIONS = 'End all sessions';
export const SESSIONS_ENDED = 'Their sessions have been ended.';
export const endAllQuestion = (name: string) => `End every session of ${name}? They are signed out everywhere at once.`;

export function StaffSessions({ userId, name }: { userId: string; name: string }) {
  const init = { path: { id: userId } };
  const sessions = useList('listUserSessions', init);
  const endAll = useMutate('deleteUserSessions');

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
      <EndSessionsButton
        label={END_ALL_SESSIONS}
        question={endAllQuestion(name)}
        done={SESSIONS_ENDED}
        disabled={sessions.data.rows.length === 0}
        pending={endAll.isPending}
        end={() => endAll.mutateAsync(init)}
      />
    </Stack>
  );
}
