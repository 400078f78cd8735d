import { describe, expect, it } from 'vitest';
import { defaultReportRange, rangeFilters, rangeFromSearch } from './report-range';

const today = new Date(2026, 10, 22, 15, 30);

describe('report date range', () => {
  it('[UW-9.06] defaults to the last 7 days to today, as YYYY-MM-DD', () => {
    expect(defaultReportRange(today)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-22' });
    expect(defaultReportRange(new Date(2026, 2, 3))).toEqual({ startDate: '2026-02-24', endDate: '2026-03-03' });
  });

  it('takes a valid range from the address, else the default', () => {
    expect(rangeFromSearch(new URLSearchParams('startDate=2026-08-01&endDate=2026-11-22'), today)).toEqual({
      startDate: '2026-08-01',
      endDate: '2026-11-22',
    });
    const fallback = { startDate: '2026-11-15', endDate: '2026-11-22' };
    expect(rangeFromSearch(new URLSearchParams('startDate=2026-11-22&endDate=2026-11-01'), today)).toEqual(fallback);
    expect(rangeFromSearch(new URLSearchParams('startDate=2026-02-30&endDate=2026-03-01'), today)).toEqual(fallback);
    expect(rangeFromSearch(new URLSearchParams('startDate=22-11-2026&endDate=2026-11-22'), today)).toEqual(fallback);
    expect(rangeFromSearch(new URLSearchParams(''), today)).toEqual(fallback);
  });

  it('[UW-7.24] is sent as filter[startDate] and filter[endDate]', () => {
    expect(rangeFilters({ startDate: '2026-11-15', endDate: '2026-11-22' })).toEqual({
      'filter[startDate]': '2026-11-15',
      'filter[endDate]': '2026-11-22',
    });
  });
});
