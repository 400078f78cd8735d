// The sign-in's second factor (issue 28 item 1), loaded only when the gateway asks for one (LoginPage imports it
// lazily): the screen of signInFactorMachine. Its actors are the gateway calls of ./api/sign-in.ts and the browser's
// passkey prompt (src/lib/passkeys.ts, itself loaded on use).
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Anchor, Button, Checkbox, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signInFactorMachine, type FactorChallenge, type FactorMethod, type SignInAnswer, type TotpEnrolment, type TypedProof } from '../../flows/sign-in-factor.machine';
import { getPasskey } from '../../lib/passkeys';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';
import { beginSignInTotpEnrolment, completeSignInFactor, signInPasskeyOptions, type FactorOutcome } from './api/sign-in';

/** The gateway calls; a session that came with recovery codes is handed to `later`, to keep once they are shown. */
function actorsFor(later: (keep: () => void) => void) {
  const signedIn = (outcome: FactorOutcome): SignInAnswer => {
    later(outcome.keep);
    return { kind: 'signed-in', recoveryCodes: outcome.recoveryCodes };
  };
  return {
    proveFactor: fromPromise<SignInAnswer, { pendingToken: string; proof: TypedProof }>(async ({ input }) =>
      signedIn(await completeSignInFactor(input.pendingToken, input.proof.method === 'totp' ? { code: input.proof.code } : { recoveryCode: input.proof.code })),
    ),
    provePasskey: fromPromise<SignInAnswer, { pendingToken: string }>(async ({ input }) => {
      const passkey = await getPasskey(await signInPasskeyOptions(input.pendingToken));
      return signedIn(await completeSignInFactor(input.pendingToken, { passkey }));
    }),
    beginEnrolment: fromPromise<TotpEnrolment, { pendingToken: string }>(({ input }) => beginSignInTotpEnrolment(input.pendingToken)),
  };
}

const LABELS = {
  totp: 'Authenticator app code',
  recovery: 'Recovery code',
} as const;

