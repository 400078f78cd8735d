// remittances-and-payouts §4 swift status flow, for Analyse Request on an eligible remittance row: check the payout at
// the bank → the result by its code with §4's note → Re-Initiate or Cancel, each confirmed with Yes/No → 'Request
// Sent Sucessfully!' → the table refetches 300 ms after the dialog closes (§9). A failure shows in a red alert (§8).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../api/gateway';
import { errorText } from './failures';

type Schemas = components['schemas'];

/** The bank's answer and the local row (getSwiftTransactionStatus). */
export type SwiftStatus = { id: string } & Schemas['SwiftStatusDocument']['data']['attributes'];

export interface CheckStatusInput {
  payoutExternalId: string;
}
export interface ReinitiateInput {
  /** The local row's id (transaction.id of the status). */
  id: string;
}
export interface CancelPayoutInput {
  id: string;
  reason: string;
  /** The status check's message the admin saw, kept with the reason (contract: cancelPayout). */
  responseMessage: string;
}

/** §4, §9: the bank's codes the flow tells apart. */
export const SWIFT_SUCCESS_CODE = '00';
export const SWIFT_NOT_FOUND_CODE = '01';
export const SWIFT_REISSUE_CODE = '32';
export const SWIFT_NOT_FOUND_MESSAGE = 'Transaction does not exist.';

/** §9: the table refetches this long after the swift result dialog closes. */
export const REFETCH_DELAY_MS = 300;

export const SWIFT_TEXT = {
  title: 'Swift Transaction Status',
  checking: 'Please wait, while we process your request...',
  processing: 'Processing...',
  // §4 notes: 01 'Transaction does not exist.', 32 a new reference, any other code a verification.
  notFoundNote: 'This transaction can be re-initiated or cancelled.',
  reissueNote: (reference: string) => `This transaction will be reprocessed with a new reference: ${reference}A`,
  verify: 'Required swift verification!',
  reinitiate: 'Re-Initiate',
  cancel: 'Cancel Transaction',
  confirmReinitiate: 'Are you sure you want to re-initiate this transaction?',
  confirmCancel: 'Are you sure you want to cancel this transaction?',
  cancelReason: 'Reason',
  // §4, §8 (typo as written).
  requestSent: 'Request Sent Sucessfully!',
  requestSentDetail: 'Please wait a moment and refresh the page.',
  close: 'Close',
} as const;

/** How §4 reads a status: 00 paid, 01 'Transaction does not exist.', 32 re-issue, anything else verify. */
export type SwiftOutcome = 'success' | 'notFound' | 'reissue' | 'verify';

export function swiftOutcome(status: Pick<SwiftStatus, 'responseCode' | 'responseMessage'>): SwiftOutcome {
  if (status.responseCode === SWIFT_SUCCESS_CODE) return 'success';
  if (status.responseCode === SWIFT_NOT_FOUND_CODE && status.responseMessage.trim() === SWIFT_NOT_FOUND_MESSAGE) return 'notFound';
  if (status.responseCode === SWIFT_REISSUE_CODE) return 'reissue';
  return 'verify';
}

/** §4's note for a status; none for 00. */
export function swiftNote(status: SwiftStatus): string | null {
  switch (swiftOutcome(status)) {
    case 'success':
      return null;
    case 'notFound':
      return SWIFT_TEXT.notFoundNote;
    case 'reissue':
      return SWIFT_TEXT.reissueNote(referenceOf(status));
    default:
      return SWIFT_TEXT.verify;
  }
}

/** The reference the bank knows: the row's reference without its `|{partnerId}` part. */
function referenceOf(status: SwiftStatus): string {
  return status.transactionReference || (status.transaction.payoutExternalId.split('|')[0] ?? '');
}

export interface SwiftStatusInput {
  payoutExternalId: string;
}

export interface SwiftStatusContext {
  payoutExternalId: string;
  status: SwiftStatus | null;
  /** A failed check or action, as the red alert shows it (§8). */
  error: string | null;
  /** A re-initiate or cancel went through: nothing more to offer, and the table refetches on close. */
  updated: boolean;
  /** The cancel reason being sent. */
  reason: string;
}

export type SwiftStatusEvent =
  | { type: 'REINITIATE' }
  | { type: 'CANCEL' }
  | { type: 'YES'; reason?: string }
  | { type: 'NO' }
  | { type: 'CLOSE' };

export interface SwiftStatusOutput {
  updated: boolean;
}

/** §4: Re-Initiate after 01 'Transaction does not exist.' or 32, until a request went through. */
function mayReinitiate(context: SwiftStatusContext): boolean {
  if (!context.status || context.updated) return false;
  const outcome = swiftOutcome(context.status);
  return outcome === 'notFound' || outcome === 'reissue';
}

/** §4: Cancel only when the row is not yet updated, there is no error, and the code is neither 00 nor 01. */
function mayCancel(context: SwiftStatusContext): boolean {
  if (!context.status || context.updated || context.error !== null) return false;
  return context.status.responseCode !== SWIFT_SUCCESS_CODE && context.status.responseCode !== SWIFT_NOT_FOUND_CODE;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`swiftStatusMachine: provide the "${name}" actor (swiftStatusMachine.provide({ actors: { ${name} } }))`));

