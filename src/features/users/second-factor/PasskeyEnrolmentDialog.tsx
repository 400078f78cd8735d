// "Add passkey" (issue 28 item 1): passkeyEnrolmentMachine's screen. The browser's passkey prompt comes from
// @simplewebauthn/browser, loaded on use by src/lib/passkeys.ts.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { callOperation, invalidateAfter, mutateOperation } from '../../../api/resource';
import { passkeyEnrolmentMachine } from '../../../flows/passkey-enrolment.machine';
import type { FactorEnrolled } from '../../../flows/totp-enrolment.machine';
import { createPasskey } from '../../../lib/passkeys';
import { RecoveryCodesModal } from './RecoveryCodesModal';
import { useEnrolmentEnd } from './useEnrolmentEnd';

export const PASSKEY_DIALOG_TEXT = {
  title: 'Add passkey',
  codesTitle: 'Save your recovery codes',
  steps: 'Name this passkey so you can tell it from others, then follow your browser or device to create it.',
  name: 'Passkey name',
  nameHint: 'For example "Work laptop" or "Phone".',
  create: 'Create passkey',
  cancel: 'Cancel',
} as const;

const OWN = { credential: 'own' } as const;

export function PasskeyEnrolmentDialog({ onDone }: { onDone: (enrolled: boolean) => void }) {
  const client = useQueryClient();
  const [snapshot, send] = useMachine(
    passkeyEnrolmentMachine.provide({
      actors: {
        register: fromPromise<FactorEnrolled, { name: string }>(async ({ input }) => {
          const options = (await callOperation('passkeyCreationOptions', OWN)).data.attributes;
          const credential = await createPasskey(options);
          const enrolled = await mutateOperation('registerPasskey', { attributes: { name: input.name, credential }, ...OWN });
          await invalidateAfter(client, 'registerPasskey');
          return { recoveryCodes: enrolled?.recoveryCodes ?? null };
        }),
      },
    }),
  );
  const { context } = snapshot;
  const ending = useEnrolmentEnd(snapshot, send, onDone);
  const { busy } = ending;
  // Back on the name (disabled while the browser asked) with the reason a passkey was not added.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (context.error !== null) field.current?.focus();
  }, [context.error]);

  return (
    <RecoveryCodesModal
      title={PASSKEY_DIALOG_TEXT.title}
      codesTitle={PASSKEY_DIALOG_TEXT.codesTitle}
      {...ending}
    >
      <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">{PASSKEY_DIALOG_TEXT.steps}</Text>
            <TextInput
              ref={field}
              label={PASSKEY_DIALOG_TEXT.name}
              description={PASSKEY_DIALOG_TEXT.nameHint}
              value={context.name}
              onChange={(event) => send({ type: 'EDIT', value: event.currentTarget.value })}
              error={context.error}
              required
              autoComplete="off"
              disabled={busy}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
                {PASSKEY_DIALOG_TEXT.cancel}
              </Button>
              <Button type="submit" loading={busy}>
                {PASSKEY_DIALOG_TEXT.create}
              </Button>
            </Group>
          </Stack>
      </form>
    </RecoveryCodesModal>
  );
}
