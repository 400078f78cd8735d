// Reading the transaction lists' query string (users-and-wallets §7): paging, one sort field, the filters.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/jsonapi.ts';
import { parseTransactionQuery } from './_transactions.ts';

describe('transaction query', () => {
  const options = { defaultPageSize: 10, maxPageSize: 100, badRangeStatus: 400 as const };

  it('reads paging, one sort field and the filters', () => {
    const query = parseTransactionQuery(
      {
        'page[number]': '3',
        'page[size]': '20',
        sort: '-referenceNumber',
        'filter[status]': 'completed',
        'filter[type]': '256',
        'filter[userId]': '12',
        'filter[startDate]': '2025-01-01',
        'filter[endDate]': '2025-01-31',
        'filter[currency]': 'gmd',
      },
      options,
    );
    expect(query.page).toEqual({ number: 3, size: 20, offset: 40 });
    expect(query.sort).toEqual({ field: 'referenceNumber', column: 'referenceNumber', direction: 'desc' });
    expect(query.filters).toEqual({ status: 'COMPLETED', type: 256, userId: 12, startDate: '2025-01-01', endDate: '2025-01-31', currency: 'GMD' });
  });

  it('sorts newest first by default and takes the default range only when no date is given', () => {
    const range = { startDate: '2025-01-08', endDate: '2025-01-15' };
    expect(parseTransactionQuery({}, options).sort).toMatchObject({ column: 'created', direction: 'desc' });
    expect(parseTransactionQuery({}, { ...options, defaultRange: range }).filters).toEqual(range);
    expect(parseTransactionQuery({ 'filter[startDate]': '2025-01-01' }, { ...options, defaultRange: range }).filters).toEqual({ startDate: '2025-01-01' });
  });

  it('refuses impossible dates, an end before the start, unknown sorts, types and statuses', () => {
    const refused = (query: Record<string, string>, status: 400 | 422 = 400) => {
      try {
        parseTransactionQuery(query, { ...options, badRangeStatus: status });
      } catch (error) {
        return error instanceof HttpError ? error.status : -1;
      }
      return 0;
    };
    expect(refused({ 'filter[startDate]': '2025-02-30' })).toBe(400);
    expect(refused({ 'filter[startDate]': '2025-01-02', 'filter[endDate]': '2025-01-01' }, 422)).toBe(422);
    expect(refused({ sort: 'remarks' })).toBe(400);
    expect(refused({ 'filter[type]': '3' })).toBe(400);
    expect(refused({ 'filter[status]': 'DONE' })).toBe(400);
    expect(parseTransactionQuery({ 'filter[userId]': 'u-1' }, options).filters.userId).toBeNull();
  });
});
