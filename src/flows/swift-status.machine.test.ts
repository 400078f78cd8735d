import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import {
  isDialogOpen,
  swiftNote,
  swiftOffers,
  swiftOutcome,
  swiftStatusMachine,
  type CancelPayoutInput,
  type CheckStatusInput,
  type ReinitiateInput,
  type SwiftStatus,
} from './swift-status.machine';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

function swiftStatus(responseCode: string, responseMessage: string, overrides: Partial<SwiftStatus> = {}): SwiftStatus {
  return {
    id: 'TS240301000451',
    currency: null,
    amount: null,
    transactionReference: 'TS240301000451',
    recipientBankCode: null,
    recipientAccountNumber: null,
    transactionDateTime: null,
    responseCode,
    responseMessage,
    transaction: {
      id: 'r-7001',
      referenceNumber: 'RP20240301000451',
      originalId: null,
      payoutExternalId: 'TS240301000451|AMX',
      statusId: 128,
      status: 'Timeout waiting for response from destination',
    },
    ...overrides,
  };
}

const paid = () => swiftStatus('00', 'Approved or completed successfully', { amount: '304070.00', currency: 'NGN' });
const notFound = () => swiftStatus('01', 'Transaction does not exist.');
const reissue = () => swiftStatus('32', 'TRANSACTION REFERENCE EXISTS');
const other = () => swiftStatus('96', 'System malfunction');

/** The fake gateway: each call answers what the test gives it, or waits forever. */
function gateway() {
  return {
    check: vi.fn<(input: CheckStatusInput) => Promise<SwiftStatus>>(() => new Promise(() => {})),
    reinitiate: vi.fn<(input: ReinitiateInput) => Promise<void>>(() => new Promise(() => {})),
    cancel: vi.fn<(input: CancelPayoutInput) => Promise<void>>(() => new Promise(() => {})),
    toast: vi.fn<(title: string, text: string) => void>(),
    refetch: vi.fn<() => void>(),
  };
}
type Gateway = ReturnType<typeof gateway>;

function start(calls: Gateway) {
  const machine = swiftStatusMachine.provide({
    actors: {
      checkStatus: fromPromise<SwiftStatus, CheckStatusInput>(({ input }) => calls.check(input)),
      reinitiate: fromPromise<void, ReinitiateInput>(({ input }) => calls.reinitiate(input)),
      cancelPayout: fromPromise<void, CancelPayoutInput>(({ input }) => calls.cancel(input)),
    },
    actions: {
      notifySuccess: (_, params: { text: string; title: string }) => calls.toast(params.title, params.text),
      refetch: () => calls.refetch(),
    },
  });
  return createActor(machine, { input: { payoutExternalId: 'TS240301000451|AMX' } }).start();
}

async function startWith(status: SwiftStatus, calls: Gateway = gateway()) {
  calls.check.mockResolvedValueOnce(status);
  const actor = start(calls);
  await waitFor(actor, (snapshot) => snapshot.matches('result'));
  return actor;
}

const bankDown = () => new ApiError(502, [{ status: '502', title: 'The beneficiary bank is not available', code: 'bank_unavailable' }]);

