// Issue 28 item 1: the sign-in's factor step, walked through its transitions with the gateway calls faked.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { signInFactorMachine, type FactorChallenge, type SignInAnswer, type TotpEnrolment, type TypedProof } from './sign-in-factor.machine';

const REFUSED = 'The code is wrong, expired or already used. Enter the current code from your authenticator app.';

function start(challenge: Pick<FactorChallenge, 'step' | 'methods'>, prove: (proof: TypedProof) => Promise<SignInAnswer>) {
  const machine = signInFactorMachine.provide({
    actors: {
      proveFactor: fromPromise<SignInAnswer, { pendingToken: string; proof: TypedProof }>(({ input }) => prove(input.proof)),
      provePasskey: fromPromise<SignInAnswer, { pendingToken: string }>(() => Promise.resolve({ kind: 'signed-in' })),
      beginEnrolment: fromPromise<TotpEnrolment, { pendingToken: string }>(() => Promise.resolve({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' })),
    },
  });
  return createActor(machine, { input: { challenge: { ...challenge, pendingToken: 'pending.token.value', expiresIn: 300 } } }).start();
}

describe('the sign-in factor step (issue 28)', () => {
  it('shows the gateway\'s refusal of a wrong code and stays on the code; the right code signs in', async () => {
    const actor = start({ step: 'verify', methods: ['totp', 'recovery'] }, ({ code }) =>
      code === '123456' ? Promise.resolve({ kind: 'signed-in' }) : Promise.reject(new ApiError(401, [{ title: REFUSED, code: 'factor_refused' }])),
    );
    actor.send({ type: 'PROVE', proof: { method: 'totp', code: '000000' } });
    await waitFor(actor, (snapshot) => snapshot.matches({ factor: { verify: 'entering' } }) && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(REFUSED);
    actor.send({ type: 'PROVE', proof: { method: 'totp', code: '123456' } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().matches('done')).toBe(true);
  });

  it('at step enrol shows the new secret, then the recovery codes once, and finishes only when the user confirms them', async () => {
    const actor = start({ step: 'enrol', methods: ['totp'] }, () => Promise.resolve({ kind: 'signed-in', recoveryCodes: ['AAAAA-BBBBB'] }));
    await waitFor(actor, (snapshot) => snapshot.matches({ factor: { enrol: 'entering' } }));
    expect(actor.getSnapshot().context.enrolment?.secret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    actor.send({ type: 'PROVE', proof: { method: 'totp', code: '123456' } });
    await waitFor(actor, (snapshot) => snapshot.matches('recoveryCodes'));
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(['AAAAA-BBBBB']);
    actor.send({ type: 'CONFIRM_CODES' });
    expect(actor.getSnapshot().matches('done')).toBe(true);
  });

  it('goes back to the password on RESTART', () => {
    const actor = start({ step: 'verify', methods: ['passkey'] }, () => Promise.reject(new Error('not used')));
    expect(actor.getSnapshot().context.method).toBe('passkey');
    actor.send({ type: 'RESTART' });
    expect(actor.getSnapshot().matches('restarted')).toBe(true);
  });
});
