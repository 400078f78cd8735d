// Pure rules of the wallet domain: fees, kinds, request fingerprints, codes, references, dates.
import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPE } from '../reference.ts';
import { periodsOf } from '../statistics/transactions.ts';
import { feeFor } from './fees.ts';
import { canonicalJson, requestHash } from './idempotency.ts';
import { kindFromAmount } from './kinds.ts';
import { codeMatches, hashCode, newCode } from './otp.ts';
import { displayDate } from '../pdf/table-pdf.ts';
import { daysBefore, isCalendarDay, nextDay } from './query.ts';
import { referenceNumber } from './transactions.ts';

describe('fees', () => {
  it('charges 1 % on a top-up, kept between 1.00 and 50.00, rounded half up to the cent', () => {
    expect(feeFor(TRANSACTION_TYPE.TopUp, 50_000)).toBe(500);
    expect(feeFor(TRANSACTION_TYPE.TopUp, 5_000)).toBe(100);
    expect(feeFor(TRANSACTION_TYPE.TopUp, 12_350)).toBe(124);
    expect(feeFor(TRANSACTION_TYPE.TopUp, 100_000_000)).toBe(5_000);
  });

  it('charges 1 % on a cash-out whatever its sign, up to 100.00, and 0.5 % on a loan, at least 5.00', () => {
    expect(feeFor(TRANSACTION_TYPE.CashOut, -20_000)).toBe(200);
    expect(feeFor(TRANSACTION_TYPE.CashOut, -100_000_000)).toBe(10_000);
    expect(feeFor(TRANSACTION_TYPE.Loan, 100_000)).toBe(500);
    expect(feeFor(TRANSACTION_TYPE.Loan, 1_000)).toBe(500);
    expect(feeFor(TRANSACTION_TYPE.Loan, 1_000_000)).toBe(5_000);
  });

  it('stays exact for the largest amount a request may carry', () => {
    expect(feeFor(TRANSACTION_TYPE.TopUp, 100_000_000_000_000)).toBe(5_000);
  });
});

describe('kind of a transaction without service or template (users-and-wallets §4)', () => {
  it('[UW-4.40] is a cash-out for a negative amount, a loan with a loan id, else a top-up', () => {
    expect(kindFromAmount(-100, undefined)).toBe(TRANSACTION_TYPE.CashOut);
    expect(kindFromAmount(100, 'LN-001')).toBe(TRANSACTION_TYPE.Loan);
    expect(kindFromAmount(100, '  ')).toBe(TRANSACTION_TYPE.TopUp);
    expect(kindFromAmount(100, undefined)).toBe(TRANSACTION_TYPE.TopUp);
  });
});

describe('request fingerprints for Idempotency-Key', () => {
  it('ignore the order of object keys but not values, arrays order or the operation', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,1]},"b":1}');
    expect(requestHash('op', { a: 1, b: 2 })).toBe(requestHash('op', { b: 2, a: 1 }));
    expect(requestHash('op', { a: 1 })).not.toBe(requestHash('op', { a: '1' }));
    expect(requestHash('op', { a: [1, 2] })).not.toBe(requestHash('op', { a: [2, 1] }));
    expect(requestHash('one', { a: 1 })).not.toBe(requestHash('other', { a: 1 }));
  });
});

describe('one-time codes', () => {
  const secret = new TextEncoder().encode('x'.repeat(40));

  it('are 6 digits', () => {
    for (let index = 0; index < 50; index += 1) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('match only for the transaction they were issued for', () => {
    const hash = hashCode(secret, 7, '123456');
    expect(codeMatches(secret, 7, '123456', hash)).toBe(true);
    expect(codeMatches(secret, 8, '123456', hash)).toBe(false);
    expect(codeMatches(secret, 7, '123457', hash)).toBe(false);
    expect(hash).not.toContain('123456');
  });
});

describe('reference numbers', () => {
  it('are WT, the UTC day and the id, so they sort by creation', () => {
    expect(referenceNumber(42, new Date('2025-01-15T23:59:00Z'))).toBe('WT2025011500000042');
    expect(referenceNumber(9, new Date('2025-01-15T00:00:00Z')) < referenceNumber(10, new Date('2025-01-15T00:00:00Z'))).toBe(true);
  });
});

describe('calendar days', () => {
  it('does calendar arithmetic in UTC', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(daysBefore('2025-03-01', 7)).toBe('2025-02-22');
  });
});

describe('dates and periods', () => {
  it('[UW-9.13] displays dates as DD-MMM-YYYY h:mma', () => {
    expect(displayDate('2025-01-05T00:07:00.000Z')).toBe('05-Jan-2025 12:07am');
    expect(displayDate('2025-11-21T13:30:00.000Z')).toBe('21-Nov-2025 1:30pm');
  });

  it('[IC-2.38] has 7 daily periods for weekly and 12 monthly ones for monthly, oldest first', () => {
    expect(periodsOf('weekly', '2025-03-02')).toEqual(['2025-02-24', '2025-02-25', '2025-02-26', '2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
    const months = periodsOf('monthly', '2025-01-31');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2024-02-01');
    expect(months[11]).toBe('2025-01-01');
  });
});
