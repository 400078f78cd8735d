import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AwaitingApproval } from '../../../api/approvals/pending';
import { pendingApproval } from '../../../api/test-support/approvals';
import { ApiError, SessionExpiredError } from '../../../api/errors';
import { topUpEntryValidator } from './top-up-form';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { validateFormValues } from '../../../render/form/form-errors';
import {
  REQUEST_TIMEOUT_MS,
  canSubmit,
  confirmation,
  isBusy,
  stepIndex,
  topUpMachine,
  type ConfirmTransactionInput,
  type CreateTransactionInput,
  type ResendOtpInput,
  type TopUpInput,
  type TopUpKind,
  type WalletTransaction,
} from '../../../flows/top-up.machine';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';
/** The contract's confirmWalletTransaction: the 5th wrong code fails the transaction (`otp_attempts_exhausted`). */
const WRONG_CODES_TO_FAIL = 5;

// The amount and loan id rules are the top-up form's: the machine is tested with its precompiled validator.
const topUpForm = await loadCompiledForm('top-up');
const formValidator = (kind: TopUpKind) => topUpEntryValidator((values) => validateFormValues(topUpForm, values), kind);

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function pending(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: 't-5002',
    fee: '2.00',
    referenceNumber: 'WT20240301000124',
    transactionDate: '2024-03-01T10:05:00Z',
    amount: '500.00',
    currency: 'GMD',
    status: 'PENDING',
    type: 1,
    ...overrides,
  };
}

const completedTransaction = (overrides: Partial<WalletTransaction> = {}) =>
  pending({ status: 'COMPLETED', transactionDate: '2024-03-01T10:06:00Z', ...overrides });

const wrongCode = () =>
  new ApiError(422, [
    { status: '422', title: 'Invalid OTP entered!', source: { pointer: '/data/attributes/Otp' } },
  ]);
const networkDown = () => new TypeError('Failed to fetch');
/** The gateway adds a machine-readable `code` the client's error type does not declare. */
const notPendingError = { status: '409', title: 'Transaction is no longer pending', code: 'not_pending' };

/** The fake gateway: each call answers what the test queued, or waits forever. */
function gateway() {
  return {
    create: vi.fn<(input: CreateTransactionInput) => Promise<WalletTransaction>>(() => new Promise(() => {})),
    confirm: vi.fn<(input: ConfirmTransactionInput) => Promise<WalletTransaction>>(() => new Promise(() => {})),
    resend: vi.fn<(input: ResendOtpInput) => Promise<void>>(() => new Promise(() => {})),
    toast: vi.fn<(text: string) => void>(),
  };
}
type Gateway = ReturnType<typeof gateway>;

function keySequence() {
  let next = 0;
  return () => `key-${++next}`;
}

function start(input: Partial<TopUpInput> = {}, calls: Gateway = gateway()) {
  const machine = topUpMachine.provide({
    actors: {
      createTransaction: fromPromise<WalletTransaction, CreateTransactionInput>(({ input: body }) => calls.create(body)),
      confirmTransaction: fromPromise<WalletTransaction, ConfirmTransactionInput>(({ input: body }) => calls.confirm(body)),
      resendOtp: fromPromise<void, ResendOtpInput>(({ input: body }) => calls.resend(body)),
    },
    actions: { notifySuccess: (_, params) => calls.toast(params.text) },
  });
  const actor = createActor(machine, {
    input: {
      kind: 'topUp',
      receiverUserId: 'u-1001',
      currency: 'GMD',
      createKey: keySequence(),
      validateEntry: formValidator(input.kind ?? 'topUp'),
      ...input,
    },
  }).start();
  return { actor, calls };
}

type Started = ReturnType<typeof start>;

