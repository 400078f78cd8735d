// users-and-wallets §4 top-up flow, for the Top-up / Cash Out / Cash In Loan modal: amount → Verify Request → fees →
// one-time code → Send Request → confirmation. No money moves before the code is confirmed (contract:
// createWalletTransaction), and one idempotency key per attempt means a double click or a retry never makes two.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../api/gateway';
import { isAwaitingApproval, type Approval } from '../api/approvals/pending';
import { ApiError } from '../api/errors';
import { CONNECTION_ERROR, errorText, hasStatus, mayHaveLanded } from './failures';

type Schemas = components['schemas'];

export type TopUpKind = 'topUp' | 'cashOut' | 'loan';
export type WalletTransactionAttributes = Schemas['WalletTransactionRequest']['data']['attributes'];
/** The transaction as createWalletTransaction and confirmWalletTransaction answer it. */
export type WalletTransaction = { id: string } & Schemas['WalletTransactionResultDocument']['data']['attributes'];

export interface CreateTransactionInput {
  /** Sent as the Idempotency-Key header; the same for every retry of one attempt. */
  idempotencyKey: string;
  attributes: WalletTransactionAttributes;
}
export interface ConfirmTransactionInput {
  id: string;
  otp: string;
}
export interface ResendOtpInput {
  id: string;
}

export const TOP_UP_TEXT = {
  titles: { topUp: 'Top-up', cashOut: 'Cash Out', loan: 'Cash In Loan' } satisfies Record<TopUpKind, string>,
  verify: 'Verify Request',
  feesHeading: 'Transaction details and fees',
  send: 'Send Request',
  ok: 'Ok',
  invalidOtp: 'Invalid OTP entered!',
  otpResent: 'OPT has successfully been sent to your registered mobile and email address.',
  completed: 'Transaction Completed',
  // Not quoted by the spec: a transaction the gateway answers FAILED.
  failed: 'The transaction failed.',
  connection: CONNECTION_ERROR,
} as const;

/** users-and-wallets §5 and the contract's attempt limit: after this many wrong codes the code is dead. */
export const MAX_WRONG_CODES = 5;
/** A Verify Request or Send Request that has not answered by then is treated as a connection failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

const TEMPLATES = { topUp: 'topup', cashOut: 'cashout', loan: 'loan' } as const satisfies Record<TopUpKind, string>;

export interface TopUpEntry {
  amount: string;
  remarks: string;
  loanId: string;
}
export type EntryField = keyof TopUpEntry;
export type EntryErrors = Partial<Record<EntryField, string>>;
/** The top-up form's precompiled validator over the entry (users-and-wallets §5): field to message, {} when valid. */
export type EntryValidator = (entry: TopUpEntry) => EntryErrors;

function entryIsValid(context: Pick<TopUpContext, 'entry' | 'validateEntry'>): boolean {
  return Object.keys(context.validateEntry(context.entry)).length === 0;
}

export const OTP_PATTERN = /^[0-9]{6}$/;

export interface TopUpInput {
  kind: TopUpKind;
  receiverUserId: string;
  currency?: string;
  serviceId?: string;
  /** The amount and loan id rules: the top-up form's (schemas/forms/top-up.json). */
  validateEntry: EntryValidator;
  /** Makes idempotency keys; a UUID by default. */
  createKey?: () => string;
  /**
   * A PENDING transaction to resume at its code step: the OTP action of a transaction list (users-and-wallets §4,
   * remittances-and-payouts §2 "OTP entry"). Nothing is created; only the code, re-send and Send Request remain.
   */
  pending?: WalletTransaction;
}

export interface TopUpAlert {
  severity: 'error' | 'success';
  text: string;
}

export type TopUpFailureReason = 'transactionFailed' | 'deadCode' | 'notPending';
export interface TopUpFailure {
  reason: TopUpFailureReason;
  text: string;
}

interface SentAttempt {
  body: string;
  key: string;
}

