// Adding a passkey from the own profile (issue 28 item 1): `naming` takes what the user calls it ("Work laptop");
// `registering` runs the actor `register` (the gateway's passkeyCreationOptions, the browser's passkey prompt, then
// registerPasskey); the user's first factor comes with recovery codes, shown once in `showingCodes` until the user says
// they saved them. A refusal (the gateway's, or the browser's prompt dismissed) goes back to `naming` with its reason.
// Final `enrolled` or `cancelled`.
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from './failures';
import type { FactorEnrolled } from './totp-enrolment.machine';

export const PASSKEY_ENROLMENT_TEXT = {
  nameRequired: 'Enter a name for this passkey.',
  failed: 'The passkey was not added. Try again, or use another device.',
} as const;

export interface PasskeyEnrolmentContext {
  name: string;
  recoveryCodes: string[];
  error: string | null;
  enrolled: boolean;
}

export type PasskeyEnrolmentEvent = { type: 'EDIT'; value: string } | { type: 'SUBMIT' } | { type: 'SAVED' } | { type: 'CANCEL' };

/** An empty name is not sent; the contract's other limits on it are the gateway's to answer (422 on `name`). */
export function passkeyNameProblem(name: string): string | null {
  return name.trim() ? null : PASSKEY_ENROLMENT_TEXT.nameRequired;
}

export const passkeyEnrolmentMachine = setup({
  types: {
    context: {} as PasskeyEnrolmentContext,
    events: {} as PasskeyEnrolmentEvent,
    output: {} as { enrolled: boolean },
    tags: {} as 'busy',
  },
  actors: {
    register: fromPromise<FactorEnrolled, { name: string }>(() => Promise.reject(new Error('passkeyEnrolmentMachine: provide the "register" actor'))),
  },
  guards: {
    named: ({ context }) => passkeyNameProblem(context.name) === null,
    hasRecoveryCodes: (_, output: FactorEnrolled) => (output.recoveryCodes?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'passkeyEnrolment',
  context: { name: '', recoveryCodes: [], error: null, enrolled: false },
  initial: 'naming',
  states: {
    naming: {
      on: {
        EDIT: { actions: assign({ name: ({ event }) => event.value, error: null }) },
        SUBMIT: [{ guard: 'named', target: 'registering' }, { actions: assign({ error: ({ context }) => passkeyNameProblem(context.name) }) }],
        CANCEL: 'cancelled',
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        src: 'register',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: [
          {
            guard: { type: 'hasRecoveryCodes', params: ({ event }) => event.output },
            target: 'showingCodes',
            actions: assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes ?? [], enrolled: true }),
          },
          { target: 'enrolled', actions: assign({ enrolled: true }) },
        ],
        onError: { target: 'naming', actions: assign({ error: ({ event }) => errorText(event.error, PASSKEY_ENROLMENT_TEXT.failed) }) },
      },
    },
    showingCodes: {
      on: { SAVED: 'enrolled' },
    },
    enrolled: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ enrolled: context.enrolled }),
});
