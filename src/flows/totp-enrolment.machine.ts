// Adding an authenticator app from the own profile (issue 28 item 1): `starting` asks the gateway for a new secret
// (beginTotpEnrolment); `entering` shows it as text and as an otpauth link and takes the app's code; `confirming`
// sends it (confirmTotpEnrolment); the user's first factor comes with recovery codes, shown once in `showingCodes`
// until the user says they saved them. A refused code goes back to `entering` with the gateway's reason; a secret
// that could not be made waits in `failed` for RETRY. Final `enrolled` or `cancelled`. Actors `begin`, `confirm`.
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../api/gateway';
import { errorText } from './failures';

export type TotpSecret = components['schemas']['TotpEnrolmentDocument']['data']['attributes'];
/** What confirming answered: the recovery codes of a first factor, null when the user keeps theirs. */
export type FactorEnrolled = components['schemas']['FactorEnrolledDocument']['data']['attributes'];

export const TOTP_ENROLMENT_TEXT = {
  codeFormat: 'Enter the 6 digits your authenticator app shows.',
  beginFailed: 'A new secret could not be made. Try again.',
  confirmFailed: 'The code was not accepted. Enter the current code from your authenticator app.',
} as const;

export interface TotpEnrolmentContext {
  secret: TotpSecret | null;
  code: string;
  recoveryCodes: string[];
  error: string | null;
  enrolled: boolean;
}

export type TotpEnrolmentEvent = { type: 'EDIT'; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'SAVED' } | { type: 'CANCEL' };

const notProvided = (name: string) => () => Promise.reject(new Error(`totpEnrolmentMachine: provide the "${name}" actor`));

export const totpEnrolmentMachine = setup({
  types: {
    context: {} as TotpEnrolmentContext,
    events: {} as TotpEnrolmentEvent,
    output: {} as { enrolled: boolean },
    tags: {} as 'busy',
  },
  actors: {
    begin: fromPromise<TotpSecret>(notProvided('begin')),
    confirm: fromPromise<FactorEnrolled, { code: string }>(notProvided('confirm')),
  },
  guards: {
    wellFormed: ({ context }) => /^[0-9]{6}$/.test(context.code.trim()),
    hasRecoveryCodes: (_, output: FactorEnrolled) => (output.recoveryCodes?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'totpEnrolment',
  context: { secret: null, code: '', recoveryCodes: [], error: null, enrolled: false },
  initial: 'starting',
  states: {
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'begin',
        onDone: { target: 'entering', actions: assign({ secret: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, TOTP_ENROLMENT_TEXT.beginFailed) }) },
      },
    },
    failed: {
      on: { RETRY: 'starting', CANCEL: 'cancelled' },
    },
    entering: {
      on: {
        EDIT: { actions: assign({ code: ({ event }) => event.value, error: null }) },
        SUBMIT: [{ guard: 'wellFormed', target: 'confirming' }, { actions: assign({ error: TOTP_ENROLMENT_TEXT.codeFormat }) }],
        CANCEL: 'cancelled',
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: [
          {
            guard: { type: 'hasRecoveryCodes', params: ({ event }) => event.output },
            target: 'showingCodes',
            actions: assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes ?? [], enrolled: true }),
          },
          { target: 'enrolled', actions: assign({ enrolled: true }) },
        ],
        // A refused code is spent or wrong either way: the field empties for the next one.
        onError: { target: 'entering', actions: assign({ error: ({ event }) => errorText(event.error, TOTP_ENROLMENT_TEXT.confirmFailed), code: '' }) },
      },
    },
    // Shown this once: the gateway keeps only their hashes. The app is enrolled already, so nothing here cancels it.
    showingCodes: {
      on: { SAVED: 'enrolled' },
    },
    enrolled: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ enrolled: context.enrolled }),
});
