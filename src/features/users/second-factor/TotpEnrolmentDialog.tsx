// "Add authenticator app" (issue 28 item 1): totpEnrolmentMachine's screen. The secret is shown as text to type into
// the app and as its otpauth link (an app on this device opens it); no QR code, which would need a drawing library.
import { Alert, Anchor, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { callOperation, invalidateAfter, mutateOperation } from '../../../api/resource';
import { totpEnrolmentMachine, type FactorEnrolled, type TotpSecret } from '../../../flows/totp-enrolment.machine';
import { Loading } from '../../../render/Loading';
import { RecoveryCodesModal } from './RecoveryCodesModal';
import { useEnrolmentEnd } from './useEnrolmentEnd';

export const TOTP_DIALOG_TEXT = {
  title: 'Add authenticator app',
  codesTitle: 'Save your recovery codes',
  steps: 'Add this account to your authenticator app: type the secret key in, or open the link on this device. Then enter the 6-digit code the app shows.',
  secret: 'Secret key',
  link: 'Open in an authenticator app on this device',
  code: 'Code from the app',
  confirm: 'Confirm',
  cancel: 'Cancel',
  retry: 'Try again',
} as const;

const OWN = { credential: 'own' } as const;

export function TotpEnrolmentDialog({ onDone }: { onDone: (enrolled: boolean) => void }) {
  const client = useQueryClient();
  const [snapshot, send] = useMachine(
    totpEnrolmentMachine.provide({
      actors: {
        begin: fromPromise<TotpSecret>(async () => (await callOperation('beginTotpEnrolment', OWN)).data.attributes),
        confirm: fromPromise<FactorEnrolled, { code: string }>(async ({ input }) => {
          const enrolled = await mutateOperation('confirmTotpEnrolment', { attributes: { code: input.code }, ...OWN });
          await invalidateAfter(client, 'confirmTotpEnrolment');
          return { recoveryCodes: enrolled?.recoveryCodes ?? null };
        }),
      },
    }),
  );
  const { context } = snapshot;
  const ending = useEnrolmentEnd(snapshot, send, onDone);
  const { busy } = ending;
  const entering = snapshot.matches('entering');
  // The field comes after the secret is made (the dialog opened on a spinner), and is back after a refused code;
  // data-autofocus as well, for when the dialog's focus trap starts after the secret came.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (entering) field.current?.focus();
  }, [entering, context.error]);

  return (
    <RecoveryCodesModal
      title={TOTP_DIALOG_TEXT.title}
      codesTitle={TOTP_DIALOG_TEXT.codesTitle}
      {...ending}
    >
      {snapshot.matches('starting') && <Loading />}
      {snapshot.matches('failed') && (
        <Stack>
          <Alert color="red" role="alert">
            {context.error}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'CANCEL' })}>
              {TOTP_DIALOG_TEXT.cancel}
            </Button>
            <Button onClick={() => send({ type: 'RETRY' })} data-autofocus>
              {TOTP_DIALOG_TEXT.retry}
            </Button>
          </Group>
        </Stack>
      )}
      {(snapshot.matches('entering') || snapshot.matches('confirming')) && context.secret && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">{TOTP_DIALOG_TEXT.steps}</Text>
            <div>
              <Text size="sm" fw={500} id="totp-enrolment-secret">
                {TOTP_DIALOG_TEXT.secret}
              </Text>
              <Code block aria-labelledby="totp-enrolment-secret" data-testid="totp-secret">
                {context.secret.secret}
              </Code>
              <Anchor href={context.secret.uri} size="sm">
                {TOTP_DIALOG_TEXT.link}
              </Anchor>
            </div>
            <TextInput
              ref={field}
              label={TOTP_DIALOG_TEXT.code}
              value={context.code}
              onChange={(event) => send({ type: 'EDIT', value: event.currentTarget.value })}
              error={context.error}
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              disabled={busy}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
                {TOTP_DIALOG_TEXT.cancel}
              </Button>
              <Button type="submit" loading={busy}>
                {TOTP_DIALOG_TEXT.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </RecoveryCodesModal>
  );
}
