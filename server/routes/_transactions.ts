// Wallet transactions on the wire: the query of GET wallet-transactions, wt/transactions/report and
// wt/transactions/pdf (users-and-wallets §7; remittances-and-payouts §7), and the transaction resources.
import type { TransactionFilters, TransactionQuery } from '../domain/wallet/query.ts';
import { TRANSACTION_SORTS, isCalendarDay } from '../domain/wallet/query.ts';
import { WALLET_TRANSACTION_STATUSES } from '../domain/reference.ts';
import { formatMinor } from '../domain/money.ts';
import { parseId } from '../domain/wallet/ids.ts';
import { TRANSACTION_TYPE_NAMES, isTransactionTypeCode } from '../domain/wallet/kinds.ts';
import type { WalletTransactionRow } from '../domain/wallet/listing.ts';
import type { TransactionResult } from '../domain/wallet/transactions.ts';
import type { Page, Paging } from '../domain/paging.ts';
import { HttpError, filterText, idFilter, listDocument, listMeta, parsePaging, parseSort, resource, textFilters } from '../http/jsonapi.ts';
import type { QueryOf, Schema } from './types.ts';

export interface TransactionQueryOptions {
  defaultPageSize: number;
  maxPageSize: number;
  /** The report's default range (users-and-wallets §9: the last 7 days to today) when no date is given. */
  defaultRange?: { startDate: string; endDate: string };
  /** An end date before the start date: 400 on the list (a bad parameter), 422 where the contract says so. */
  badRangeStatus: 400 | 422;
}

/** The list's parameters (the report's and the PDF's are the same ones, fewer for the PDF), each value re-checked here. */
export type TransactionQueryParameters = { [K in keyof QueryOf<'listWalletTransactions'>]?: unknown };

function dateFilter(value: unknown, name: 'startDate' | 'endDate'): string | undefined {
  const text = filterText(value);
  if (text === undefined) return undefined;
  if (!isCalendarDay(text)) throw new HttpError(400, `filter[${name}] must be a date written YYYY-MM-DD`, { parameter: `filter[${name}]` });
  return text;
}

export function parseTransactionQuery(query: TransactionQueryParameters, options: TransactionQueryOptions): TransactionQuery {
  const page = parsePaging(query, { defaultSize: options.defaultPageSize, maxSize: options.maxPageSize });
  const sort = parseSort(query.sort, TRANSACTION_SORTS, '-created');
  const filters: TransactionFilters = textFilters({
    referenceNumber: query['filter[referenceNumber]'],
    senderName: query['filter[senderName]'],
    receiverName: query['filter[receiverName]'],
    serviceName: query['filter[serviceName]'],
  });

  const id = idFilter(query['filter[id]']);
  if (id !== undefined) filters.id = id;
  const userId = filterText(query['filter[userId]']);
  if (userId !== undefined) filters.userId = parseId(userId) ?? null;
  const startDate = dateFilter(query['filter[startDate]'], 'startDate');
  const endDate = dateFilter(query['filter[endDate]'], 'endDate');
  if (startDate !== undefined) filters.startDate = startDate;
  if (endDate !== undefined) filters.endDate = endDate;
  if (startDate === undefined && endDate === undefined && options.defaultRange) {
    filters.startDate = options.defaultRange.startDate;
    filters.endDate = options.defaultRange.endDate;
  }
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.endDate < filters.startDate) {
    throw new HttpError(options.badRangeStatus, 'The end date is before the start date', { parameter: 'filter[endDate]' });
  }

  const type = filterText(query['filter[type]']);
  if (type !== undefined) {
    const code = /^\d+$/.test(type) ? Number(type) : Number.NaN;
    if (!isTransactionTypeCode(code)) {
      throw new HttpError(400, `filter[type] must be one of ${Object.keys(TRANSACTION_TYPE_NAMES).join(', ')}`, { parameter: 'filter[type]' });
    }
    filters.type = code;
  }
  const status = filterText(query['filter[status]']);
  if (status !== undefined) {
    const known = WALLET_TRANSACTION_STATUSES.find((candidate) => candidate === status.toUpperCase());
    if (!known) {
      throw new HttpError(400, `filter[status] must be one of ${WALLET_TRANSACTION_STATUSES.join(', ')}`, { parameter: 'filter[status]' });
    }
    filters.status = known;
  }
  const currency = filterText(query['filter[currency]']);
  if (currency !== undefined) filters.currency = currency.toUpperCase();
  return { filters, sort, page };
}

/** A page of listed transactions as the list document (the list and the report). */
export function transactionList({ rows, total }: Page<WalletTransactionRow>, page: Paging): Schema<'WalletTransactionListDocument'> {
  return listDocument(
    rows.map((row) => resource('wallettransaction', row.id, row.attributes)),
    listMeta(page, total),
  );
}

/** What create and confirm answer: the transaction, its amount unsigned. */
export function transactionResult(transaction: TransactionResult): Schema<'WalletTransactionResultDocument'> {
  return {
    data: resource('wallettransaction', transaction.id, {
      fee: formatMinor(transaction.feeMinor),
      referenceNumber: transaction.referenceNumber,
      transactionDate: transaction.date,
      amount: formatMinor(Math.abs(transaction.amountMinor)),
      currency: transaction.currency,
      status: transaction.status,
      type: transaction.type,
    }),
  };
}
