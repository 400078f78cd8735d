// Issue 28 item 1: adding an authenticator app from the profile, walked transition by transition with fake actors.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { totpEnrolmentMachine, type FactorEnrolled, type TotpSecret } from './totp-enrolment.machine';

const SECRET: TotpSecret = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Teller:me%40demo.test?secret=JBSWY3DPEHPK3PXP&issuer=Teller' };
const CODES = ['AAAAA-BBBBB', 'CCCCC-DDDDD'];
const WRONG = 'The code is wrong or expired. Enter the current code from your authenticator app.';

function start({ begin = () => Promise.resolve(SECRET), confirm = () => Promise.resolve({ recoveryCodes: CODES }) }: { begin?: () => Promise<TotpSecret>; confirm?: (code: string) => Promise<FactorEnrolled> } = {}) {
  const sent: string[] = [];
  const machine = totpEnrolmentMachine.provide({
    actors: {
      begin: fromPromise<TotpSecret>(() => begin()),
      confirm: fromPromise<FactorEnrolled, { code: string }>(({ input }) => {
        sent.push(input.code);
        return confirm(input.code);
      }),
    },
  });
  return { actor: createActor(machine).start(), sent };
}

describe('totpEnrolmentMachine (issue 28 item 1)', () => {
  it('[issue 28] begins, shows the secret, confirms the code and shows the recovery codes until they are saved', async () => {
    const { actor, sent } = start();
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('entering'));
    expect(actor.getSnapshot().context.secret).toEqual(SECRET);
    actor.send({ type: 'EDIT', value: ' 123456 ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('showingCodes'));
    expect(sent).toEqual(['123456']);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);
    // Nothing but "saved" leaves the codes: the app is enrolled already.
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('showingCodes')).toBe(true);
    actor.send({ type: 'SAVED' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ enrolled: true });
  });

  it('ends enrolled without a codes step when the user keeps their recovery codes', async () => {
    const { actor } = start({ confirm: () => Promise.resolve({ recoveryCodes: null }) });
    await waitFor(actor, (snapshot) => snapshot.matches('entering'));
    actor.send({ type: 'EDIT', value: '123456' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ enrolled: true });
  });

  it('sends nothing for a code that is not 6 digits and says so; typing clears the message', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('entering'));
    actor.send({ type: 'EDIT', value: '12 34' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('entering')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Enter the 6 digits your authenticator app shows.');
    actor.send({ type: 'EDIT', value: '1' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(sent).toEqual([]);
  });

  it("goes back to the code with the gateway's reason and an empty field when a code is refused, and takes the next one", async () => {
    let answers = 0;
    const { actor, sent } = start({
      confirm: () => (answers++ === 0 ? Promise.reject(new ApiError(422, [{ status: '422', detail: WRONG, source: { pointer: '/data/attributes/code' } }])) : Promise.resolve({ recoveryCodes: null })),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('entering'));
    actor.send({ type: 'EDIT', value: '000000' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('entering') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: WRONG, code: '' });
    actor.send({ type: 'EDIT', value: '654321' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual(['000000', '654321']);
  });

  it("waits in failed with the gateway's message when no secret could be made; RETRY asks again", async () => {
    let calls = 0;
    const { actor } = start({ begin: () => (calls++ === 0 ? Promise.reject(new ApiError(409, [{ status: '409', code: 'totp_enrolled', title: 'An authenticator app is enrolled already' }])) : Promise.resolve(SECRET)) });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('An authenticator app is enrolled already');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('entering'));
    expect(actor.getSnapshot().context).toMatchObject({ secret: SECRET, error: null });
  });

  it('uses its own text when the failure says nothing (no answer)', async () => {
    const { actor } = start({ begin: () => Promise.reject(new TypeError('Failed to fetch')) });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('A new secret could not be made. Try again.');
  });

  it('ends cancelled, not enrolled, from the failed step and from the code step', async () => {
    const failed = start({ begin: () => Promise.reject(new TypeError('Failed to fetch')) }).actor;
    await waitFor(failed, (snapshot) => snapshot.matches('failed'));
    failed.send({ type: 'CANCEL' });
    expect(failed.getSnapshot().status).toBe('done');
    expect(failed.getSnapshot().output).toEqual({ enrolled: false });

    const { actor, sent } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('entering'));
    actor.send({ type: 'EDIT', value: '123456' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ enrolled: false });
    expect(sent).toEqual([]);
  });
});
