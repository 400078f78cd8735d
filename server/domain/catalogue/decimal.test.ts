import { describe, expect, it } from 'vitest';
import { formatScaled, readDecimal } from './decimal.ts';

describe('decimals (identity-and-catalogue §5 "parsed as decimals")', () => {
  it('[IC-5.24] reads numbers and decimal strings exactly, at the scale asked', () => {
    expect(readDecimal(0.1, 6)).toBe(100_000n);
    expect(readDecimal('1520.35', 6)).toBe(1_520_350_000n);
    expect(readDecimal(1.5, 2)).toBe(150n);
    expect(readDecimal('0', 2)).toBe(0n);
    expect(readDecimal(999_999_999_999.99, 2)).toBe(99_999_999_999_999n);
  });

  it('[IC-5.20] refuses exponents, signs, too many decimals and anything not a number or text', () => {
    for (const value of ['1e3', 1e21, 1e-7, '-1', '01', '1.', '.5', ' 1', '1.005', true, null, undefined, [1], Number.NaN]) {
      expect(readDecimal(value, 2), String(value)).toBeUndefined();
    }
  });

  it('formats 2 to 6 decimals without trailing zeros past the minimum', () => {
    expect(formatScaled(150n, 2)).toBe('1.50');
    expect(formatScaled(1_520_350_000n, 6, 2)).toBe('1520.35');
    expect(formatScaled(24_673_913n, 6, 2)).toBe('24.673913');
    expect(formatScaled(5n, 2)).toBe('0.05');
  });
});
