// Step-up (issue 28 item 2): the step a guarded action takes when the gateway asks for a fresh second factor. One
// machine for every flow: the API client holds the refused request (src/api/step-up.ts) while this asks for the
// authenticator app's code (or a recovery code, or the user's passkey), proves it, and ends `proved` (the client sends
// the same request again) or `cancelled` (the flow gets the refusal). States `asking → proving | passkey → proved`,
// back to `asking` with the gateway's reason when a proof is refused; final `cancelled`. Events `EDIT {value}`,
// `USE_RECOVERY_CODE`, `USE_APP_CODE`, `USE_PASSKEY` (when the user has one), `SUBMIT`, `CANCEL`. Actors `prove`
// (`proveStepUp` of the contract) and `provePasskey` (its passkey challenge, the browser's prompt, then `proveStepUp`).
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from './failures';

export type StepUpProof = { code: string } | { recoveryCode: string };

export const STEP_UP_TEXT = {
  title: 'Confirm it is you',
  codeLabel: 'Authentication code',
  codeHint: 'The 6-digit code your authenticator app shows now.',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'One of the recovery codes you saved when you enrolled; each works once.',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use the authenticator app instead',
  usePasskey: 'Use a passkey',
  passkeyFailed: 'The passkey did not answer. Try again or use a code.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  codeFormat: 'Enter the 6 digits of the code.',
  recoveryRequired: 'Enter a recovery code.',
} as const;

export interface StepUpInput {
  /** The gateway's reason (with its window). */
  detail: string;
  /** The ways the user has (listSecondFactors); without it, the authenticator app and no passkey. */
  offers?: StepUpOffers;
}

export interface StepUpOffers {
  app: boolean;
  passkey: boolean;
}

export interface StepUpContext {
  detail: string;
  offers: StepUpOffers;
  method: 'totp' | 'recovery';
  value: string;
  /** The field's message: a malformed code here, or the gateway's refusal. */
  error: string | null;
  proved: boolean;
}

export type StepUpEvent =
  | { type: 'EDIT'; value: string }
  | { type: 'USE_RECOVERY_CODE' }
  | { type: 'USE_APP_CODE' }
  | { type: 'USE_PASSKEY' }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

export interface StepUpOutput {
  proved: boolean;
}

/** What is wrong with the typed value before anything is sent; null when it may be sent. */
export function proofProblem(method: StepUpContext['method'], value: string): string | null {
  if (method === 'totp') return /^[0-9]{6}$/.test(value.trim()) ? null : STEP_UP_TEXT.codeFormat;
  return value.trim() ? null : STEP_UP_TEXT.recoveryRequired;
}

export function proofOf(context: Pick<StepUpContext, 'method' | 'value'>): StepUpProof {
  return context.method === 'totp' ? { code: context.value.trim() } : { recoveryCode: context.value.trim() };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`stepUpMachine: provide the "${name}" actor (stepUpMachine.provide({ actors: { ${name} } }))`));

export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
    input: {} as StepUpInput,
    output: {} as StepUpOutput,
    tags: {} as 'busy',
  },
  actors: {
    prove: fromPromise<unknown, StepUpProof>(notProvided('prove')),
    provePasskey: fromPromise<unknown>(notProvided('provePasskey')),
  },
  guards: {
    wellFormed: ({ context }) => proofProblem(context.method, context.value) === null,
    hasApp: ({ context }) => context.offers.app,
    hasPasskey: ({ context }) => context.offers.passkey,
  },
}).createMachine({
  id: 'stepUp',
  context: ({ input }) => {
    const offers = input.offers ?? { app: true, passkey: false };
    // Without an app, what the user can type is a recovery code.
    return { detail: input.detail, offers, method: offers.app ? 'totp' : 'recovery', value: '', error: null, proved: false };
  },
  initial: 'asking',
  states: {
    asking: {
      on: {
        EDIT: { actions: assign({ value: ({ event }) => event.value, error: null }) },
        USE_RECOVERY_CODE: { actions: assign({ method: 'recovery', value: '', error: null }) },
        USE_APP_CODE: { guard: 'hasApp', actions: assign({ method: 'totp', value: '', error: null }) },
        USE_PASSKEY: { guard: 'hasPasskey', target: 'passkey', actions: assign({ error: null }) },
        SUBMIT: [
          { guard: 'wellFormed', target: 'proving' },
          { actions: assign({ error: ({ context }) => proofProblem(context.method, context.value) }) },
        ],
        CANCEL: 'cancelled',
      },
    },
    proving: {
      tags: ['busy'],
      invoke: {
        src: 'prove',
        input: ({ context }) => proofOf(context),
        onDone: { target: 'proved', actions: assign({ proved: true }) },
        // A refused code is spent or wrong either way: the field empties for the next one.
        onError: { target: 'asking', actions: assign({ error: ({ event }) => errorText(event.error), value: '' }) },
      },
    },
    passkey: {
      tags: ['busy'],
      invoke: {
        src: 'provePasskey',
        onDone: { target: 'proved', actions: assign({ proved: true }) },
        onError: { target: 'asking', actions: assign({ error: ({ event }) => errorText(event.error, STEP_UP_TEXT.passkeyFailed) }) },
      },
    },
    proved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ proved: context.proved }),
});