export interface TopUpContext {
  kind: TopUpKind;
  receiverUserId: string;
  currency: string | null;
  serviceId: string | null;
  entry: TopUpEntry;
  /** The amount step's messages: none until the user tries to submit, then they follow the edits. */
  errors: EntryErrors;
  /** The user tried to submit this amount step (it is left for the fees, or started over, to reset). */
  submitted: boolean;
  /** The key of the current attempt. */
  idempotencyKey: string;
  /** Every request body sent in this attempt series, with its key: the same body always goes with the same key. */
  sentAttempts: SentAttempt[];
  /** The PENDING transaction Verify Request created, or the one the machine resumed. */
  transaction: WalletTransaction | null;
  /** Started from input.pending: there is no amount step to return to, so no start over. */
  resumed: boolean;
  code: string;
  wrongCodes: number;
  /** The confirmed transaction, for the confirmation view. */
  completed: WalletTransaction | null;
  /** A four-eyes rule held Verify Request back: the pending approval, for the waiting view. */
  approval: Approval | null;
  alert: TopUpAlert | null;
  /** The last request may have landed: RETRY re-sends it (same key, same code). */
  retryable: boolean;
  failure: TopUpFailure | null;
  /** A transaction may exist or money may have moved: the user and the list need a refresh on close. */
  refreshNeeded: boolean;
  validateEntry: EntryValidator;
  createKey: () => string;
}

export type TopUpEvent =
  | { type: 'EDIT'; field: EntryField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'PROCEED' }
  | { type: 'BACK' }
  | { type: 'ENTER_CODE'; value: string }
  | { type: 'RESEND' }
  | { type: 'START_OVER' }
  | { type: 'OK' }
  | { type: 'DISMISS_ALERT' }
  | { type: 'CLOSE' };

export interface TopUpOutput {
  refreshNeeded: boolean;
  /** The completed transaction, when there is one. */
  transaction: WalletTransaction | null;
}

/** The request body of Verify Request. users-and-wallets §4: cash-out sends the amount negative (the only sign flip). */
export function transactionAttributes(context: Pick<TopUpContext, 'kind' | 'receiverUserId' | 'currency' | 'serviceId' | 'entry'>): WalletTransactionAttributes {
  const { kind, entry } = context;
  const amount = entry.amount.replace(/^0+(?=[0-9])/, '');
  const attributes: WalletTransactionAttributes = {
    Amount: kind === 'cashOut' ? `-${amount}` : amount,
    ReceiverUserId: context.receiverUserId,
  };
  if (context.currency) attributes.Currency = context.currency;
  // The contract: the type comes from the chosen service, else from the modal's template.
  if (context.serviceId) attributes.ServiceId = context.serviceId;
  else attributes.template = TEMPLATES[kind];
  if (kind === 'loan') attributes.ExternalId = entry.loanId.trim();
  if (entry.remarks.trim() !== '') attributes.Remarks = entry.remarks;
  return attributes;
}

function isInvalidOtp(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 422 &&
    error.errors.some(
      (item) => item.source?.pointer?.endsWith('/Otp') === true || ('code' in item && item.code === 'invalid_otp'),
    )
  );
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`topUpMachine: provide the "${name}" actor (topUpMachine.provide({ actors: { ${name} } }))`));

type ErrorParams = { error: unknown };
const withError = ({ event }: { event: { error: unknown } }): ErrorParams => ({ error: event.error });

