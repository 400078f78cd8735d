// The sign-in's second factor (issue 28 item 1): after the password, when the gateway answered a
// `secondfactorchallenge`, the factor step in the same card: `verify` (authenticator-app code, a passkey or a recovery
// code) or `enrol` (the user's role needs a factor and they have none: a new authenticator-app secret, its code, then
// the recovery codes shown once). The session is stored by the actors; `done` is final, `restarted` goes back to the
// password. The password step itself stays outside XState: the login route's first bytes have a budget
// (scripts/check-login-size.ts) that XState would exceed, so this machine and its screen load only when a factor is owed.
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../api/gateway';
import { errorText } from './failures';

export type FactorChallenge = components['schemas']['SecondFactorChallengeDocument']['data']['attributes'];
export type FactorMethod = FactorChallenge['methods'][number];
export type TotpEnrolment = components['schemas']['TotpEnrolmentDocument']['data']['attributes'];

/** What a step answered: signed in (with recovery codes when it enrolled a factor), or a factor still owed. */
export type SignInAnswer = { kind: 'signed-in'; recoveryCodes?: string[] | undefined } | { kind: 'factor'; challenge: FactorChallenge };

/** A proof the user typed: the app's code or a recovery code. */
export interface TypedProof {
  method: 'totp' | 'recovery';
  code: string;
}

export const SIGN_IN_TEXT = {
  factorFailed: 'The second factor was not accepted.',
  passkeyFailed: 'The passkey did not answer. Try again or use another way.',
} as const;

export interface SignInContext {
  challenge: FactorChallenge;
  /** The way of proving the user chose at `verify`. */
  method: FactorMethod;
  enrolment: TotpEnrolment | null;
  recoveryCodes: string[];
  error: string | null;
}

export type SignInEvent =
  | { type: 'PROVE'; proof: TypedProof }
  | { type: 'USE'; method: FactorMethod }
  | { type: 'PASSKEY' }
  | { type: 'CONFIRM_CODES' }
  | { type: 'RESTART' }
  | { type: 'DISMISS_ALERT' };

const placeholder = <I, O>() => fromPromise<O, I>(() => Promise.reject(new Error('provide this actor')));

function firstMethod(challenge: FactorChallenge): FactorMethod {
  return challenge.methods.find((method) => method !== 'recovery') ?? 'recovery';
}

export const signInFactorMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { challenge: FactorChallenge },
  },
  actors: {
    proveFactor: placeholder<{ pendingToken: string; proof: TypedProof }, SignInAnswer>(),
    provePasskey: placeholder<{ pendingToken: string }, SignInAnswer>(),
    beginEnrolment: placeholder<{ pendingToken: string }, TotpEnrolment>(),
  },
  guards: {
    hasRecoveryCodes: (_, answer: SignInAnswer) => answer.kind === 'signed-in' && (answer.recoveryCodes?.length ?? 0) > 0,
    mustEnrol: ({ context }) => context.challenge.step === 'enrol',
  },
  actions: {
    fail: assign({ error: (_, params: { error: unknown; fallback: string }) => errorText(params.error, params.fallback) }),
    takeCodes: assign({ recoveryCodes: (_, answer: SignInAnswer) => (answer.kind === 'signed-in' ? (answer.recoveryCodes ?? []) : []), error: null }),
  },
}).createMachine({
  id: 'signInFactor',
  context: ({ input }) => ({ challenge: input.challenge, method: firstMethod(input.challenge), enrolment: null, recoveryCodes: [], error: null }),
  initial: 'factor',
  on: { DISMISS_ALERT: { actions: assign({ error: null }) } },
  states: {
    factor: {
      initial: 'choosing',
      on: { RESTART: '#signInFactor.restarted' },
      states: {
        choosing: {
          always: [{ guard: 'mustEnrol', target: 'enrol' }, { target: 'verify' }],
        },
        verify: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                USE: { actions: assign({ method: ({ event }) => event.method, error: null }) },
                PROVE: 'checking',
                PASSKEY: 'passkey',
              },
            },
            checking: {
              invoke: {
                src: 'proveFactor',
                input: ({ context, event }) => ({ pendingToken: context.challenge.pendingToken, proof: event.type === 'PROVE' ? event.proof : { method: 'totp', code: '' } }),
                onDone: { target: '#signInFactor.done' },
                onError: { target: 'entering', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: SIGN_IN_TEXT.factorFailed }) } },
              },
            },
            passkey: {
              invoke: {
                src: 'provePasskey',
                input: ({ context }) => ({ pendingToken: context.challenge.pendingToken }),
                onDone: { target: '#signInFactor.done' },
                onError: { target: 'entering', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: SIGN_IN_TEXT.passkeyFailed }) } },
              },
            },
          },
        },
        enrol: {
          initial: 'starting',
          states: {
            starting: {
              invoke: {
                src: 'beginEnrolment',
                input: ({ context }) => ({ pendingToken: context.challenge.pendingToken }),
                onDone: { target: 'entering', actions: assign({ enrolment: ({ event }) => event.output }) },
                onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: SIGN_IN_TEXT.factorFailed }) } },
              },
            },
            failed: {},
            entering: {
              on: { PROVE: 'confirming' },
            },
            confirming: {
              invoke: {
                src: 'proveFactor',
                input: ({ context, event }) => ({ pendingToken: context.challenge.pendingToken, proof: event.type === 'PROVE' ? event.proof : { method: 'totp', code: '' } }),
                onDone: [
                  { guard: { type: 'hasRecoveryCodes', params: ({ event }) => event.output }, target: '#signInFactor.recoveryCodes', actions: { type: 'takeCodes', params: ({ event }) => event.output } },
                  { target: '#signInFactor.done' },
                ],
                onError: { target: 'entering', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: SIGN_IN_TEXT.factorFailed }) } },
              },
            },
          },
        },
      },
    },
    recoveryCodes: {
      on: { CONFIRM_CODES: 'done' },
    },
    done: { type: 'final' },
    restarted: { type: 'final' },
  },
});
