// Issue 28 item 2: the step-up step, walked transition by transition with a fake `prove` actor.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { stepUpMachine, type StepUpOffers, type StepUpProof } from './step-up.machine';

const DETAIL = 'This action needs a second-factor check within the last 5 minutes.';
const REFUSED = 'The code is wrong, expired or already used. Enter the current code from your authenticator app.';

function start(prove: (proof: StepUpProof) => Promise<unknown>, { offers, passkey = () => Promise.resolve({}) }: { offers?: StepUpOffers; passkey?: () => Promise<unknown> } = {}) {
  const sent: Array<StepUpProof | 'passkey'> = [];
  const machine = stepUpMachine.provide({
    actors: {
      prove: fromPromise<unknown, StepUpProof>(({ input }) => {
        sent.push(input);
        return prove(input);
      }),
      provePasskey: fromPromise<unknown>(() => {
        sent.push('passkey');
        return passkey();
      }),
    },
  });
  const actor = createActor(machine, { input: { detail: DETAIL, ...(offers ? { offers } : {}) } }).start();
  return { actor, sent };
}

describe('stepUpMachine (issue 28 item 2)', () => {
  it('asks with the gateway\'s reason, proves the typed code and ends proved', async () => {
    const { actor, sent } = start(() => Promise.resolve({}));
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    expect(actor.getSnapshot().context.detail).toBe(DETAIL);
    actor.send({ type: 'EDIT', value: ' 123456 ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual([{ code: '123456' }]);
    expect(actor.getSnapshot().output).toEqual({ proved: true });
  });

  it('sends nothing for a code that is not 6 digits and says so', () => {
    const { actor, sent } = start(() => Promise.resolve({}));
    actor.send({ type: 'EDIT', value: '12345' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Enter the 6 digits of the code.');
    expect(sent).toEqual([]);
    actor.send({ type: 'EDIT', value: '1' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('returns to the question with the gateway\'s reason when the code is refused, empties the field, and takes the next one', async () => {
    let answers = 0;
    const { actor, sent } = start(() => (answers++ === 0 ? Promise.reject(new ApiError(422, [{ code: 'factor_refused', title: REFUSED }])) : Promise.resolve({})));
    actor.send({ type: 'EDIT', value: '000000' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('asking') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: REFUSED, value: '' });
    actor.send({ type: 'EDIT', value: '654321' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual([{ code: '000000' }, { code: '654321' }]);
    expect(actor.getSnapshot().output).toEqual({ proved: true });
  });

  it('takes a recovery code instead, and back to the app code', async () => {
    const { actor, sent } = start(() => Promise.resolve({}));
    actor.send({ type: 'USE_RECOVERY_CODE' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('Enter a recovery code.');
    actor.send({ type: 'USE_APP_CODE' });
    expect(actor.getSnapshot().context).toMatchObject({ method: 'totp', error: null });
    actor.send({ type: 'USE_RECOVERY_CODE' });
    actor.send({ type: 'EDIT', value: 'ABCDE-FGHIJ' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual([{ recoveryCode: 'ABCDE-FGHIJ' }]);
  });

  it('ends cancelled, proving nothing', () => {
    const { actor, sent } = start(() => Promise.resolve({}));
    actor.send({ type: 'EDIT', value: '123456' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ proved: false });
    expect(sent).toEqual([]);
  });

  it('[issue 28] proves with the passkey when the user has one, and ends proved', async () => {
    const { actor, sent } = start(() => Promise.resolve({}), { offers: { app: true, passkey: true } });
    actor.send({ type: 'USE_PASSKEY' });
    expect(actor.getSnapshot().matches('passkey')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual(['passkey']);
    expect(actor.getSnapshot().output).toEqual({ proved: true });
  });

  it("offers no passkey to a user without one (the default): USE_PASSKEY does nothing", () => {
    const { actor, sent } = start(() => Promise.resolve({}));
    actor.send({ type: 'USE_PASSKEY' });
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    expect(sent).toEqual([]);
  });

  it("returns to the question with the gateway's reason when the passkey is refused, and with its own text when the prompt is dismissed", async () => {
    const refused = 'The passkey is not one of yours.';
    let tries = 0;
    const { actor, sent } = start(() => Promise.resolve({}), {
      offers: { app: true, passkey: true },
      passkey: () => (tries++ === 0 ? Promise.reject(new ApiError(422, [{ code: 'factor_refused', title: refused }])) : Promise.reject(new DOMException('Not allowed', 'NotAllowedError'))),
    });
    actor.send({ type: 'USE_PASSKEY' });
    await waitFor(actor, (snapshot) => snapshot.matches('asking') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(refused);
    actor.send({ type: 'USE_PASSKEY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('asking') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The passkey did not answer. Try again or use a code.');
    expect(sent).toEqual(['passkey', 'passkey']);
  });

  it('asks a user without an authenticator app for a recovery code, and never switches to an app code', () => {
    const { actor } = start(() => Promise.resolve({}), { offers: { app: false, passkey: true } });
    expect(actor.getSnapshot().context.method).toBe('recovery');
    actor.send({ type: 'USE_APP_CODE' });
    expect(actor.getSnapshot().context.method).toBe('recovery');
  });
});