export const topUpMachine = setup({
  types: {
    context: {} as TopUpContext,
    events: {} as TopUpEvent,
    input: {} as TopUpInput,
    output: {} as TopUpOutput,
    tags: {} as 'busy',
  },
  actors: {
    createTransaction: fromPromise<WalletTransaction, CreateTransactionInput>(notProvided('createTransaction')),
    confirmTransaction: fromPromise<WalletTransaction, ConfirmTransactionInput>(notProvided('confirmTransaction')),
    resendOtp: fromPromise<void, ResendOtpInput>(notProvided('resendOtp')),
  },
  delays: {
    requestTimeout: REQUEST_TIMEOUT_MS,
  },
  guards: {
    entryValid: ({ context }) => entryIsValid(context),
    codeValid: ({ context }) => OTP_PATTERN.test(context.code),
    retryable: ({ context }) => context.retryable,
    transactionFailed: (_, params: { transaction: WalletTransaction }) => params.transaction.status === 'FAILED',
    mayHaveLanded: (_, { error }: ErrorParams) => mayHaveLanded(error),
    awaitingApproval: (_, { error }: ErrorParams) => isAwaitingApproval(error),
    wrongCode: (_, { error }: ErrorParams) => isInvalidOtp(error),
    lastWrongCode: ({ context }, { error }: ErrorParams) => isInvalidOtp(error) && context.wrongCodes + 1 >= MAX_WRONG_CODES,
    tooManyAttempts: (_, { error }: ErrorParams) => hasStatus(error, 429),
    notPending: (_, { error }: ErrorParams) => hasStatus(error, 409),
    codeIsDead: ({ context }) => context.failure?.reason === 'deadCode',
    resumed: ({ context }) => context.resumed,
    notResumed: ({ context }) => !context.resumed,
  },
  actions: {
    /** The UI shows the toast (src/render/notify.ts); a no-op until provided. */
    notifySuccess: (_, _params: { text: string }) => {},
    edit: assign(({ context }, params: { field: EntryField; value: string }) => {
      const entry = { ...context.entry, [params.field]: params.value };
      // A new attempt once the sent one is edited (its key must never carry another body).
      const sent = context.sentAttempts.some((attempt) => attempt.key === context.idempotencyKey);
      return {
        entry,
        errors: context.submitted ? context.validateEntry(entry) : context.errors,
        idempotencyKey: sent ? context.createKey() : context.idempotencyKey,
        // RETRY re-sends the request that failed; after an edit it is a new request (SUBMIT).
        retryable: false,
      };
    }),
    showEntryErrors: assign(({ context }) => ({ errors: context.validateEntry(context.entry), submitted: true })),
    hideEntryErrors: assign({ errors: {}, submitted: false }),
    /** The key for this body: the one it was sent with before, else the attempt's key. */
    claimKey: assign(({ context }) => {
      const body = JSON.stringify(transactionAttributes(context));
      const earlier = context.sentAttempts.find((attempt) => attempt.body === body);
      if (earlier) return { idempotencyKey: earlier.key, errors: {}, submitted: true };
      return { errors: {}, submitted: true, sentAttempts: [...context.sentAttempts, { body, key: context.idempotencyKey }] };
    }),
    startRequest: assign({ alert: null, retryable: false }),
    storeTransaction: assign((_, params: { transaction: WalletTransaction }) => ({
      transaction: params.transaction,
      refreshNeeded: true,
    })),
    storeCompleted: assign((_, params: { transaction: WalletTransaction }) => ({
      completed: params.transaction,
      refreshNeeded: true,
    })),
    markRefreshNeeded: assign({ refreshNeeded: true }),
    storeApproval: assign((_, { error }: ErrorParams) => ({ approval: isAwaitingApproval(error) ? error.approval : null, alert: null })),
    showError: assign((_, { error }: ErrorParams) => ({ alert: { severity: 'error' as const, text: errorText(error) } })),
    showRetryableError: assign((_, { error }: ErrorParams) => ({
      alert: { severity: 'error' as const, text: errorText(error) },
      retryable: true,
      refreshNeeded: true,
    })),
    showTimeout: assign({
      alert: { severity: 'error', text: TOP_UP_TEXT.connection },
      retryable: true,
      refreshNeeded: true,
    }),
    editCode: assign((_, params: { value: string }) => ({ code: params.value })),
    countWrongCode: assign(({ context }) => ({
      wrongCodes: context.wrongCodes + 1,
      code: '',
      alert: { severity: 'error' as const, text: TOP_UP_TEXT.invalidOtp },
    })),
    codeResent: assign({
      wrongCodes: 0,
      code: '',
      failure: null,
      alert: { severity: 'success', text: TOP_UP_TEXT.otpResent },
    }),
    fail: assign((_, params: TopUpFailure) => ({ failure: params, alert: null, retryable: false })),
    startOver: assign(({ context }) => ({
      idempotencyKey: context.createKey(),
      sentAttempts: [],
      transaction: null,
      completed: null,
      code: '',
      wrongCodes: 0,
      failure: null,
      alert: null,
      retryable: false,
      errors: {},
      submitted: false,
    })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'topUp',
  context: ({ input }) => {
    const createKey = input.createKey ?? (() => crypto.randomUUID());
    return {
      kind: input.kind,
      receiverUserId: input.receiverUserId,
      currency: input.currency ?? null,
      serviceId: input.serviceId ?? null,
      entry: { amount: '', remarks: '', loanId: '' },
      errors: {},
      submitted: false,
      idempotencyKey: createKey(),
      sentAttempts: [],
      transaction: input.pending ?? null,
      resumed: input.pending !== undefined,
      code: '',
      wrongCodes: 0,
      completed: null,
      approval: null,
      alert: null,
      retryable: false,
      failure: null,
      refreshNeeded: false,
      validateEntry: input.validateEntry,
      createKey,
    };
  },
  initial: 'opening',
  on: {
    CLOSE: '.closed',
    DISMISS_ALERT: { actions: 'dismissAlert' },
  },
  states: {
    opening: {
      always: [{ guard: 'resumed', target: 'codeEntry' }, { target: 'entry' }],
    },
    entry: {
      on: {
        EDIT: { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SUBMIT: [{ guard: 'entryValid', target: 'verifying', actions: 'claimKey' }, { actions: 'showEntryErrors' }],
        RETRY: { guard: 'retryable', target: 'verifying', actions: 'claimKey' },
      },
    },
    verifying: {
      tags: 'busy',
      entry: 'startRequest',
      invoke: {
        src: 'createTransaction',
        input: ({ context }) => ({ idempotencyKey: context.idempotencyKey, attributes: transactionAttributes(context) }),
        onDone: [
          {
            guard: { type: 'transactionFailed', params: ({ event }) => ({ transaction: event.output }) },
            target: 'failed',
            actions: [
              { type: 'storeTransaction', params: ({ event }) => ({ transaction: event.output }) },
              { type: 'fail', params: { reason: 'transactionFailed', text: TOP_UP_TEXT.failed } },
            ],
          },
          {
            target: 'feeReview',
            actions: { type: 'storeTransaction', params: ({ event }) => ({ transaction: event.output }) },
          },
        ],
        onError: [
          // docs/decisions.md "Four-eyes approvals": nothing was created; a second person must approve it first.
          { guard: { type: 'awaitingApproval', params: withError }, target: 'awaitingApproval', actions: { type: 'storeApproval', params: withError } },
          { guard: { type: 'mayHaveLanded', params: withError }, target: 'entry', actions: { type: 'showRetryableError', params: withError } },
          { target: 'entry', actions: { type: 'showError', params: withError } },
        ],
      },
      // The request may still land; RETRY re-sends it with the same key, so it cannot double.
      after: { requestTimeout: { target: 'entry', actions: 'showTimeout' } },
    },
    feeReview: {
      entry: 'hideEntryErrors',
      on: {
        PROCEED: 'codeEntry',
        // Editing after this starts a new attempt (a new key); re-sending the same body replays this transaction.
        BACK: 'entry',
      },
    },
    codeEntry: {
      on: {
        ENTER_CODE: { actions: { type: 'editCode', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: { guard: 'codeValid', target: 'confirming' },
        RETRY: { guard: 'retryable', target: 'confirming' },
        RESEND: 'resending',
      },
    },
    confirming: {
      tags: 'busy',
      entry: ['startRequest', 'markRefreshNeeded'],
      invoke: {
        src: 'confirmTransaction',
        input: ({ context }) => ({ id: context.transaction?.id ?? '', otp: context.code }),
        onDone: [
          {
            guard: { type: 'transactionFailed', params: ({ event }) => ({ transaction: event.output }) },
            target: 'failed',
            actions: { type: 'fail', params: { reason: 'transactionFailed', text: TOP_UP_TEXT.failed } },
          },
          {
            target: 'completed',
            actions: [
              { type: 'storeCompleted', params: ({ event }) => ({ transaction: event.output }) },
              { type: 'notifySuccess', params: { text: TOP_UP_TEXT.completed } },
            ],
          },
        ],
        onError: [
          // users-and-wallets §4: a wrong code shows 'Invalid OTP entered!' and the code step stays open.
          {
            guard: { type: 'lastWrongCode', params: withError },
            target: 'failed',
            actions: ['countWrongCode', { type: 'fail', params: { reason: 'deadCode', text: TOP_UP_TEXT.invalidOtp } }],
          },
          { guard: { type: 'wrongCode', params: withError }, target: 'codeEntry', actions: 'countWrongCode' },
          {
            guard: { type: 'tooManyAttempts', params: withError },
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ reason: 'deadCode', text: errorText(event.error) }) },
          },
          {
            guard: { type: 'notPending', params: withError },
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ reason: 'notPending', text: errorText(event.error) }) },
          },
          { guard: { type: 'mayHaveLanded', params: withError }, target: 'codeEntry', actions: { type: 'showRetryableError', params: withError } },
          { target: 'codeEntry', actions: { type: 'showError', params: withError } },
        ],
      },
      // A confirmation cannot move money twice (only a PENDING transaction confirms); RETRY asks again.
      after: { requestTimeout: { target: 'codeEntry', actions: 'showTimeout' } },
    },
    resending: {
      tags: 'busy',
      entry: 'startRequest',
      invoke: {
        src: 'resendOtp',
        input: ({ context }) => ({ id: context.transaction?.id ?? '' }),
        onDone: { target: 'codeEntry', actions: 'codeResent' },
        onError: { target: 'codeEntry', actions: { type: 'showError', params: withError } },
      },
      after: { requestTimeout: { target: 'codeEntry', actions: 'showTimeout' } },
    },
    completed: {
      on: { OK: 'closed' },
    },
    awaitingApproval: {
      on: { OK: 'closed' },
    },
    failed: {
      on: {
        START_OVER: { guard: 'notResumed', target: 'entry', actions: 'startOver' },
        // The contract: a new code resets the attempt count of a still PENDING transaction.
        RESEND: { guard: 'codeIsDead', target: 'resending' },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ refreshNeeded: context.refreshNeeded, transaction: context.completed }),
});

