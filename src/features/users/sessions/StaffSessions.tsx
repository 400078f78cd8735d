// A top admin's view of a staff member's sessions (issue 28 item 3), in the user details: the live sessions and
// "End all sessions", confirmed; the staff member's tokens stop working on their next request.
import { Stack } from '@mantine/core';
import { useList, useMutate } from '../../../api/resource';
import { QueryGate } from '../../../render/QueryGate';
import { EndSessionsButton } from './EndSessionsButton';
import { SessionTable } from './SessionTable';

export const END_ALL_SESSIONS = 'End all sessions';
export const SESSIONS_ENDED = 'Their sessions have been ended.';
export const endAllQuestion = (name: string) => `End every session of ${name}? They are signed out everywhere at once.`;

export function StaffSessions({ userId, name }: { userId: string; name: string }) {
  const init = { path: { id: userId } };
  const sessions = useList('listUserSessions', init);
  const endAll = useMutate('deleteUserSessions');

  return (
    <QueryGate query={sessions}>
      {({ rows }) => (
        <Stack gap="md">
          <SessionTable label={`Sessions of ${name}`} sessions={rows} />
          <EndSessionsButton
            label={END_ALL_SESSIONS}
            question={endAllQuestion(name)}
            done={SESSIONS_ENDED}
            disabled={rows.length === 0}
            pending={endAll.isPending}
            end={() => endAll.mutateAsync(init)}
          />
        </Stack>
      )}
    </QueryGate>
  );
}
