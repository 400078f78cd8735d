// Step-up (issue 28 item 2): the one dialog every flow's guarded action shows when the gateway asks for a fresh second
// factor. The API client holds the refused request (src/api/step-up.ts) and asks here; the step is stepUpMachine
// (src/flows/step-up.machine.ts); proved, the client sends the same request again and the flow goes on where it was.
// The user's factors (listSecondFactors) say whether to offer "Use a passkey" and whether there is an app to ask a
// code of. Mantine's Modal traps focus, starts it at the code field (data-autofocus) and gives it back on close.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { callOperation, useRead } from '../api/resource';
import { askForStepUpWith, type StepUpAsk } from '../api/step-up';
import { STEP_UP_TEXT, stepUpMachine, type StepUpOffers, type StepUpProof } from '../flows/step-up.machine';
import { getPasskey } from '../lib/passkeys';
import { Loading } from '../render/Loading';

const prove = (attributes: StepUpProof | { passkey: Awaited<ReturnType<typeof getPasskey>> }) =>
  callOperation('proveStepUp', {}, { body: { data: { type: 'stepup', attributes } } });

const machine = stepUpMachine.provide({
  actors: {
    prove: fromPromise<unknown, StepUpProof>(({ input }) => prove(input)),
    // The challenge is kept on the session, so it is asked with the same token as the proof.
    provePasskey: fromPromise<unknown>(async () => prove({ passkey: await getPasskey((await callOperation('stepUpPasskeyOptions', {})).data.attributes) })),
  },
});

interface Asked extends StepUpAsk {
  id: number;
  settle: (proved: boolean) => void;
}

const modalProps = { title: STEP_UP_TEXT.title, centered: true, closeButtonProps: { 'aria-label': 'Close' }, zIndex: 400 } as const;

/** Asks once the user's factors are known; if they cannot be read, the app's code (and a recovery code) is asked. */
function StepUpStep({ ask }: { ask: Asked }) {
  const factors = useRead('listSecondFactors', { credential: 'own' });
  if (factors.isPending) {
    return (
      <Modal opened onClose={() => ask.settle(false)} {...modalProps}>
        <Loading />
      </Modal>
    );
  }
  const offers: StepUpOffers = factors.isSuccess ? { app: factors.data.totp !== null, passkey: factors.data.passkeys.length > 0 } : { app: true, passkey: false };
  return <StepUpForm ask={ask} offers={offers} />;
}

function StepUpForm({ ask, offers }: { ask: Asked; offers: StepUpOffers }) {
  const [snapshot, send] = useMachine(machine, { input: { detail: ask.detail, offers } });
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  useEffect(() => {
    if (snapshot.status === 'done') ask.settle(snapshot.output?.proved ?? false);
  }, [snapshot.status, snapshot.output, ask]);
  const recovery = context.method === 'recovery';
  return (
    <Modal opened={snapshot.status !== 'done'} onClose={() => !busy && send({ type: 'CANCEL' })} {...modalProps}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Stack>
          <Text size="sm">{context.detail}</Text>
          <TextInput
            key={context.method}
            label={recovery ? STEP_UP_TEXT.recoveryLabel : STEP_UP_TEXT.codeLabel}
            description={recovery ? STEP_UP_TEXT.recoveryHint : STEP_UP_TEXT.codeHint}
            value={context.value}
            onChange={(event) => send({ type: 'EDIT', value: event.currentTarget.value })}
            error={context.error}
            required
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 32 : 6}
            disabled={busy}
            data-autofocus
          />
          {context.error !== null && (
            <Alert color="red" role="alert">
              {context.error}
            </Alert>
          )}
          {(!recovery || offers.app) && (
            <Button variant="subtle" onClick={() => send({ type: recovery ? 'USE_APP_CODE' : 'USE_RECOVERY_CODE' })} disabled={busy}>
              {recovery ? STEP_UP_TEXT.useApp : STEP_UP_TEXT.useRecovery}
            </Button>
          )}
          {offers.passkey && (
            <Button variant="light" onClick={() => send({ type: 'USE_PASSKEY' })} loading={snapshot.matches('passkey')} disabled={busy}>
              {STEP_UP_TEXT.usePasskey}
            </Button>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
              {STEP_UP_TEXT.cancel}
            </Button>
            <Button type="submit" loading={snapshot.matches('proving')} disabled={busy}>
              {STEP_UP_TEXT.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Mounted once in the signed-in app: asks for the factor whenever a guarded call needs it, one question at a time. */
export function StepUpDialog() {
  const [asked, setAsked] = useState<Asked | null>(null);
  useEffect(() => {
    let next = 0;
    let outstanding = 0;
    let waiting: Promise<boolean> = Promise.resolve(false);
    askForStepUpWith((ask) => {
      // Calls refused together (a double click, two requests of one screen) ask once: one waiting behind a proof is
      // sent again without asking.
      const behind = outstanding > 0 ? waiting : Promise.resolve(false);
      outstanding += 1;
      const turn = behind
        .then((previousProved) =>
          previousProved
            ? true
            : new Promise<boolean>((resolve) => {
                next += 1;
                setAsked({
                  ...ask,
                  id: next,
                  settle: (proved) => {
                    setAsked(null);
                    resolve(proved);
                  },
                });
              }),
        )
        .finally(() => {
          outstanding -= 1;
        });
      waiting = turn;
      return turn;
    });
    return () => askForStepUpWith(null);
  }, []);
  return asked ? <StepUpStep key={asked.id} ask={asked} /> : null;
}