/** Lets resolved promises reach the machine. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function enter({ actor }: Started, values: { amount?: string; remarks?: string; loanId?: string }) {
  for (const [field, value] of Object.entries(values)) {
    if (field === 'amount' || field === 'remarks' || field === 'loanId') actor.send({ type: 'EDIT', field, value });
  }
}

/** From a fresh modal to the code step. */
async function toCodeStep(started: Started, values: { amount?: string; remarks?: string; loanId?: string } = { amount: '500' }) {
  started.calls.create.mockResolvedValueOnce(pending());
  enter(started, values);
  started.actor.send({ type: 'SUBMIT' });
  await settle();
  started.actor.send({ type: 'PROCEED' });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('top-up happy paths (users-and-wallets §4)', () => {
  it('[UW-4.28] [UW-4.30] [UW-4.31] [UW-4.33] [UW-4.35] [UW-4.36] [UW-4.37] [UW-4.38] a top-up walks every step to the confirmation', async () => {
    const started = start();
    const { actor, calls } = started;
    expect(actor.getSnapshot().matches('entry')).toBe(true);
    expect(stepIndex(actor.getSnapshot())).toBe(0);

    enter(started, { amount: '500', remarks: 'Branch deposit' });
    const create = deferred<WalletTransaction>();
    calls.create.mockReturnValueOnce(create.promise);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(calls.create).toHaveBeenCalledWith({
      idempotencyKey: 'key-1',
      attributes: { Amount: '500', ReceiverUserId: 'u-1001', Currency: 'GMD', Remarks: 'Branch deposit', template: 'topup' },
    });

    create.resolve(pending());
    await settle();
    expect(actor.getSnapshot().matches('feeReview')).toBe(true);
    expect(stepIndex(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().context.transaction).toMatchObject({ id: 't-5002', fee: '2.00', referenceNumber: 'WT20240301000124' });

    actor.send({ type: 'PROCEED' });
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(stepIndex(actor.getSnapshot())).toBe(2);
    expect(canSubmit(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'ENTER_CODE', value: '482913' });
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    calls.confirm.mockResolvedValueOnce(completedTransaction());
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(calls.confirm).toHaveBeenCalledWith({ id: 't-5002', otp: '482913' });

    await settle();
    expect(actor.getSnapshot().matches('completed')).toBe(true);
    expect(stepIndex(actor.getSnapshot())).toBe(3);
    expect(calls.toast).toHaveBeenCalledWith('Transaction Completed');
    expect(confirmation(actor.getSnapshot())).toEqual({
      referenceNumber: 'WT20240301000124',
      transactionDate: '2024-03-01T10:06:00Z',
      amount: '500.00',
      fee: '2.00',
      currency: 'GMD',
    });

    actor.send({ type: 'OK' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ refreshNeeded: true, transaction: completedTransaction() });
  });

  it('[UW-4.40] [UW-4.41] cash-out sends the amount negative', async () => {
    const started = start({ kind: 'cashOut' });
    const { actor, calls } = started;
    enter(started, { amount: '200', remarks: 'Cash out at branch' });
    calls.create.mockResolvedValueOnce(pending({ amount: '200.00', type: 256 }));
    actor.send({ type: 'SUBMIT' });
    expect(calls.create.mock.calls[0]?.[0].attributes).toEqual({
      Amount: '-200',
      ReceiverUserId: 'u-1001',
      Currency: 'GMD',
      Remarks: 'Cash out at branch',
      template: 'cashout',
    });
    await settle();
    actor.send({ type: 'PROCEED' });
    actor.send({ type: 'ENTER_CODE', value: '111111' });
    calls.confirm.mockResolvedValueOnce(completedTransaction({ amount: '200.00', type: 256 }));
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().matches('completed')).toBe(true);
    expect(confirmation(actor.getSnapshot())?.amount).toBe('200.00');
  });

  it('[UW-4.29] the loan cash-in sends the loan id and walks to the confirmation', async () => {
    const started = start({ kind: 'loan' });
    const { actor, calls } = started;
    enter(started, { amount: '1000', loanId: ' LN-2024-001 ' });
    calls.create.mockResolvedValueOnce(pending({ type: 32 }));
    actor.send({ type: 'SUBMIT' });
    expect(calls.create.mock.calls[0]?.[0].attributes).toEqual({
      Amount: '1000',
      ReceiverUserId: 'u-1001',
      Currency: 'GMD',
      ExternalId: 'LN-2024-001',
      template: 'loan',
    });
    await settle();
    actor.send({ type: 'PROCEED' });
    actor.send({ type: 'ENTER_CODE', value: '222222' });
    calls.confirm.mockResolvedValueOnce(completedTransaction({ type: 32 }));
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().matches('completed')).toBe(true);
    expect(calls.toast).toHaveBeenCalledWith('Transaction Completed');
  });

  it('[UW-4.29] top-up and cash-out neither ask for nor send a loan id', () => {
    for (const kind of ['topUp', 'cashOut'] as const) {
      const started = start({ kind });
      enter(started, { amount: '5', loanId: 'x' });
      started.actor.send({ type: 'SUBMIT' });
      expect(started.actor.getSnapshot().matches('verifying')).toBe(true);
      expect(started.calls.create.mock.calls[0]?.[0].attributes).not.toHaveProperty('ExternalId');
    }
  });

  it('sends the chosen top-up service instead of the template, and leaves out an absent currency', () => {
    const started = start({ serviceId: 's-7', currency: undefined });
    enter(started, { amount: '0050' });
    started.actor.send({ type: 'SUBMIT' });
    expect(started.calls.create.mock.calls[0]?.[0].attributes).toEqual({
      Amount: '50',
      ReceiverUserId: 'u-1001',
      ServiceId: 's-7',
    });
  });

  it('makes a UUID idempotency key when none is injected', () => {
    const { actor, calls } = start({ createKey: undefined });
    actor.send({ type: 'EDIT', field: 'amount', value: '1' });
    actor.send({ type: 'SUBMIT' });
    expect(calls.create.mock.calls[0]?.[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('amount and loan id validation (users-and-wallets §5)', () => {
  it('[UW-5.48] an empty amount shows the message and sends nothing', () => {
    const { actor, calls } = start();
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('entry')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ amount: 'Invalid Value. Whole numbers only.' });
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('[UW-5.49] decimals and signs are rejected with the same message', () => {
    for (const amount of ['12.5', '-5', '1e3', '1 000', ' 5']) {
      const started = start();
      enter(started, { amount });
      expect(canSubmit(started.actor.getSnapshot())).toBe(false);
      started.actor.send({ type: 'SUBMIT' });
      expect(started.actor.getSnapshot().context.errors.amount).toBe('Invalid Value. Whole numbers only.');
      expect(started.calls.create).not.toHaveBeenCalled();
    }
  });

  it('[UW-5.50] the amount has 1 to 20 digits (21 rejected)', () => {
    const twentyOne = start();
    enter(twentyOne, { amount: '1'.repeat(21) });
    twentyOne.actor.send({ type: 'SUBMIT' });
    expect(twentyOne.actor.getSnapshot().matches('entry')).toBe(true);
    for (const amount of ['1', '9'.repeat(20)]) {
      const started = start();
      enter(started, { amount });
      started.actor.send({ type: 'SUBMIT' });
      expect(started.actor.getSnapshot().matches('verifying')).toBe(true);
      expect(started.calls.create.mock.calls[0]?.[0].attributes.Amount).toBe(amount);
    }
  });

  it('[UW-5.51] the loan type needs a loan id', () => {
    const started = start({ kind: 'loan' });
    enter(started, { amount: '100' });
    started.actor.send({ type: 'SUBMIT' });
    expect(started.actor.getSnapshot().context.errors).toEqual({ loanId: 'Loan ID is required.' });
    expect(started.calls.create).not.toHaveBeenCalled();
  });

  it('[UW-5.52] the loan id has 3 to 20 characters (2 and 21 rejected)', () => {
    for (const loanId of ['ab', 'x'.repeat(21)]) {
      const started = start({ kind: 'loan' });
      enter(started, { amount: '100', loanId });
      started.actor.send({ type: 'SUBMIT' });
      expect(started.actor.getSnapshot().context.errors.loanId).toBe('Loan ID is required.');
    }
    for (const loanId of ['abc', 'x'.repeat(20)]) {
      const started = start({ kind: 'loan' });
      enter(started, { amount: '100', loanId });
      started.actor.send({ type: 'SUBMIT' });
      expect(started.actor.getSnapshot().matches('verifying')).toBe(true);
    }
  });

  it('[UW-5.53] remarks are free text, sent as typed, left out when empty', () => {
    const started = start();
    enter(started, { amount: '10', remarks: 'Paid in €, ref #12 <ok> ✓' });
    started.actor.send({ type: 'SUBMIT' });
    expect(started.calls.create.mock.calls[0]?.[0].attributes.Remarks).toBe('Paid in €, ref #12 <ok> ✓');
    const blank = start();
    enter(blank, { amount: '10', remarks: '   ' });
    blank.actor.send({ type: 'SUBMIT' });
    expect(blank.calls.create.mock.calls[0]?.[0].attributes).not.toHaveProperty('Remarks');
  });

  it('[UW-5.64] shown errors follow the edits and clear once the amount is valid', () => {
    const started = start();
    started.actor.send({ type: 'SUBMIT' });
    enter(started, { amount: '1.5' });
    expect(started.actor.getSnapshot().context.errors.amount).toBe('Invalid Value. Whole numbers only.');
    enter(started, { amount: '15' });
    expect(started.actor.getSnapshot().context.errors).toEqual({});
    started.actor.send({ type: 'SUBMIT' });
    expect(started.actor.getSnapshot().matches('verifying')).toBe(true);
  });

  it('[UW-5.64] once submitted, the messages follow every edit, also back to an invalid amount', () => {
    const started = start();
    started.actor.send({ type: 'SUBMIT' });
    enter(started, { amount: '15' });
    expect(started.actor.getSnapshot().context.errors).toEqual({});
    enter(started, { amount: '15.5' });
    expect(started.actor.getSnapshot().context.errors).toEqual({ amount: 'Invalid Value. Whole numbers only.' });
  });

  it('does not show errors before the first submit', () => {
    const started = start();
    enter(started, { amount: 'abc' });
    expect(started.actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('the code step (users-and-wallets §4, §5)', () => {
  it('[UW-5.54] a code of fewer than 6 digits is invalid and Send Request does nothing', async () => {
    const started = start();
    await toCodeStep(started);
    for (const code of ['', '12345', '12345a', '1234567']) {
      started.actor.send({ type: 'ENTER_CODE', value: code });
      expect(canSubmit(started.actor.getSnapshot())).toBe(false);
      started.actor.send({ type: 'SUBMIT' });
      expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    }
    expect(started.calls.confirm).not.toHaveBeenCalled();
  });

  it('[UW-4.39] a wrong code keeps the code step open, then the right code completes', async () => {
    const started = start();
    const { actor, calls } = started;
    await toCodeStep(started);
    actor.send({ type: 'ENTER_CODE', value: '000000' });
    calls.confirm.mockRejectedValueOnce(wrongCode());
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: 'Invalid OTP entered!' });
    expect(actor.getSnapshot().context.code).toBe('');

    actor.send({ type: 'ENTER_CODE', value: '482913' });
    calls.confirm.mockResolvedValueOnce(completedTransaction());
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.alert).toBeNull();
    await settle();
    expect(actor.getSnapshot().matches('completed')).toBe(true);
    expect(calls.confirm.mock.calls.map(([input]) => input.otp)).toEqual(['000000', '482913']);
  });

  it(`[UW-4.39] ${WRONG_CODES_TO_FAIL} wrong codes make the code dead: failed, with start over and re-send`, async () => {
    const started = start();
    const { actor, calls } = started;
    await toCodeStep(started);
    for (let attempt = 1; attempt <= WRONG_CODES_TO_FAIL; attempt += 1) {
      actor.send({ type: 'ENTER_CODE', value: '000000' });
      calls.confirm.mockRejectedValueOnce(wrongCode());
      actor.send({ type: 'SUBMIT' });
      await settle();
      expect(actor.getSnapshot().matches(attempt < WRONG_CODES_TO_FAIL ? 'codeEntry' : 'failed')).toBe(true);
    }
    expect(actor.getSnapshot().context.failure).toEqual({ reason: 'deadCode', text: 'Invalid OTP entered!' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'START_OVER' })).toBe(true);

    // The contract: a new code resets the attempt count.
    calls.resend.mockResolvedValueOnce(undefined);
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches('resending')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(actor.getSnapshot().context.wrongCodes).toBe(0);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a 429 from the gateway makes the code dead with its message', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '000000' });
    started.calls.confirm.mockRejectedValueOnce(
      new ApiError(429, [{ status: '429', title: 'Too many attempts', detail: 'Try again in 60 seconds' }]),
    );
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().matches('failed')).toBe(true);
    expect(started.actor.getSnapshot().context.failure).toEqual({ reason: 'deadCode', text: 'Try again in 60 seconds' });
  });

  it('a transaction no longer pending (409) fails with the message and asks for a refresh', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '482913' });
    started.calls.confirm.mockRejectedValueOnce(
      new ApiError(409, [notPendingError]),
    );
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().context.failure).toEqual({ reason: 'notPending', text: 'Transaction is no longer pending' });
    expect(started.actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
    started.actor.send({ type: 'CLOSE' });
    expect(started.actor.getSnapshot().output?.refreshNeeded).toBe(true);
  });

  it('a transaction answered FAILED goes to failed; start over begins a new attempt with a new key', async () => {
    const started = start();
    const { actor, calls } = started;
    await toCodeStep(started, { amount: '500' });
    actor.send({ type: 'ENTER_CODE', value: '482913' });
    calls.confirm.mockResolvedValueOnce(pending({ status: 'FAILED' }));
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ reason: 'transactionFailed', text: 'The transaction failed.' });
    expect(calls.toast).not.toHaveBeenCalled();

    actor.send({ type: 'START_OVER' });
    expect(actor.getSnapshot().matches('entry')).toBe(true);
    expect(actor.getSnapshot().context.entry.amount).toBe('500');
    actor.send({ type: 'SUBMIT' });
    expect(calls.create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('a Verify Request answered FAILED goes straight to failed', async () => {
    const started = start();
    enter(started, { amount: '5' });
    started.calls.create.mockResolvedValueOnce(pending({ status: 'FAILED' }));
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().matches('failed')).toBe(true);
    expect(started.actor.getSnapshot().context.failure?.reason).toBe('transactionFailed');
    expect(started.actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
  });

  it('[UW-4.34] [UW-8.14] the re-send link sends a new code and says so in the code step', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '12' });
    const resend = deferred<void>();
    started.calls.resend.mockReturnValueOnce(resend.promise);
    started.actor.send({ type: 'RESEND' });
    expect(started.actor.getSnapshot().matches('resending')).toBe(true);
    expect(isBusy(started.actor.getSnapshot())).toBe(true);
    expect(started.calls.resend).toHaveBeenCalledWith({ id: 't-5002' });
    resend.resolve();
    await settle();
    expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({
      severity: 'success',
      text: 'OPT has successfully been sent to your registered mobile and email address.',
    });
    expect(started.actor.getSnapshot().context.code).toBe('');
  });

  it('[UW-4.34] a failed re-send shows the server message in the code step', async () => {
    const started = start();
    await toCodeStep(started);
    started.calls.resend.mockRejectedValueOnce(new ApiError(429, [{ status: '429', title: 'Too many attempts' }]));
    started.actor.send({ type: 'RESEND' });
    await settle();
    expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: 'Too many attempts' });
  });

  it('a re-send that does not answer in 30 s returns to the code step with the connection text', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);
  });

  it('[UW-8.19] other confirmation errors show in the alert and keep the code step', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '482913' });
    started.calls.confirm.mockRejectedValueOnce(new ApiError(403, [{ status: '403', title: 'Forbidden' }]));
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: 'Forbidden' });
    expect(started.actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
  });
});

