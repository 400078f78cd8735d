import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, formatAmount, formatDate, formatMoney, formatNumber, formatReportDate } from './format';

describe('formatNumber', () => {
  it('[UW-9.10] uses 0,0.00[00]: thousands separators, 2 to 4 decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567.00');
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0.12345)).toBe('0.1235');
    expect(formatNumber(12.3456)).toBe('12.3456');
    expect(formatNumber(12.345)).toBe('12.345');
    expect(formatNumber('1250.00')).toBe('1,250.00');
    expect(formatNumber(-9876543.21)).toBe('-9,876,543.21');
  });

  it('rounds decimal strings exactly, half away from zero', () => {
    expect(formatNumber('1.00005')).toBe('1.0001');
    expect(formatNumber('999999.99999')).toBe('1,000,000.00');
    expect(formatNumber('-0.00001')).toBe('0.00');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatMoney', () => {
  it('[UW-9.11] shows balances with 2 decimals', () => {
    expect(formatAmount('1250')).toBe('1,250.00');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount('10.499')).toBe('10.50');
    expect(formatMoney('1250.5', { code: 'GMD', symbol: 'D' })).toBe('D 1,250.50');
    expect(formatMoney(3, 'EUR')).toBe('EUR 3.00');
  });

  it('[UW-9.12] shows a missing currency as USD with symbol D', () => {
    expect(DEFAULT_CURRENCY).toEqual({ code: 'USD', symbol: 'D' });
    expect(formatMoney(1250)).toBe('D 1,250.00');
    expect(formatMoney('7', null)).toBe('D 7.00');
    expect(formatMoney('7', {})).toBe('D 7.00');
    expect(formatMoney(null)).toBe('');
  });
});

describe('dates', () => {
  it('[UW-9.13] displays dates as DD-MMM-YYYY h:mma', () => {
    expect(formatDate(new Date(2025, 0, 5, 15, 4))).toBe('05-Jan-2025 3:04pm');
    expect(formatDate(new Date(2024, 11, 31, 0, 30).toISOString())).toBe('31-Dec-2024 12:30am');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('[UW-9.06] sends report dates as YYYY-MM-DD', () => {
    expect(formatReportDate(new Date(2025, 1, 3, 23, 59))).toBe('2025-02-03');
    expect(formatReportDate(undefined)).toBe('');
  });
});
