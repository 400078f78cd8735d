// The query of GET wallet-transactions, wt/transactions/report and wt/transactions/pdf (users-and-wallets §7;
// remittances-and-payouts §7): paging, one sort field from an allow-list, column, user and date-range filters.
import type { WalletTransactionStatus } from '../../db/schema.ts';
import { HttpError, parseFilters, parsePaging, parseSort, type Paging, type Query, type Sort } from '../../http/jsonapi.ts';
import { WALLET_TRANSACTION_STATUSES } from '../reference.ts';
import { TRANSACTION_TYPE_NAMES } from './kinds.ts';
import { parseId } from './ids.ts';

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
  /** Sender or receiver; null for an id that names no user (matches nothing). */
  userId?: number | null;
  /** YYYY-MM-DD, inclusive, UTC, on `created`. */
  startDate?: string;
  endDate?: string;
  type?: number;
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

export interface TransactionQueryOptions {
  defaultPageSize: number;
  maxPageSize: number;
  /** The report's default range (users-and-wallets §9: the last 7 days to today) when no date is given. */
  defaultRange?: { startDate: string; endDate: string };
  /** An end date before the start date: 400 on the list (a bad parameter), 422 where the contract says so. */
  badRangeStatus: 400 | 422;
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

function dateFilter(filters: Record<string, string>, name: 'startDate' | 'endDate'): string | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  if (!isCalendarDay(value)) throw new HttpError(400, `filter[${name}] must be a date written YYYY-MM-DD`, { parameter: `filter[${name}]` });
  return value;
}

export function parseTransactionQuery(query: Query, options: TransactionQueryOptions): TransactionQuery {
  const page = parsePaging(query, { defaultSize: options.defaultPageSize, maxSize: options.maxPageSize });
  const sort = parseSort(query.sort, TRANSACTION_SORTS, '-created');
  const raw = parseFilters(query);
  const filters: TransactionFilters = {};

  if (raw.userId !== undefined) filters.userId = parseId(raw.userId) ?? null;
  const startDate = dateFilter(raw, 'startDate');
  const endDate = dateFilter(raw, 'endDate');
  if (startDate !== undefined) filters.startDate = startDate;
  if (endDate !== undefined) filters.endDate = endDate;
  if (startDate === undefined && endDate === undefined && options.defaultRange) {
    filters.startDate = options.defaultRange.startDate;
    filters.endDate = options.defaultRange.endDate;
  }
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.endDate < filters.startDate) {
    throw new HttpError(options.badRangeStatus, 'The end date is before the start date', { parameter: 'filter[endDate]' });
  }

  if (raw.type !== undefined) {
    const type = Number(raw.type);
    if (!/^\d+$/.test(raw.type) || TRANSACTION_TYPE_NAMES[type] === undefined) {
      throw new HttpError(400, `filter[type] must be one of ${Object.keys(TRANSACTION_TYPE_NAMES).join(', ')}`, { parameter: 'filter[type]' });
    }
    filters.type = type;
  }
  if (raw.status !== undefined) {
    const status = WALLET_TRANSACTION_STATUSES.find((candidate) => candidate === raw.status?.toUpperCase());
    if (!status) {
      throw new HttpError(400, `filter[status] must be one of ${WALLET_TRANSACTION_STATUSES.join(', ')}`, { parameter: 'filter[status]' });
    }
    filters.status = status;
  }
  if (raw.currency !== undefined) filters.currency = raw.currency.toUpperCase();
  for (const name of ['referenceNumber', 'senderName', 'receiverName', 'serviceName'] as const) {
    const value = raw[name];
    if (value !== undefined) filters[name] = value;
  }
  return { filters, sort, page };
}
