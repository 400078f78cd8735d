// Test support: the top-up flow's calls as fakes whose answers a test queues (src/flows/README.md: tests provide
// fakes instead of the gateway's).
import { fromPromise } from 'xstate';
import type {
  ConfirmTransactionInput,
  CreateTransactionInput,
  ResendOtpInput,
  WalletTransaction,
} from '../../../flows/top-up.machine';
import type { TopUpActors } from './top-up-actors';

type Answer<T> = { value: T } | { error: unknown } | Promise<T>;

export interface FakeTopUpActors {
  actors: TopUpActors;
  created: CreateTransactionInput[];
  confirmed: ConfirmTransactionInput[];
  resent: ResendOtpInput[];
  answerCreate(answer: Answer<WalletTransaction>): void;
  answerConfirm(answer: Answer<WalletTransaction>): void;
  answerResend(answer: Answer<void>): void;
}

function settle<T>(queue: Answer<T>[]): Promise<T> {
  const next = queue.shift();
  if (!next) return new Promise<T>(() => {});
  if (next instanceof Promise) return next;
  return 'error' in next ? Promise.reject(next.error) : Promise.resolve(next.value);
}

export function fakeTopUpActors(): FakeTopUpActors {
  const creates: Answer<WalletTransaction>[] = [];
  const confirms: Answer<WalletTransaction>[] = [];
  const resends: Answer<void>[] = [];
  const fake: FakeTopUpActors = {
    created: [],
    confirmed: [],
    resent: [],
    actors: {
      createTransaction: fromPromise<WalletTransaction, CreateTransactionInput>(({ input }) => {
        fake.created.push(input);
        return settle(creates);
      }),
      confirmTransaction: fromPromise<WalletTransaction, ConfirmTransactionInput>(({ input }) => {
        fake.confirmed.push(input);
        return settle(confirms);
      }),
      resendOtp: fromPromise<void, ResendOtpInput>(({ input }) => {
        fake.resent.push(input);
        return settle(resends);
      }),
    },
    answerCreate: (answer) => creates.push(answer),
    answerConfirm: (answer) => confirms.push(answer),
    answerResend: (answer) => resends.push(answer),
  };
  return fake;
}

export function pendingTransaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: '5002',
    fee: '2.00',
    referenceNumber: 'WT2026112100005002',
    transactionDate: '2026-11-21T10:05:00Z',
    amount: '500.00',
    currency: 'GMD',
    status: 'PENDING',
    type: 1,
    ...overrides,
  };
}
