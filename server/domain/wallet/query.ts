// The query of GET wallet-transactions, wt/transactions/report and wt/transactions/pdf (users-and-wallets §7;
// remittances-and-payouts §7): paging, one sort field from an allow-list, column, user and date-range filters,
// as the route read them from the query string.
import type { TransactionTypeCode, WalletTransactionStatus } from '../../db/schema.ts';
import type { Paging, Sort } from '../paging.ts';

/** Wire sort field → what the listing orders by. */
export const TRANSACTION_SORTS = {
  created: 'created',
  referenceNumber: 'referenceNumber',
  amount: 'amount',
  fee: 'fee',
  type: 'type',
  status: 'status',
  currency: 'currency',
  senderName: 'senderName',
  receiverName: 'receiverName',
  serviceName: 'serviceName',
} as const;

export type TransactionSortField = (typeof TRANSACTION_SORTS)[keyof typeof TRANSACTION_SORTS];

export interface TransactionFilters {
  /** One transaction (the live tables' single-row read); the other filters still apply. */
  id?: number;
  /** Sender or receiver; null for an id that names no user (matches nothing). */
  userId?: number | null;
  /** YYYY-MM-DD, inclusive, UTC, on `created`. */
  startDate?: string;
  endDate?: string;
  type?: TransactionTypeCode;
  status?: WalletTransactionStatus;
  referenceNumber?: string;
  senderName?: string;
  receiverName?: string;
  currency?: string;
  serviceName?: string;
}

export interface TransactionQuery {
  filters: TransactionFilters;
  sort: Sort<TransactionSortField>;
  page: Paging;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** `today` minus `days` (YYYY-MM-DD). */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00.000Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
