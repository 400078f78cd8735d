import { describe, expect, it } from 'vitest';
import { formatMinor, parseWholeAmount } from './money.ts';
import { DomainRefusal } from './refusal.ts';

const field = 'Amount';
/** The contract's WholeAmount: a magnitude above 1000000000000 is refused. */
const LARGEST_WHOLE_AMOUNT = 1_000_000_000_000;

describe('money', () => {
  it('parses whole amounts given as integers or digit strings into minor units', () => {
    expect(parseWholeAmount(1250, { field })).toBe(125_000);
    expect(parseWholeAmount('1250', { field })).toBe(125_000);
    expect(parseWholeAmount('-30', { field, allowNegative: true })).toBe(-3_000);
    expect(parseWholeAmount(LARGEST_WHOLE_AMOUNT, { field })).toBe(100_000_000_000_000);
    expect(parseWholeAmount(String(-LARGEST_WHOLE_AMOUNT), { field, allowNegative: true })).toBe(-100_000_000_000_000);
  });

  it("[UW-5.48] [UW-5.49] refuses decimals, floats, signs, blanks, zero and out-of-range amounts with 'Invalid Value. Whole numbers only.'", () => {
    for (const value of [12.5, '12.50', '1e3', ' 12', '+12', '', '0', 0, -5, '-5', LARGEST_WHOLE_AMOUNT + 1, '1000000000001', '123456789012345678901', null, undefined, [], {}, Number.NaN]) {
      let caught: unknown;
      try {
        parseWholeAmount(value, { field });
      } catch (error) {
        caught = error;
      }
      expect(caught, JSON.stringify(value)).toBeInstanceOf(DomainRefusal);
      expect(caught).toMatchObject({ kind: 'invalid', reasons: [{ message: 'Invalid Value. Whole numbers only.', field }] });
    }
  });

  it('formats minor units as decimal strings with two decimals, without floats', () => {
    expect(formatMinor(125_000)).toBe('1250.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-3_010)).toBe('-30.10');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(90_071_992_547_409)).toBe('900719925474.09');
    expect(formatMinor(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatMinor(-Number.MAX_SAFE_INTEGER)).toBe('-90071992547409.91');
    expect([1, 10, 99, 100, 101, -1, -100, -0].map(formatMinor)).toEqual(['0.01', '0.10', '0.99', '1.00', '1.01', '-0.01', '-1.00', '0.00']);
    expect(() => formatMinor(1.5)).toThrow(RangeError);
    expect(() => formatMinor(2 ** 53)).toThrow(RangeError);
  });

  it('formats a bigint of minor units exactly at any size', () => {
    expect(formatMinor(9_100_000_000_000_000_007n)).toBe('91000000000000000.07');
    expect(formatMinor(-5n)).toBe('-0.05');
    expect(formatMinor(0n)).toBe('0.00');
  });
});
