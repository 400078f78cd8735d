import { describe, expect, it } from 'vitest';
import { equal, formats, isIsoDate, localIsoDate, notBeforeToday, notLaterThanYearsAgo, ucs2length } from './validator-runtime';

describe('precompiled validator runtime', () => {
  it('counts code points, not UTF-16 units, for length limits', () => {
    expect(ucs2length('Zoë')).toBe(3);
    expect(ucs2length('😀😀')).toBe(2);
  });

  it('compares JSON values structurally', () => {
    expect(equal({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(equal({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(equal([1, 2], [2, 1])).toBe(false);
    expect(equal(Number.NaN, Number.NaN)).toBe(true);
  });

  it('[UW-5.23] accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2008-02-29')).toBe(true);
    expect(isIsoDate('2007-02-29')).toBe(false);
    expect(isIsoDate('29-02-2008')).toBe(false);
    expect(isIsoDate('2008-2-9')).toBe(false);
  });

  it('[UW-5.23] refuses a year before 1900, the slip of a date typed key by key (0201 for 2016)', () => {
    expect(isIsoDate('0201-01-01')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('1900-01-01')).toBe(true);
  });

  it('[UW-5.24] knows a valid email from an invalid one', () => {
    expect(formats.email.test('super@demo.test')).toBe(true);
    expect(formats.email.test('first.last+tag@mail.example.gm')).toBe(true);
    expect(formats.email.test('not-an-email')).toBe(false);
    expect(formats.email.test('a@b')).toBe(false);
  });

  it('[UW-5.22] a birth date must be no later than today minus 16 years', () => {
    const today = new Date(2025, 5, 15);
    expect(localIsoDate(today, 16)).toBe('2009-06-15');
    expect(notLaterThanYearsAgo('2009-06-15', 16, today)).toBe(true);
    expect(notLaterThanYearsAgo('2009-06-16', 16, today)).toBe(false);
    expect(notLaterThanYearsAgo('1990-01-01', 16, today)).toBe(true);
  });

  it('[UW-5.41] an expiry date may be today but not before', () => {
    const today = new Date(2025, 0, 1);
    expect(notBeforeToday('2025-01-01', today)).toBe(true);
    expect(notBeforeToday('2024-12-31', today)).toBe(false);
    expect(notBeforeToday('2030-05-05', today)).toBe(true);
  });
});
