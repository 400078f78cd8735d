// remittances-and-payouts §4 bulk reprocessing: idle → loading ('Please wait...') → finished with the result map and
// the count ('Bulk Reprocessing Finished!', §8), or error with an empty result ('Bulk Reprocessing Executed!' and the
// server's messages). By count it resends the reprocessable transactions from yesterday to today, by days those of a
// window ending today, or the ticked rows (selected reprocessing). One Idempotency-Key per request body, so a double
// click or a retry of the same request never queues twice (contract: republishPayouts).
import { isAwaitingApproval, type Approval } from '../api/approvals/pending';
import dayjs from 'dayjs';
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../api/gateway';
import { errorText } from './failures';

type Schemas = components['schemas'];

export type ReprocessOutcome = Schemas['ReprocessOutcome'];
export type ReprocessResult = Schemas['ReprocessResultDocument']['data']['attributes'];
export type ReprocessAttributes = Schemas['RepublishBulkRequest']['data']['attributes'];

/** The window of a count or days run, as the spec's client spells it (§7: startdate and enddata), YYYY-MM-DD. */
export interface ReprocessWindow {
  'filter[startdate]': string;
  'filter[enddata]': string;
}

export interface ReprocessRequest {
  idempotencyKey: string;
  attributes: ReprocessAttributes;
  window: ReprocessWindow | null;
}

/** What the staff member asked for: a count (yesterday to today), days back to today, or the ticked rows. */
export type ReprocessChoice =
  | { kind: 'count'; numberOfTransactions: number }
  | { kind: 'days'; days: number }
  | { kind: 'selected'; transactionIds: readonly string[] };

export const BULK_REPROCESS_TEXT = {
  title: 'Bulk Reprocessing',
  selectedTitle: 'Reprocess Selected',
  countIntro: 'This resends the reprocessable transactions from yesterday to today, up to the number of transactions below.',
  daysIntro: 'This resends the reprocessable transactions from the number of days prior today to today.',
  selectedIntro: (count: number) => `This resends the ${count} selected transaction${count === 1 ? '' : 's'} that can be reprocessed.`,
  wait: 'Please wait...',
  finished: 'Bulk Reprocessing Finished!',
  reprocessed: (count: number) => `${count} transaction${count === 1 ? '' : 's'} re-processed.`,
  executed: 'Bulk Reprocessing Executed!',
  close: 'Close',
} as const;

const day = (date: dayjs.Dayjs) => date.format('YYYY-MM-DD');

/** The request body and window of a choice, on the given day. */
export function reprocessBody(choice: ReprocessChoice, today: Date): Omit<ReprocessRequest, 'idempotencyKey'> {
  const end = dayjs(today);
  switch (choice.kind) {
    case 'count':
      return {
        attributes: { numberOfTransactions: choice.numberOfTransactions },
        window: { 'filter[startdate]': day(end.subtract(1, 'day')), 'filter[enddata]': day(end) },
      };
    case 'days':
      return { attributes: {}, window: { 'filter[startdate]': day(end.subtract(choice.days, 'day')), 'filter[enddata]': day(end) } };
    default:
      return { attributes: { transactionIds: [...choice.transactionIds] }, window: null };
  }
}

export interface BulkReprocessInput {
  /** Makes idempotency keys; a UUID by default. */
  createKey?: () => string;
  /** Today, for the window; the clock by default. */
  today?: () => Date;
}

interface SentRequest {
  body: string;
  key: string;
}

export interface BulkReprocessContext {
  /** Transaction id → outcome of the last run; empty after an error (§4). */
  results: Record<string, ReprocessOutcome>;
  count: number;
  /** The server's messages of a failed run. */
  error: string | null;
  /** A four-eyes rule held the run back: the pending approval (nothing was queued). */
  approval: Approval | null;
  request: ReprocessRequest | null;
  sent: SentRequest[];
  createKey: () => string;
  today: () => Date;
}

export type BulkReprocessEvent = { type: 'SUBMIT'; choice: ReprocessChoice } | { type: 'CLOSE' };

export interface BulkReprocessOutput {
  /** Rows were queued: the table refetches. */
  reprocessed: boolean;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`bulkReprocessMachine: provide the "${name}" actor (bulkReprocessMachine.provide({ actors: { ${name} } }))`));

export const bulkReprocessMachine = setup({
  types: {
    context: {} as BulkReprocessContext,
    events: {} as BulkReprocessEvent,
    input: {} as BulkReprocessInput,
    output: {} as BulkReprocessOutput,
    tags: {} as 'busy',
  },
  actors: {
    reprocess: fromPromise<ReprocessResult, ReprocessRequest>(notProvided('reprocess')),
  },
  guards: {
    awaitingApproval: (_, params: { error: unknown }) => isAwaitingApproval(params.error),
  },
  actions: {
    /** The UI shows the toasts (src/render/notify.ts); no-ops until provided. */
    notifySuccess: (_, _params: { text: string; title: string }) => {},
    notifyInfo: (_, _params: { text: string; title: string }) => {},
    /** The request for the choice, with the key it was first sent with, else a new one. */
    prepare: assign(({ context }, params: { choice: ReprocessChoice }) => {
      const body = reprocessBody(params.choice, context.today());
      const text = JSON.stringify(body);
      const earlier = context.sent.find((sent) => sent.body === text);
      const key = earlier?.key ?? context.createKey();
      return {
        request: { ...body, idempotencyKey: key },
        sent: earlier ? context.sent : [...context.sent, { body: text, key }],
        error: null,
      };
    }),
    storeResult: assign((_, params: { result: ReprocessResult }) => ({ results: { ...params.result.results }, count: params.result.count })),
    storeApproval: assign((_, params: { error: unknown }) => ({ results: {}, count: 0, approval: isAwaitingApproval(params.error) ? params.error.approval : null })),
    storeError: assign((_, params: { error: unknown }) => ({ results: {}, count: 0, error: errorText(params.error) })),
  },
}).createMachine({
  id: 'bulkReprocess',
  context: ({ input }) => ({
    results: {},
    count: 0,
    error: null,
    approval: null,
    request: null,
    sent: [],
    createKey: input.createKey ?? (() => crypto.randomUUID()),
    today: input.today ?? (() => new Date()),
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: { target: 'loading', actions: { type: 'prepare', params: ({ event }) => ({ choice: event.choice }) } },
        CLOSE: 'closed',
      },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'reprocess',
        input: ({ context }) => context.request ?? { idempotencyKey: '', attributes: {}, window: null },
        onDone: {
          target: 'finished',
          actions: [
            { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
            {
              type: 'notifySuccess',
              params: ({ event }) => ({ title: BULK_REPROCESS_TEXT.finished, text: BULK_REPROCESS_TEXT.reprocessed(event.output.count) }),
            },
          ],
        },
        onError: [
          // docs/decisions.md "Four-eyes approvals": nothing was queued; a second person must approve it first.
          {
            guard: { type: 'awaitingApproval', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingApproval',
            actions: { type: 'storeApproval', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'error',
            actions: [
              { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifyInfo', params: ({ event }) => ({ title: BULK_REPROCESS_TEXT.executed, text: errorText(event.error) }) },
            ],
          },
        ],
      },
    },
    finished: {
      on: { CLOSE: 'closed' },
    },
    awaitingApproval: {
      on: { CLOSE: 'closed' },
    },
    error: {
      on: {
        // The same choice again is the same request: it goes with the same key.
        SUBMIT: { target: 'loading', actions: { type: 'prepare', params: ({ event }) => ({ choice: event.choice }) } },
        CLOSE: 'closed',
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ reprocessed: context.count > 0 }),
});
