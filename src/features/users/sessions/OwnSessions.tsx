// The Sessions tab of the own profile (issue 28 item 3): my live sessions; "Sign out this one" on each of the others
// (the session in use is ended by Logout, so its row has no button), and "Sign out all others", confirmed.
import { Button, Stack, Text } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useList, useMutate } from '../../../api/resource';
import { QueryGate } from '../../../render/QueryGate';
import { notifyError, notifySuccess } from '../../../render/notify';
import { EndSessionsButton } from './EndSessionsButton';
import { SessionTable, type SessionRow } from './SessionTable';

export const SIGN_OUT_ONE = 'Sign out this one';
export const SIGN_OUT_OTHERS = 'Sign out all others';
export const SIGN_OUT_OTHERS_QUESTION = 'Sign out every other session of yours? Each of them has to sign in again.';
export const SIGNED_OUT_ONE = 'That session has been signed out.';
export const SIGNED_OUT_OTHERS = 'Your other sessions have been signed out.';

const OWN = { credential: 'own' } as const;

export function OwnSessions() {
  const sessions = useList('listSessions', OWN);
  const endOne = useMutate('deleteOwnSession');
  const endOthers = useMutate('deleteOtherSessions');

  const signOut = (session: SessionRow) =>
    endOne.mutate({ path: { handle: session.id }, ...OWN }, { onSuccess: () => notifySuccess(SIGNED_OUT_ONE), onError: (error) => notifyError(errorText(error)) });

  return (
    <QueryGate query={sessions}>
      {({ rows }) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Where you are signed in now. Sign out any session you do not recognise; Logout ends this one.
          </Text>
          <SessionTable
            label="Sessions"
            sessions={rows}
            action={(session) =>
              session.current ? null : (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`${SIGN_OUT_ONE}: ${session.device}, ${session.address ?? 'unknown address'}`}
                  loading={endOne.isPending && endOne.variables.path.handle === session.id}
                  onClick={() => signOut(session)}
                >
                  {SIGN_OUT_ONE}
                </Button>
              )
            }
          />
          <EndSessionsButton
            label={SIGN_OUT_OTHERS}
            question={SIGN_OUT_OTHERS_QUESTION}
            done={SIGNED_OUT_OTHERS}
            disabled={rows.every((row) => row.current)}
            pending={endOthers.isPending}
            end={() => endOthers.mutateAsync(OWN)}
          />
        </Stack>
      )}
    </QueryGate>
  );
}
