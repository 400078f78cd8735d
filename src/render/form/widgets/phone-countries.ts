// users-and-wallets §9: the phone input defaults to the Gambia (gm, dial code 220); gm and ae are the preferred
// countries, each with its own mask. A phone is stored as digits only, dial code first (users-and-wallets §5:
// digits only, 7 to 20).

export interface PhoneCountry {
  code: string;
  name: string;
  dial: string;
  /** `9` is a digit slot. */
  mask: string;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'gm', name: 'Gambia', dial: '220', mask: '999 9999' },
  { code: 'ae', name: 'United Arab Emirates', dial: '971', mask: '99 999 9999' },
];

export const DEFAULT_PHONE_COUNTRY = 'gm';

export function phoneCountry(code: unknown): PhoneCountry {
  const found = PHONE_COUNTRIES.find((country) => country.code === code) ?? PHONE_COUNTRIES.find((country) => country.code === DEFAULT_PHONE_COUNTRY);
  if (!found) throw new Error(`PHONE_COUNTRIES must hold the default country ${DEFAULT_PHONE_COUNTRY}`);
  return found;
}

/** The countries a phone field offers: `ui:options.preferredCountries` that have a mask, else all. */
export function offeredCountries(preferred: unknown): PhoneCountry[] {
  const codes = Array.isArray(preferred) ? preferred : [];
  const offered = PHONE_COUNTRIES.filter((country) => codes.includes(country.code));
  return offered.length > 0 ? offered : [...PHONE_COUNTRIES];
}

/** The country whose dial code starts the stored digits (`fallback` otherwise) and the local digits. */
export function splitPhone(value: unknown, fallback: PhoneCountry = phoneCountry(DEFAULT_PHONE_COUNTRY)): { country: PhoneCountry; local: string } {
  const digits = typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\D/g, '') : '';
  const country = PHONE_COUNTRIES.find((candidate) => digits.startsWith(candidate.dial) && digits.length > candidate.dial.length);
  return country ? { country, local: digits.slice(country.dial.length) } : { country: fallback, local: digits };
}

/** Dial code and local digits as stored; nothing when no local digit was typed. */
export function joinPhone(country: PhoneCountry, local: string): string | undefined {
  const digits = local.replace(/\D/g, '');
  return digits === '' ? undefined : `${country.dial}${digits}`;
}

/** The local digits laid into the country's mask, e.g. 7012345 -> 701 2345. */
export function maskDigits(digits: string, mask: string): string {
  let output = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    if (slot === '9') output += digits[next++];
    else output += slot;
  }
  return output;
}
