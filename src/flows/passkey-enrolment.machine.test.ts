// Issue 28 item 1: adding a passkey from the profile, walked transition by transition with a fake `register` actor.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { passkeyEnrolmentMachine } from './passkey-enrolment.machine';
import type { FactorEnrolled } from './totp-enrolment.machine';

const CODES = ['AAAAA-BBBBB', 'CCCCC-DDDDD'];

function start(register: (name: string) => Promise<FactorEnrolled>) {
  const named: string[] = [];
  const machine = passkeyEnrolmentMachine.provide({
    actors: {
      register: fromPromise<FactorEnrolled, { name: string }>(({ input }) => {
        named.push(input.name);
        return register(input.name);
      }),
    },
  });
  return { actor: createActor(machine).start(), named };
}

describe('passkeyEnrolmentMachine (issue 28 item 1)', () => {
  it('[issue 28] registers the named passkey and shows the recovery codes of a first factor until they are saved', async () => {
    const { actor, named } = start(() => Promise.resolve({ recoveryCodes: CODES }));
    expect(actor.getSnapshot().matches('naming')).toBe(true);
    actor.send({ type: 'EDIT', value: '  Work laptop ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('showingCodes'));
    expect(named).toEqual(['Work laptop']);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('showingCodes')).toBe(true);
    actor.send({ type: 'SAVED' });
    expect(actor.getSnapshot().output).toEqual({ enrolled: true });
  });

  it('ends enrolled at once when the user keeps their recovery codes', async () => {
    const { actor } = start(() => Promise.resolve({ recoveryCodes: null }));
    actor.send({ type: 'EDIT', value: 'Phone' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ enrolled: true });
  });

  it('asks for a name before anything is sent', () => {
    const { actor, named } = start(() => Promise.resolve({ recoveryCodes: null }));
    actor.send({ type: 'EDIT', value: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('naming')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Enter a name for this passkey.');
    actor.send({ type: 'EDIT', value: 'P' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(named).toEqual([]);
  });

  it("goes back to naming with the gateway's reason, keeping the name, and tries again", async () => {
    const reason = 'The passkey answered for another origin.';
    let calls = 0;
    const { actor, named } = start(() =>
      calls++ === 0 ? Promise.reject(new ApiError(422, [{ status: '422', detail: reason, source: { pointer: '/data/attributes/credential' } }])) : Promise.resolve({ recoveryCodes: null }),
    );
    actor.send({ type: 'EDIT', value: 'Phone' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('naming') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: reason, name: 'Phone' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(named).toEqual(['Phone', 'Phone']);
  });

  it("says the passkey was not added when the browser's prompt is dismissed", async () => {
    const { actor } = start(() => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')));
    actor.send({ type: 'EDIT', value: 'Phone' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('naming') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The passkey was not added. Try again, or use another device.');
  });

  it('ends cancelled, not enrolled', () => {
    const { actor, named } = start(() => Promise.resolve({ recoveryCodes: null }));
    actor.send({ type: 'EDIT', value: 'Phone' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ enrolled: false });
    expect(named).toEqual([]);
  });
});