describe('errors, retries and idempotency (users-and-wallets §4, §8)', () => {
  it('a Verify Request a four-eyes rule holds back waits for approval: no fees, no code, no success toast; Ok closes', async () => {
    const started = start();
    enter(started, { amount: '15000' });
    const approval = pendingApproval();
    started.calls.create.mockRejectedValueOnce(new AwaitingApproval(approval));
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    const snapshot = started.actor.getSnapshot();
    expect(snapshot.matches('awaitingApproval')).toBe(true);
    expect(snapshot.context.approval).toEqual(approval);
    expect(snapshot.context.alert).toBeNull();
    expect(snapshot.can({ type: 'PROCEED' })).toBe(false);
    expect(started.calls.toast).not.toHaveBeenCalled();
    started.actor.send({ type: 'OK' });
    expect(started.actor.getSnapshot().status).toBe('done');
    expect(started.actor.getSnapshot().output).toEqual({ refreshNeeded: false, transaction: null });
  });

  it('[UW-8.18] a refused Verify Request shows the server message in the alert', async () => {
    const started = start({ kind: 'cashOut' });
    enter(started, { amount: '999999' });
    started.calls.create.mockRejectedValueOnce(
      new ApiError(422, [{ status: '422', title: 'Insufficient balance', source: { pointer: '/data/attributes/Amount' } }]),
    );
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().matches('entry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: 'Insufficient balance' });
    expect(started.actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    started.actor.send({ type: 'DISMISS_ALERT' });
    expect(started.actor.getSnapshot().context.alert).toBeNull();
  });

  it('[UW-8.01] a network error on Verify Request shows the connection text; RETRY re-sends with the same key', async () => {
    const started = start();
    enter(started, { amount: '500' });
    started.calls.create.mockRejectedValueOnce(networkDown());
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().matches('entry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: CONNECTION_TEXT });

    started.calls.create.mockResolvedValueOnce(pending());
    started.actor.send({ type: 'RETRY' });
    expect(started.actor.getSnapshot().context.alert).toBeNull();
    await settle();
    expect(started.actor.getSnapshot().matches('feeReview')).toBe(true);
    const [first, second] = started.calls.create.mock.calls.map(([input]) => input);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.attributes).toEqual(first?.attributes);
  });

  it('a 5xx or an in-flight 409 on Verify Request may have landed: RETRY keeps the key', async () => {
    for (const error of [new ApiError(503, []), new ApiError(409, [{ status: '409', title: 'Request in progress' }])]) {
      const started = start();
      enter(started, { amount: '7' });
      started.calls.create.mockRejectedValueOnce(error);
      started.actor.send({ type: 'SUBMIT' });
      await settle();
      started.actor.send({ type: 'RETRY' });
      const keys = started.calls.create.mock.calls.map(([input]) => input.idempotencyKey);
      expect(keys).toEqual(['key-1', 'key-1']);
    }
  });

  it('a session expiry shows its text and offers no retry', async () => {
    const started = start();
    enter(started, { amount: '7' });
    started.calls.create.mockRejectedValueOnce(new SessionExpiredError());
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().context.alert?.text).toBe('Session has expired.  You will be logged-off.');
    expect(started.actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
  });

  it('editing after a failure starts a new attempt with a new key; the first body keeps its key', async () => {
    const started = start();
    enter(started, { amount: '500' });
    started.calls.create.mockRejectedValueOnce(networkDown());
    started.actor.send({ type: 'SUBMIT' });
    await settle();

    enter(started, { amount: '600' });
    expect(started.actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    started.calls.create.mockRejectedValueOnce(networkDown());
    started.actor.send({ type: 'SUBMIT' });
    await settle();

    enter(started, { amount: '500' });
    started.actor.send({ type: 'SUBMIT' });
    expect(started.calls.create.mock.calls.map(([input]) => [input.idempotencyKey, input.attributes.Amount])).toEqual([
      ['key-1', '500'],
      ['key-2', '600'],
      ['key-1', '500'],
    ]);
  });

  it('a double Verify Request creates one transaction', async () => {
    const started = start();
    enter(started, { amount: '500' });
    started.actor.send({ type: 'SUBMIT' });
    started.actor.send({ type: 'SUBMIT' });
    started.actor.send({ type: 'RETRY' });
    expect(started.calls.create).toHaveBeenCalledTimes(1);
  });

  it('a double Send Request confirms once', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '482913' });
    started.actor.send({ type: 'SUBMIT' });
    started.actor.send({ type: 'SUBMIT' });
    started.actor.send({ type: 'RESEND' });
    expect(started.calls.confirm).toHaveBeenCalledTimes(1);
    expect(started.calls.resend).not.toHaveBeenCalled();
  });

  it('a Verify Request without an answer in 30 s leaves the busy state with the connection text; RETRY keeps the key', async () => {
    const started = start();
    enter(started, { amount: '500' });
    const late = deferred<WalletTransaction>();
    started.calls.create.mockReturnValueOnce(late.promise);
    started.actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(started.actor.getSnapshot().matches('verifying')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.actor.getSnapshot().matches('entry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: CONNECTION_TEXT });

    // The first answer arriving late changes nothing.
    late.resolve(pending());
    await settle();
    expect(started.actor.getSnapshot().matches('entry')).toBe(true);

    started.calls.create.mockResolvedValueOnce(pending());
    started.actor.send({ type: 'RETRY' });
    await settle();
    expect(started.actor.getSnapshot().matches('feeReview')).toBe(true);
    expect(started.calls.create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('a Send Request without an answer in 30 s returns to the code step; RETRY sends the same code', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '482913' });
    started.actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);

    started.calls.confirm.mockResolvedValueOnce(completedTransaction());
    started.actor.send({ type: 'RETRY' });
    await settle();
    expect(started.actor.getSnapshot().matches('completed')).toBe(true);
    expect(started.calls.confirm.mock.calls.map(([input]) => input)).toEqual([
      { id: 't-5002', otp: '482913' },
      { id: 't-5002', otp: '482913' },
    ]);
  });

  it('[UW-8.01] a network error on Send Request shows the connection text; RETRY sends the same code', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '482913' });
    started.calls.confirm.mockRejectedValueOnce(networkDown());
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(started.actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(started.actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);
    started.calls.confirm.mockResolvedValueOnce(completedTransaction());
    started.actor.send({ type: 'RETRY' });
    await settle();
    expect(started.actor.getSnapshot().matches('completed')).toBe(true);
    expect(started.calls.confirm).toHaveBeenCalledTimes(2);
  });

  it('BACK from the fees re-sends the same body with the same key, an edited one with a new key', async () => {
    const { actor, calls } = start();
    calls.create.mockResolvedValue(pending());
    actor.send({ type: 'EDIT', field: 'amount', value: '500' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('entry')).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'BACK' });
    actor.send({ type: 'EDIT', field: 'amount', value: '450' });
    actor.send({ type: 'SUBMIT' });
    expect(calls.create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
  });
});