type ErrorParams = { error: unknown };
const withError = ({ event }: { event: { error: unknown } }): ErrorParams => ({ error: event.error });

export const swiftStatusMachine = setup({
  types: {
    context: {} as SwiftStatusContext,
    events: {} as SwiftStatusEvent,
    input: {} as SwiftStatusInput,
    output: {} as SwiftStatusOutput,
    tags: {} as 'busy',
  },
  actors: {
    checkStatus: fromPromise<SwiftStatus, CheckStatusInput>(notProvided('checkStatus')),
    reinitiate: fromPromise<void, ReinitiateInput>(notProvided('reinitiate')),
    cancelPayout: fromPromise<void, CancelPayoutInput>(notProvided('cancelPayout')),
  },
  delays: {
    refetchDelay: REFETCH_DELAY_MS,
  },
  guards: {
    mayReinitiate: ({ context }) => mayReinitiate(context),
    mayCancel: ({ context }) => mayCancel(context),
    hasReason: (_, params: { reason: string | undefined }) => (params.reason ?? '').trim() !== '',
    updated: ({ context }) => context.updated,
  },
  actions: {
    /** The UI shows the toast (src/render/notify.ts); a no-op until provided. */
    notifySuccess: (_, _params: { text: string; title: string }) => {},
    /** The screen refetches its table; a no-op until provided. */
    refetch: () => {},
    storeStatus: assign((_, params: { status: SwiftStatus }) => ({ status: params.status, error: null })),
    showError: assign((_, { error }: ErrorParams) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
    storeReason: assign((_, params: { reason: string | undefined }) => ({ reason: (params.reason ?? '').trim() })),
    markUpdated: assign({ updated: true, error: null }),
  },
}).createMachine({
  id: 'swiftStatus',
  context: ({ input }) => ({ payoutExternalId: input.payoutExternalId, status: null, error: null, updated: false, reason: '' }),
  initial: 'checking',
  states: {
    checking: {
      tags: 'busy',
      invoke: {
        src: 'checkStatus',
        input: ({ context }) => ({ payoutExternalId: context.payoutExternalId }),
        onDone: { target: 'result', actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: withError } },
      },
    },
    // §8: the check failed; the red alert and Close.
    failed: {
      on: { CLOSE: 'closing' },
    },
    result: {
      on: {
        REINITIATE: { guard: 'mayReinitiate', target: 'confirmingReinitiate' },
        CANCEL: { guard: 'mayCancel', target: 'confirmingCancel' },
        CLOSE: 'closing',
      },
    },
    confirmingReinitiate: {
      on: {
        YES: 'reinitiating',
        NO: 'result',
      },
    },
    confirmingCancel: {
      on: {
        YES: {
          guard: { type: 'hasReason', params: ({ event }) => ({ reason: event.reason }) },
          target: 'cancelling',
          actions: { type: 'storeReason', params: ({ event }) => ({ reason: event.reason }) },
        },
        NO: 'result',
      },
    },
    reinitiating: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        src: 'reinitiate',
        input: ({ context }) => ({ id: context.status?.transaction.id ?? '' }),
        onDone: {
          target: 'result',
          actions: ['markUpdated', { type: 'notifySuccess', params: { text: SWIFT_TEXT.requestSentDetail, title: SWIFT_TEXT.requestSent } }],
        },
        onError: { target: 'result', actions: { type: 'showError', params: withError } },
      },
    },
    cancelling: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        src: 'cancelPayout',
        input: ({ context }) => ({
          id: context.status?.transaction.id ?? '',
          reason: context.reason,
          responseMessage: context.status?.responseMessage ?? '',
        }),
        onDone: {
          target: 'result',
          actions: ['markUpdated', { type: 'notifySuccess', params: { text: SWIFT_TEXT.requestSentDetail, title: SWIFT_TEXT.requestSent } }],
        },
        onError: { target: 'result', actions: { type: 'showError', params: withError } },
      },
    },
    // §9: the dialog is gone; the table refetches 300 ms later when something was sent.
    closing: {
      after: {
        refetchDelay: [{ guard: 'updated', target: 'closed', actions: 'refetch' }, { target: 'closed' }],
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ updated: context.updated }),
});

export type SwiftStatusSnapshot = SnapshotFrom<typeof swiftStatusMachine>;

export interface SwiftOffers {
  reinitiate: boolean;
  cancel: boolean;
}

/** What the result dialog offers now. */
export function swiftOffers(snapshot: SwiftStatusSnapshot): SwiftOffers {
  return { reinitiate: snapshot.can({ type: 'REINITIATE' }), cancel: snapshot.can({ type: 'CANCEL' }) };
}

/** The dialog shows while the flow has not been closed. */
export function isDialogOpen(snapshot: SwiftStatusSnapshot): boolean {
  return !snapshot.matches('closing') && !snapshot.matches('closed');
}
