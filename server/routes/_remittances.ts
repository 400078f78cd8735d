// Remittances, payouts and UPT on the wire (remittances-and-payouts §7): the lists' queries, date ranges, and how a
// bank that cannot be reached answers (the contract: 502 bank_unavailable, 504 bank_timeout, never 500).
import { BankUnreachable } from '../domain/bank/bank.ts';
import { DomainRefusal, type RefusalKind } from '../domain/refusal.ts';
import { REMITTANCE_SORTS, REMITTANCE_TEXT_FILTERS, type RemittanceFilters, type RemittanceQuery, type RemittanceTextFilter } from '../domain/remittances/listing.ts';
import { UPT_SORTS, UPT_TEXT_FILTERS, type UptFilters, type UptQuery, type UptTextFilter } from '../domain/upt/transactions.ts';
import { isCalendarDay } from '../domain/wallet/query.ts';
import { HttpError, parseFilters, parsePaging, parseSort, type Query } from '../http/jsonapi.ts';

const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 422, not_found: 404, forbidden: 403, conflict: 409 };

/** A domain refusal as the gateway answers it: one error per reason, a field as its body pointer. */
function refusalError(refusal: DomainRefusal): HttpError {
  const [first] = refusal.reasons;
  const error = new HttpError(REFUSAL_STATUS[refusal.kind], first?.message);
  error.errors.splice(
    0,
    error.errors.length,
    ...refusal.reasons.map(({ message, detail, code, field }) => ({
      status: String(error.status),
      title: message,
      ...(detail === undefined ? {} : { detail }),
      ...(code === undefined ? {} : { code }),
      ...(field === undefined ? {} : { source: { pointer: `/data/attributes/${field}` } }),
    })),
  );
  return error;
}

/** The contract's answer to a bank that is down (502) or did not answer in time (504); nothing changed. */
export function bankError(unreachable: BankUnreachable): HttpError {
  return unreachable.reason === 'down'
    ? new HttpError(502, unreachable.message, { code: 'bank_unavailable', detail: 'The bank could not be reached. Nothing changed.' })
    : new HttpError(504, unreachable.message, { code: 'bank_timeout', detail: 'The bank did not answer in time. Nothing changed.' });
}

/** Runs a domain call and answers its refusals and an unreachable bank as the contract says. */
export async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BankUnreachable) throw bankError(error);
    if (error instanceof DomainRefusal) throw refusalError(error);
    throw error;
  }
}

/** A day parameter (YYYY-MM-DD), or undefined when absent; `status` 400 for a list's filter, 422 where the contract says so. */
export function dayParameter(filters: Record<string, string>, name: string, status: 400 | 422 = 400): string | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  if (!isCalendarDay(value)) throw new HttpError(status, `filter[${name}] must be a date written YYYY-MM-DD`, { parameter: `filter[${name}]` });
  return value;
}

const DAY_MS = 86_400_000;

/** Days from `startDate` to `endDate` (0 for the same day). */
export function daysBetween(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS);
}

/**
 * A required date range of at most `maxDays` days apart: a missing, malformed or reversed date, or a longer range,
 * answers 422 naming the parameter at fault (the daily report, the reprocessing window).
 */
export function requiredRange(filters: Record<string, string>, names: { start: string; end: string }, maxDays: number): { startDate: string; endDate: string } {
  const startDate = dayParameter(filters, names.start, 422);
  const endDate = dayParameter(filters, names.end, 422);
  if (startDate === undefined) throw new HttpError(422, `filter[${names.start}] is required`, { parameter: `filter[${names.start}]` });
  if (endDate === undefined) throw new HttpError(422, `filter[${names.end}] is required`, { parameter: `filter[${names.end}]` });
  if (endDate < startDate) throw new HttpError(422, 'The end date is before the start date', { parameter: `filter[${names.end}]` });
  if (daysBetween(startDate, endDate) > maxDays) {
    throw new HttpError(422, `The range may span at most ${maxDays} days`, { parameter: `filter[${names.end}]` });
  }
  return { startDate, endDate };
}

/** The list's optional range on transactionDate; a reversed range is a bad parameter (400). */
function optionalRange(filters: Record<string, string>): { startDate?: string; endDate?: string } {
  const startDate = dayParameter(filters, 'startDate');
  const endDate = dayParameter(filters, 'endDate');
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    throw new HttpError(400, 'The end date is before the start date', { parameter: 'filter[endDate]' });
  }
  return { ...(startDate === undefined ? {} : { startDate }), ...(endDate === undefined ? {} : { endDate }) };
}

/** The report asks for page[size]=100000 (RP §7, §9). */
const REPORT_PAGE_SIZE = 100_000;

/** GET api/v1/remittance: paging, one sort (newest first by default, RP §9), column filters, a date range. */
export function remittanceQuery(query: Query): RemittanceQuery {
  const page = parsePaging(query, { defaultSize: 10, maxSize: REPORT_PAGE_SIZE });
  const sort = parseSort(query.sort, REMITTANCE_SORTS, '-transactionDate');
  const raw = parseFilters(query);
  const filters: RemittanceFilters = { text: {}, ...optionalRange(raw) };
  for (const name of Object.keys(REMITTANCE_TEXT_FILTERS) as RemittanceTextFilter[]) {
    const value = raw[name];
    if (value !== undefined) filters.text[name] = value;
  }
  if (raw.statusId !== undefined) {
    const statusId = /^\d{1,3}$/.test(raw.statusId) ? Number(raw.statusId) : Number.NaN;
    if (!(statusId >= 0 && statusId <= 256)) throw new HttpError(400, 'filter[statusId] must be a whole number from 0 to 256', { parameter: 'filter[statusId]' });
    filters.statusId = statusId;
  }
  return { filters, sort, page };
}

/** GET api/v1/upt/transaction (and its PDF): paging, one sort, the filter map, a date range. */
export function uptQuery(query: Query, paging: { defaultSize: number; maxSize: number } = { defaultSize: 10, maxSize: REPORT_PAGE_SIZE }): UptQuery {
  const page = parsePaging(query, paging);
  const sort = parseSort(query.sort, UPT_SORTS, '-transactionDate');
  const raw = parseFilters(query);
  const filters: UptFilters = { text: {}, ...optionalRange(raw) };
  for (const name of Object.keys(UPT_TEXT_FILTERS) as UptTextFilter[]) {
    const value = raw[name];
    if (value !== undefined) filters.text[name] = value;
  }
  if (raw.amountCurrency !== undefined) filters.amountCurrency = raw.amountCurrency.toUpperCase();
  return { filters, sort, page };
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
