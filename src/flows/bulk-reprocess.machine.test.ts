import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AwaitingApproval } from '../api/approvals/pending';
import { pendingApproval } from '../api/test-support/approvals';
import { ApiError } from '../api/errors';
import { bulkReprocessMachine, reprocessBody, type ReprocessRequest, type ReprocessResult } from './bulk-reprocess.machine';

const TODAY = new Date(2026, 10, 22, 9, 30);

function gateway() {
  return {
    reprocess: vi.fn<(input: ReprocessRequest) => Promise<ReprocessResult>>(() => new Promise(() => {})),
    success: vi.fn<(title: string, text: string) => void>(),
    info: vi.fn<(title: string, text: string) => void>(),
  };
}
type Gateway = ReturnType<typeof gateway>;

function keys() {
  let next = 0;
  return () => `key-${++next}`;
}

function start(calls: Gateway) {
  const machine = bulkReprocessMachine.provide({
    actors: { reprocess: fromPromise<ReprocessResult, ReprocessRequest>(({ input }) => calls.reprocess(input)) },
    actions: {
      notifySuccess: (_, params: { title: string; text: string }) => calls.success(params.title, params.text),
      notifyInfo: (_, params: { title: string; text: string }) => calls.info(params.title, params.text),
    },
  });
  return createActor(machine, { input: { createKey: keys(), today: () => TODAY } }).start();
}

const rejected = () =>
  new ApiError(422, [
    { status: '422', title: 'filter[startdate] is required', source: { parameter: 'filter[startdate]' } },
    { status: '422', title: 'filter[enddata] is required', source: { parameter: 'filter[enddata]' } },
  ]);

describe('bulkReprocessMachine', () => {
  it('[RP-4.24] idle, then loading on submit', () => {
    const calls = gateway();
    const actor = start(calls);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 50 } });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('[RP-4.27][RP-7.19] by count: the window is yesterday to today, as startdate and enddata, YYYY-MM-DD', () => {
    const calls = gateway();
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 50 } });
    expect(calls.reprocess).toHaveBeenCalledWith({
      idempotencyKey: 'key-1',
      attributes: { numberOfTransactions: 50 },
      window: { 'filter[startdate]': '2026-11-21', 'filter[enddata]': '2026-11-22' },
    });
  });

  it('[RP-4.28] days back: the window is that many days before today, ending today', () => {
    expect(reprocessBody({ kind: 'days', days: 1 }, TODAY).window).toEqual({ 'filter[startdate]': '2026-11-21', 'filter[enddata]': '2026-11-22' });
    expect(reprocessBody({ kind: 'days', days: 366 }, TODAY).window).toEqual({ 'filter[startdate]': '2025-11-21', 'filter[enddata]': '2026-11-22' });
  });

  it("[RP-4.29] selected reprocessing sends the ticked rows' transactionIds and no window", () => {
    const calls = gateway();
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'selected', transactionIds: ['r-7001', 'r-7002'] } });
    expect(calls.reprocess).toHaveBeenCalledWith({ idempotencyKey: 'key-1', attributes: { transactionIds: ['r-7001', 'r-7002'] }, window: null });
  });

  it("[RP-4.25][RP-8.08] loading, then finished with the result map and count: 'Bulk Reprocessing Finished!'", async () => {
    const calls = gateway();
    calls.reprocess.mockResolvedValueOnce({ count: 2, results: { 'r-7001': 'queued', 'r-7002': 'queued' } });
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 10 } });
    await waitFor(actor, (snapshot) => snapshot.matches('finished'));
    expect(actor.getSnapshot().context.results).toEqual({ 'r-7001': 'queued', 'r-7002': 'queued' });
    expect(actor.getSnapshot().context.count).toBe(2);
    expect(calls.success).toHaveBeenCalledWith('Bulk Reprocessing Finished!', '2 transactions re-processed.');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ reprocessed: true });
  });

  it("[RP-4.26][RP-8.09] loading, then error with an empty result: 'Bulk Reprocessing Executed!' with the server's messages", async () => {
    const calls = gateway();
    calls.reprocess.mockRejectedValueOnce(rejected());
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'days', days: 3 } });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    expect(actor.getSnapshot().context.results).toEqual({});
    expect(actor.getSnapshot().context.error).toBe('filter[startdate] is required. filter[enddata] is required.');
    expect(calls.info).toHaveBeenCalledWith('Bulk Reprocessing Executed!', 'filter[startdate] is required. filter[enddata] is required.');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ reprocessed: false });
  });

  it('a run a four-eyes rule holds back waits for approval: nothing re-processed, no toast, the table does not refetch', async () => {
    const calls = gateway();
    const approval = pendingApproval({ operationId: 'republishPayouts', summary: 'Reprocess 2 selected transactions' });
    calls.reprocess.mockRejectedValueOnce(new AwaitingApproval(approval));
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'selected', transactionIds: ['1', '2'] } });
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingApproval'));
    expect(actor.getSnapshot().context.approval).toEqual(approval);
    expect(calls.success).not.toHaveBeenCalled();
    expect(calls.info).not.toHaveBeenCalled();
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ reprocessed: false });
  });

  it('a retry of the same request goes with the same Idempotency-Key; another request gets a new one', async () => {
    const calls = gateway();
    calls.reprocess.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 5 } });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 5 } });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 6 } });
    expect(calls.reprocess.mock.calls.map(([request]) => request.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('nothing more is sent while a run is loading or once it finished', async () => {
    const calls = gateway();
    calls.reprocess.mockResolvedValueOnce({ count: 0, results: {} });
    const actor = start(calls);
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 5 } });
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 5 } });
    await waitFor(actor, (snapshot) => snapshot.matches('finished'));
    actor.send({ type: 'SUBMIT', choice: { kind: 'count', numberOfTransactions: 5 } });
    expect(calls.reprocess).toHaveBeenCalledTimes(1);
    expect(calls.success).toHaveBeenCalledWith('Bulk Reprocessing Finished!', '0 transactions re-processed.');
  });
});
