// Remittances, payouts and UPT on the wire (remittances-and-payouts §7): the lists' queries, date ranges, the
// resources, and how a bank that cannot be reached answers (the contract: 502 bank_unavailable, 504 bank_timeout,
// never 500).
import { BankUnreachable } from '../domain/bank/bank.ts';
import { REMITTANCE_SORTS, type RemittanceFilters, type RemittanceQuery } from '../domain/remittances/listing.ts';
import type { RemittanceView } from '../domain/remittances/rows.ts';
import { UPT_SORTS, type UptFilters, type UptQuery } from '../domain/upt/transactions.ts';
import { isCalendarDay } from '../domain/wallet/query.ts';
import { HttpError, filterText, idFilter, parsePaging, parseSort, resource, textFilters } from '../http/jsonapi.ts';
import type { QueryOf, Schema } from './types.ts';

/** The contract's answer to a bank that is down (502) or did not answer in time (504); nothing changed. */
function bankError(unreachable: BankUnreachable): HttpError {
  return unreachable.reason === 'down'
    ? new HttpError(502, unreachable.message, { code: 'bank_unavailable', detail: 'The bank could not be reached. Nothing changed.' })
    : new HttpError(504, unreachable.message, { code: 'bank_timeout', detail: 'The bank did not answer in time. Nothing changed.' });
}

/** Runs a domain call that asks the bank, answering a bank that cannot be reached as the contract says. */
export async function viaBank<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BankUnreachable) throw bankError(error);
    throw error;
  }
}

/** A day parameter (YYYY-MM-DD), or undefined when absent; `status` 400 for a list's filter, 422 where the contract says so. */
function dayParameter(value: unknown, name: string, status: 400 | 422 = 400): string | undefined {
  const text = filterText(value);
  if (text === undefined) return undefined;
  if (!isCalendarDay(text)) throw new HttpError(status, `${name} must be a date written YYYY-MM-DD`, { parameter: name });
  return text;
}

/** Days from `startDate` to `endDate` (0 for the same day). */
export function daysBetween(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
}

/**
 * A required date range of at most `maxDays` days apart, from the parameters named `names`: a missing, malformed
 * or reversed date, or a longer range, answers 422 naming the parameter at fault (the daily report, the UPT PDF,
 * the reprocessing window).
 */
export function requiredRange(
  values: { start: unknown; end: unknown },
  names: { start: string; end: string },
  maxDays: number = Number.MAX_SAFE_INTEGER,
  tooLong: string = `The range may span at most ${maxDays} days`,
): { startDate: string; endDate: string } {
  const startDate = dayParameter(values.start, names.start, 422);
  const endDate = dayParameter(values.end, names.end, 422);
  if (startDate === undefined) throw new HttpError(422, `${names.start} is required`, { parameter: names.start });
  if (endDate === undefined) throw new HttpError(422, `${names.end} is required`, { parameter: names.end });
  if (endDate < startDate) throw new HttpError(422, 'The end date is before the start date', { parameter: names.end });
  if (daysBetween(startDate, endDate) > maxDays) throw new HttpError(422, tooLong, { parameter: names.end });
  return { startDate, endDate };
}

/** A list's optional range on transactionDate; a reversed range is a bad parameter (400). */
function optionalRange(query: { 'filter[startDate]'?: unknown; 'filter[endDate]'?: unknown }): { startDate?: string; endDate?: string } {
  const startDate = dayParameter(query['filter[startDate]'], 'filter[startDate]');
  const endDate = dayParameter(query['filter[endDate]'], 'filter[endDate]');
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    throw new HttpError(400, 'The end date is before the start date', { parameter: 'filter[endDate]' });
  }
  return { ...(startDate === undefined ? {} : { startDate }), ...(endDate === undefined ? {} : { endDate }) };
}

/** The report asks for page[size]=100000 (RP §7, §9). */
const REPORT_PAGE_SIZE = 100_000;

