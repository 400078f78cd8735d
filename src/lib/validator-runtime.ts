// The runtime the precompiled form validators import (src/generated/validators/*.js). It replaces the pieces of
// ajv that standalone code would otherwise `require`, so the browser never loads ajv and never compiles code
// (the app runs under a Content-Security-Policy without unsafe-eval). Keep it free of DOM and React, and of the app's
// layers: src/lib sits beneath them all, since the generated validators, the config's form compiler and the renderer
// all import it.

/** Length in Unicode code points, as JSON Schema counts `minLength`/`maxLength` (ajv's ucs2length). */
export function ucs2length(text: string): number {
  return Array.from(text).length;
}

/** Structural equality for `enum`, `const` and `uniqueItems` over JSON values. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => equal(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && equal(left[key], right[key]));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** No birth or expiry date a staff member enters lies before this year: an earlier one is a slip (0201 for 2016). */
export const EARLIEST_YEAR = 1900;

/** users-and-wallets §5 and §9: dates are entered and sent as YYYY-MM-DD, real calendar days from EARLIEST_YEAR on. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// ajv-formats' "full" email pattern, so the browser and the gateway agree on what an email is.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The JSON Schema formats form files may use. Adding one here makes it available to every form. */
export const formats = {
  date: isIsoDate,
  email: EMAIL,
} satisfies Record<string, RegExp | ((value: string) => boolean)>;

export type FormatName = keyof typeof formats;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Today in the staff member's own calendar (local time), as YYYY-MM-DD, optionally shifted by whole years. */
export function localIsoDate(today: Date = new Date(), yearsBack = 0): string {
  return `${today.getFullYear() - yearsBack}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/**
 * Keyword `notLaterThanYearsAgo: N`: a YYYY-MM-DD date no later than today minus N years
 * (users-and-wallets §5: the birth date gives a minimum age of 16). Non-dates are left to `format`.
 */
export function notLaterThanYearsAgo(value: unknown, years: number, today: Date = new Date()): boolean {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return true;
  return value <= localIsoDate(today, years);
}

/** Keyword `notBeforeToday: true`: a YYYY-MM-DD date that is today or later (users-and-wallets §5: document expiry). */
export function notBeforeToday(value: unknown, today: Date = new Date()): boolean {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return true;
  return value >= localIsoDate(today);
}