export default function FactorStep({ challenge, onDone, onRestart }: { challenge: FactorChallenge; onDone: () => void; onRestart: () => void }) {
  const keep = useRef<() => void>(() => undefined);
  const [snapshot, send] = useMachine(signInFactorMachine.provide({ actors: actorsFor((next) => (keep.current = next)) }), { input: { challenge } });
  const { context } = snapshot;
  const [code, setCode] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const stateKey = JSON.stringify(snapshot.value);

  useEffect(() => {
    if (snapshot.matches('done')) {
      keep.current();
      onDone();
    }
    if (snapshot.matches('restarted')) onRestart();
  }, [snapshot, onDone, onRestart]);

  // Focus follows the step: the field to fill on each new step, and back on it (selected) after a refusal.
  useEffect(() => {
    field.current?.focus();
    if (context.error) field.current?.select();
  }, [stateKey, context.error, context.method]);

  const busy = snapshot.matches({ factor: { verify: 'checking' } }) || snapshot.matches({ factor: { verify: 'passkey' } }) || snapshot.matches({ factor: { enrol: 'confirming' } });
  const alert = <ErrorAlert message={context.error} onDismiss={() => send({ type: 'DISMISS_ALERT' })} />;
  const back = (
    <Anchor component="button" type="button" size="sm" onClick={() => send({ type: 'RESTART' })}>
      Back to sign in
    </Anchor>
  );

  function prove(method: TypedProof['method']) {
    return (event: FormEvent) => {
      event.preventDefault();
      if (!code.trim()) return;
      send({ type: 'PROVE', proof: { method, code: code.trim() } });
    };
  }

  function use(method: FactorMethod) {
    setCode('');
    send({ type: 'USE', method });
  }

  if (snapshot.matches('recoveryCodes')) return <RecoveryCodes codes={context.recoveryCodes} onConfirm={() => send({ type: 'CONFIRM_CODES' })} />;

  if (snapshot.matches({ factor: 'enrol' })) {
    const enrolment = context.enrolment;
    return (
      <AuthCard title="Set up a second factor">
        <Text size="sm">Your role signs in with a second factor. Add this account to your authenticator app, then enter the code it shows.</Text>
        {alert}
        {enrolment ? (
          <form onSubmit={prove('totp')} noValidate>
            <Stack>
              <div>
                <Text size="sm" fw={500} id="totp-secret-label">
                  Secret key
                </Text>
                <Code block aria-labelledby="totp-secret-label" data-testid="totp-secret">
                  {enrolment.secret}
                </Code>
                <Anchor href={enrolment.uri} size="sm">
                  Open in an authenticator app on this device
                </Anchor>
              </div>
              <CodeField ref={field} label={LABELS.totp} value={code} onChange={setCode} numeric />
              <Button type="submit" disabled={!code.trim()} loading={busy}>
                Confirm
              </Button>
              {back}
            </Stack>
          </form>
        ) : (
          back
        )}
      </AuthCard>
    );
  }

  const offers = challenge.methods;
  // What the user types, if anything: the app's code unless they chose a recovery code (or have no app).
  const typed: TypedProof['method'] | null = offers.includes('totp') && context.method !== 'recovery' ? 'totp' : offers.includes('recovery') ? 'recovery' : null;
  const passkeyBusy = snapshot.matches({ factor: { verify: 'passkey' } });
  return (
    <AuthCard title="Second factor">
      <Text size="sm">
        {typed === 'totp' ? 'Confirm it is you: enter the code your authenticator app shows.' : typed === 'recovery' ? 'Confirm it is you: enter one of your recovery codes.' : 'Confirm it is you with your passkey.'}
      </Text>
      {alert}
      <form onSubmit={prove(typed ?? 'recovery')} noValidate>
        <Stack>
          {typed && (
            <>
              <CodeField key={typed} ref={field} label={LABELS[typed]} value={code} onChange={setCode} numeric={typed === 'totp'} />
              <Button type="submit" disabled={!code.trim() || busy} loading={busy && !passkeyBusy}>
                Verify
              </Button>
            </>
          )}
          <Group gap="md">
            {offers.includes('passkey') && (
              <Button variant="light" onClick={() => send({ type: 'PASSKEY' })} loading={passkeyBusy} disabled={busy && !passkeyBusy}>
                Use a passkey
              </Button>
            )}
            {typed === 'totp' && offers.includes('recovery') && (
              <Anchor component="button" type="button" size="sm" onClick={() => use('recovery')}>
                Use a recovery code
              </Anchor>
            )}
            {typed === 'recovery' && offers.includes('totp') && (
              <Anchor component="button" type="button" size="sm" onClick={() => use('totp')}>
                Use the authenticator app
              </Anchor>
            )}
          </Group>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}

function CodeField({ ref, label, value, onChange, numeric = false }: { ref: Ref<HTMLInputElement>; label: string; value: string; onChange: (value: string) => void; numeric?: boolean }) {
  return (
    <TextInput
      ref={ref}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoComplete="one-time-code"
      required
      {...(numeric ? { inputMode: 'numeric' as const, maxLength: 6 } : { maxLength: 32, autoCapitalize: 'characters' })}
    />
  );
}

/** The recovery codes of a new factor, shown this once; the user says they kept them before going on. */
export function RecoveryCodes({ codes, onConfirm, title = 'Save your recovery codes' }: { codes: string[]; onConfirm: () => void; title?: string }) {
  const [kept, setKept] = useState(false);
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthCard title={title}>
      <div ref={heading} tabIndex={-1}>
        <Text size="sm">Each code signs you in once if you lose your authenticator. They are shown only now: keep them somewhere safe.</Text>
      </div>
      <List aria-label="Recovery codes" ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Checkbox label="I have saved these recovery codes" checked={kept} onChange={(event) => setKept(event.currentTarget.checked)} />
      <Button onClick={onConfirm} disabled={!kept}>
        Continue
      </Button>
    </AuthCard>
  );
}