/** GET api/v1/remittance: paging, one sort (newest first by default, RP §9), column filters, a date range. */
export function remittanceQuery(query: QueryOf<'listRemittances'>): RemittanceQuery {
  const page = parsePaging(query, { defaultSize: 10, maxSize: REPORT_PAGE_SIZE });
  const sort = parseSort(query.sort, REMITTANCE_SORTS, '-transactionDate');
  const filters: RemittanceFilters = {
    text: textFilters({
      payoutExternalId: query['filter[payoutExternalId]'],
      payinId: query['filter[payinId]'],
      cardPaymentReference: query['filter[cardPaymentReference]'],
      senderName: query['filter[senderName]'],
      receiverName: query['filter[receiverName]'],
      status: query['filter[status]'],
    }),
    ...optionalRange(query),
  };
  const id = idFilter(query['filter[id]']);
  if (id !== undefined) filters.id = id;
  const direction = filterText(query['filter[direction]']);
  if (direction !== undefined) {
    if (direction !== 'payin' && direction !== 'payout') throw new HttpError(400, 'filter[direction] must be payin or payout', { parameter: 'filter[direction]' });
    filters.direction = direction;
  }
  const statusId = filterText(query['filter[statusId]']);
  if (statusId !== undefined) {
    const value = /^\d{1,3}$/.test(statusId) ? Number(statusId) : Number.NaN;
    if (!(value >= 0 && value <= 256)) throw new HttpError(400, 'filter[statusId] must be a whole number from 0 to 256', { parameter: 'filter[statusId]' });
    filters.statusId = value;
  }
  return { filters, sort, page };
}

/** The UPT list's parameters; the PDF has the same ones bar paging. */
type UptParameters = Omit<QueryOf<'listUptTransactions'>, 'page[number]' | 'page[size]'> & Partial<Pick<QueryOf<'listUptTransactions'>, 'page[number]' | 'page[size]'>>;

/** GET api/v1/upt/transaction (and its PDF): paging, one sort, the filter map, a date range. */
export function uptQuery(query: UptParameters, paging: { defaultSize: number; maxSize: number } = { defaultSize: 10, maxSize: REPORT_PAGE_SIZE }): UptQuery {
  const page = parsePaging(query, paging);
  const sort = parseSort(query.sort, UPT_SORTS, '-transactionDate');
  const filters: UptFilters = {
    text: textFilters({
      reference: query['filter[reference]'],
      tuReference: query['filter[tuReference]'],
      senderName: query['filter[senderName]'],
      beneficiaryName: query['filter[beneficiaryName]'],
      status: query['filter[status]'],
    }),
    ...optionalRange(query),
  };
  const currency = filterText(query['filter[amountCurrency]']);
  if (currency !== undefined) filters.amountCurrency = currency.toUpperCase();
  return { filters, sort, page };
}

/** A remittance row as a resource. */
export function remittanceResource(row: RemittanceView): Schema<'Remittance'> {
  return resource('remittance', row.id, row.attributes);
}

/** The Idempotency-Key header (the contract's IdempotencyKey parameter), else a 400 naming it. */
export function idempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9._:-]{8,128}$/.test(value)) {
    throw new HttpError(400, 'Idempotency-Key is required: 8 to 128 letters, digits or ._:-', { header: 'Idempotency-Key' });
  }
  return value;
}

/** The answers to a repeated or reused Idempotency-Key (as createWalletTransaction answers them). */
export function idempotencyRefusal(kind: 'key_reused' | 'key_in_flight'): HttpError {
  return kind === 'key_reused'
    ? new HttpError(422, 'This Idempotency-Key was already used for a different request', {
        code: 'idempotency_key_reused',
        header: 'Idempotency-Key',
        detail: 'Send a new key for a new request; reuse a key only to retry the same request.',
      })
    : new HttpError(409, 'A request with this Idempotency-Key is still being processed', { code: 'idempotency_key_in_flight', header: 'Idempotency-Key' });
}