describe('swiftStatusMachine', () => {
  it('[RP-4.08] checks the row at the bank by its payoutExternalId, then shows the result', async () => {
    const calls = gateway();
    calls.check.mockResolvedValueOnce(notFound());
    const actor = start(calls);
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.check).toHaveBeenCalledWith({ payoutExternalId: 'TS240301000451|AMX' });
    await waitFor(actor, (snapshot) => snapshot.matches('result'));
    expect(actor.getSnapshot().context.status?.responseCode).toBe('01');
  });

  it('[RP-4.09] code 00: success, no note and nothing offered', async () => {
    const actor = await startWith(paid());
    const status = actor.getSnapshot().context.status;
    expect(status && swiftOutcome(status)).toBe('success');
    expect(status && swiftNote(status)).toBeNull();
    expect(swiftOffers(actor.getSnapshot())).toEqual({ reinitiate: false, cancel: false });
  });

  it("[RP-4.10] code 01 'Transaction does not exist.': the note says it can be re-initiated or cancelled; Re-Initiate offered", async () => {
    const actor = await startWith(notFound());
    const status = actor.getSnapshot().context.status;
    expect(status && swiftNote(status)).toBe('This transaction can be re-initiated or cancelled.');
    // RP-4.14: no Cancel for 01.
    expect(swiftOffers(actor.getSnapshot())).toEqual({ reinitiate: true, cancel: false });
  });

  it('code 01 with another message is not the does-not-exist branch: a verification, nothing offered', async () => {
    const actor = await startWith(swiftStatus('01', 'Invalid sender'));
    const status = actor.getSnapshot().context.status;
    expect(status && swiftNote(status)).toBe('Required swift verification!'); // RP-4.13's text
    expect(swiftOffers(actor.getSnapshot())).toEqual({ reinitiate: false, cancel: false });
  });

  it('[RP-4.11] code 32: Re-Initiate offered, noting the new reference (the original followed by A)', async () => {
    const actor = await startWith(reissue());
    const status = actor.getSnapshot().context.status;
    expect(status && swiftNote(status)).toBe('This transaction will be reprocessed with a new reference: TS240301000451A');
    expect(swiftOffers(actor.getSnapshot()).reinitiate).toBe(true);
  });

  it('[RP-4.12] code 32: Cancel offered', async () => {
    const actor = await startWith(reissue());
    expect(swiftOffers(actor.getSnapshot()).cancel).toBe(true);
  });

  it("[RP-4.13] any other code: 'Required swift verification!' and Cancel only", async () => {
    const actor = await startWith(other());
    const status = actor.getSnapshot().context.status;
    expect(status && swiftNote(status)).toBe('Required swift verification!');
    expect(swiftOffers(actor.getSnapshot())).toEqual({ reinitiate: false, cancel: true });
  });

  it('[RP-4.14] Cancel is not offered once the row is updated, nor after an error', async () => {
    const calls = gateway();
    const updated = await startWith(reissue(), calls);
    calls.reinitiate.mockResolvedValueOnce();
    updated.send({ type: 'REINITIATE' });
    updated.send({ type: 'YES' });
    await waitFor(updated, (snapshot) => snapshot.matches('result') && snapshot.context.updated);
    expect(swiftOffers(updated.getSnapshot())).toEqual({ reinitiate: false, cancel: false });

    const failing = gateway();
    const errored = await startWith(other(), failing);
    failing.cancel.mockRejectedValueOnce(bankDown());
    errored.send({ type: 'CANCEL' });
    errored.send({ type: 'YES', reason: 'Beneficiary account closed' });
    await waitFor(errored, (snapshot) => snapshot.matches('result') && snapshot.context.error !== null);
    expect(swiftOffers(errored.getSnapshot()).cancel).toBe(false);
  });

  it('[RP-4.15][RP-4.20] Cancel asks Yes/No with a reason, then sends the row id, the reason and the message seen', async () => {
    const calls = gateway();
    const actor = await startWith(other(), calls);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('confirmingCancel')).toBe(true);
    expect(calls.cancel).not.toHaveBeenCalled();
    // A blank reason sends nothing (the contract refuses it).
    actor.send({ type: 'YES', reason: '  ' });
    expect(actor.getSnapshot().matches('confirmingCancel')).toBe(true);
    actor.send({ type: 'YES', reason: ' Beneficiary account closed ' });
    expect(actor.getSnapshot().matches('cancelling')).toBe(true);
    expect(calls.cancel).toHaveBeenCalledWith({ id: 'r-7001', reason: 'Beneficiary account closed', responseMessage: 'System malfunction' });
  });

  it('[RP-4.16] Re-Initiate asks Yes/No, then sends the row id', async () => {
    const calls = gateway();
    const actor = await startWith(notFound(), calls);
    actor.send({ type: 'REINITIATE' });
    expect(actor.getSnapshot().matches('confirmingReinitiate')).toBe(true);
    expect(calls.reinitiate).not.toHaveBeenCalled();
    actor.send({ type: 'YES' });
    expect(actor.getSnapshot().matches('reinitiating')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.reinitiate).toHaveBeenCalledWith({ id: 'r-7001' });
  });

  it('[RP-4.17] No to either confirmation sends nothing and returns to the result', async () => {
    const calls = gateway();
    const actor = await startWith(reissue(), calls);
    actor.send({ type: 'REINITIATE' });
    actor.send({ type: 'NO' });
    expect(actor.getSnapshot().matches('result')).toBe(true);
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'NO' });
    expect(actor.getSnapshot().matches('result')).toBe(true);
    expect(calls.reinitiate).not.toHaveBeenCalled();
    expect(calls.cancel).not.toHaveBeenCalled();
  });

  it('[RP-4.18] a re-initiate or cancel that went through shows \'Request Sent Sucessfully!\' asking to wait and refresh', async () => {
    const calls = gateway();
    const actor = await startWith(reissue(), calls);
    calls.cancel.mockResolvedValueOnce();
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'YES', reason: 'Returned' });
    await waitFor(actor, (snapshot) => snapshot.context.updated);
    expect(calls.toast).toHaveBeenCalledWith('Request Sent Sucessfully!', 'Please wait a moment and refresh the page.');
    expect(actor.getSnapshot().matches('result')).toBe(true);
  });

  it('[RP-8.07] a failed re-initiate shows the server message and stays on the result', async () => {
    const calls = gateway();
    const actor = await startWith(notFound(), calls);
    calls.reinitiate.mockRejectedValueOnce(new ApiError(409, [{ status: '409', title: 'The transaction is already queued', code: 'already_queued' }]));
    actor.send({ type: 'REINITIATE' });
    actor.send({ type: 'YES' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The transaction is already queued');
    expect(actor.getSnapshot().context.updated).toBe(false);
    expect(calls.toast).not.toHaveBeenCalled();
  });

  it('[RP-8.07] a failed check shows the server message, else the connection text, with Close', async () => {
    const calls = gateway();
    calls.check.mockRejectedValueOnce(bankDown());
    const actor = start(calls);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The beneficiary bank is not available');
    actor.send({ type: 'CLOSE' });
    expect(isDialogOpen(actor.getSnapshot())).toBe(false);

    const offline = gateway();
    offline.check.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const second = start(offline);
    await waitFor(second, (snapshot) => snapshot.matches('failed'));
    expect(second.getSnapshot().context.error).toBe(CONNECTION_TEXT);
  });

  describe('closing', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('[RP-4.19] after a re-initiate the table refetches 300 ms after the dialog closes', async () => {
      const calls = gateway();
      calls.check.mockResolvedValueOnce(notFound());
      calls.reinitiate.mockResolvedValueOnce();
      const actor = start(calls);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('result')).toBe(true));
      actor.send({ type: 'REINITIATE' });
      actor.send({ type: 'YES' });
      await vi.waitFor(() => expect(actor.getSnapshot().context.updated).toBe(true));
      actor.send({ type: 'CLOSE' });
      expect(isDialogOpen(actor.getSnapshot())).toBe(false);
      vi.advanceTimersByTime(299);
      expect(calls.refetch).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(calls.refetch).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ updated: true });
    });

    it('closing without a request sent refetches nothing', async () => {
      const calls = gateway();
      calls.check.mockResolvedValueOnce(paid());
      const actor = start(calls);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('result')).toBe(true));
      actor.send({ type: 'CLOSE' });
      vi.advanceTimersByTime(300);
      expect(calls.refetch).not.toHaveBeenCalled();
      expect(actor.getSnapshot().output).toEqual({ updated: false });
    });
  });
});