describe('closing the modal (users-and-wallets §4 step 5)', () => {
  it('closing before anything was sent needs no refresh', () => {
    const { actor } = start();
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ refreshNeeded: false, transaction: null });
  });

  it('closing with a pending transaction refreshes the list (the pending row appears)', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'CLOSE' });
    expect(started.actor.getSnapshot().output).toEqual({ refreshNeeded: true, transaction: null });
  });

  it('closing while Send Request is under way refreshes (money may have moved)', async () => {
    const started = start();
    await toCodeStep(started);
    started.actor.send({ type: 'ENTER_CODE', value: '482913' });
    started.actor.send({ type: 'SUBMIT' });
    started.actor.send({ type: 'CLOSE' });
    expect(started.actor.getSnapshot().output?.refreshNeeded).toBe(true);
  });
});

describe('resuming a PENDING transaction: the OTP action (users-and-wallets §4, remittances-and-payouts §2)', () => {
  const resume = (calls?: Gateway) => start({ pending: pending({ id: 't-7001', referenceNumber: 'WT20240301007001' }) }, calls);

  it('[RP-2.53] starts at the code step holding the transaction, without creating one', () => {
    const { actor, calls } = resume();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('codeEntry')).toBe(true);
    expect(stepIndex(snapshot)).toBe(2);
    expect(snapshot.context.transaction?.id).toBe('t-7001');
    expect(snapshot.can({ type: 'RESEND' })).toBe(true);
    expect(snapshot.can({ type: 'BACK' })).toBe(false);
    expect(snapshot.can({ type: 'PROCEED' })).toBe(false);
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('[RP-2.53] the right code confirms that transaction and completes; OK closes with a refresh', async () => {
    const { actor, calls } = resume();
    actor.send({ type: 'ENTER_CODE', value: '12345' });
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ENTER_CODE', value: '482913' });
    calls.confirm.mockResolvedValueOnce(completedTransaction({ id: 't-7001', referenceNumber: 'WT20240301007001' }));
    actor.send({ type: 'SUBMIT' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('completed')).toBe(true);
    expect(calls.confirm.mock.calls.map(([input]) => input)).toEqual([{ id: 't-7001', otp: '482913' }]);
    expect(calls.toast).toHaveBeenCalledWith('Transaction Completed');
    expect(confirmation(actor.getSnapshot())?.referenceNumber).toBe('WT20240301007001');
    actor.send({ type: 'OK' });
    expect(actor.getSnapshot().output).toMatchObject({ refreshNeeded: true, transaction: { id: 't-7001' } });
  });

  it('[RP-2.53] the re-send link asks for a new code for that transaction', async () => {
    const { actor, calls } = resume();
    calls.resend.mockResolvedValueOnce(undefined);
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches('resending')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(actor.getSnapshot().context.alert?.text).toBe('OPT has successfully been sent to your registered mobile and email address.');
    expect(calls.resend.mock.calls.map(([input]) => input)).toEqual([{ id: 't-7001' }]);
  });

  it('a wrong code keeps the code step; a dead code offers re-send but no start over', async () => {
    const { actor, calls } = resume();
    for (let attempt = 1; attempt <= WRONG_CODES_TO_FAIL; attempt += 1) {
      actor.send({ type: 'ENTER_CODE', value: '000000' });
      calls.confirm.mockRejectedValueOnce(wrongCode());
      actor.send({ type: 'SUBMIT' });
      await settle();
      expect(actor.getSnapshot().matches(attempt < WRONG_CODES_TO_FAIL ? 'codeEntry' : 'failed')).toBe(true);
      expect(actor.getSnapshot().context.alert?.text ?? actor.getSnapshot().context.failure?.text).toBe('Invalid OTP entered!');
    }
    expect(actor.getSnapshot().can({ type: 'START_OVER' })).toBe(false);
    actor.send({ type: 'START_OVER' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    calls.resend.mockResolvedValueOnce(undefined);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(actor.getSnapshot().context.transaction?.id).toBe('t-7001');
  });

  it('a Send Request without an answer in 30 s returns to the code step; RETRY sends the same code', async () => {
    const { actor, calls } = resume();
    actor.send({ type: 'ENTER_CODE', value: '482913' });
    actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);
    calls.confirm.mockResolvedValueOnce(completedTransaction({ id: 't-7001' }));
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().matches('completed')).toBe(true);
    expect(calls.confirm.mock.calls.map(([input]) => input.otp)).toEqual(['482913', '482913']);
  });

  it('a re-send without an answer in 30 s returns to the code step with the connection text', async () => {
    const { actor } = resume();
    actor.send({ type: 'RESEND' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);
  });

  it('a transaction no longer pending (409) fails without start over or re-send', async () => {
    const { actor, calls } = resume();
    actor.send({ type: 'ENTER_CODE', value: '482913' });
    calls.confirm.mockRejectedValueOnce(new ApiError(409, [notPendingError]));
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure?.reason).toBe('notPending');
    expect(actor.getSnapshot().can({ type: 'START_OVER' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'RESEND' })).toBe(false);
  });

  it('closing before a code was sent needs no refresh; closing during Send Request does', async () => {
    const untouched = resume().actor;
    untouched.send({ type: 'CLOSE' });
    expect(untouched.getSnapshot().output).toEqual({ refreshNeeded: false, transaction: null });

    const { actor } = resume();
    actor.send({ type: 'ENTER_CODE', value: '482913' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output?.refreshNeeded).toBe(true);
  });
});