export type TopUpSnapshot = SnapshotFrom<typeof topUpMachine>;

/** Verify Request, Send Request or the re-send is under way. */
export function isBusy(snapshot: TopUpSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The primary button ('Verify Request' or 'Send Request') would do something. */
export function canSubmit(snapshot: TopUpSnapshot): boolean {
  // In the entry step SUBMIT is always taken (it shows the errors); it submits only when the entry is valid.
  if (snapshot.matches('entry')) return entryIsValid(snapshot.context);
  return snapshot.can({ type: 'SUBMIT' });
}

/** For a stepper: 0 amount, 1 fees, 2 code, 3 done. */
export function stepIndex(snapshot: TopUpSnapshot): number {
  if (snapshot.matches('entry') || snapshot.matches('verifying')) return 0;
  if (snapshot.matches('feeReview')) return 1;
  if (snapshot.matches('completed') || snapshot.matches('closed')) return 3;
  return 2;
}

export interface Confirmation {
  referenceNumber: string;
  transactionDate: string;
  amount: string;
  fee: string;
  currency: string;
}

/** users-and-wallets §4: the confirmation view shows reference number, date, amount and fee. */
export function confirmation(snapshot: TopUpSnapshot): Confirmation | null {
  const transaction = snapshot.context.completed;
  if (!transaction) return null;
  const { referenceNumber, transactionDate, amount, fee, currency } = transaction;
  return { referenceNumber, transactionDate, amount, fee, currency };
}
