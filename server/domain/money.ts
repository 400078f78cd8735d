// Money on the wire is a whole amount in (integer or digit string) and a decimal string out ("1250.00");
// inside the gateway it is integer minor units (2 decimals). Never a binary float.
import { DomainRefusal } from './refusal.ts';

/** Two decimals: 100 minor units to a whole unit. */
export const MINOR_PER_MAJOR = 100;
/** Largest whole amount a request may carry (the contract's WholeAmount). */
export const MAX_WHOLE_AMOUNT = 1_000_000_000_000;
/**
 * Largest balance a wallet may hold, in minor units (10,000,000,000,000.00; the contract's wallet rules): a
 * balance stays an exact JS number (below 2^53), however many top-ups land on one wallet. Sums over many
 * wallets or transactions have no such bound and are added as bigint (db/exact-sum.ts).
 */
export const MAX_BALANCE_MINOR = 1_000_000_000_000_000;

export interface WholeAmountOptions {
  /** The request attribute named in the refusal, e.g. `Amount`. */
  field: string;
  /** Cash-out sends the amount negative (users-and-wallets §4). */
  allowNegative?: boolean;
  /** Smallest absolute whole amount accepted; default 1. */
  min?: number;
  /** Message for every rejection; default the spec's 'Invalid Value. Whole numbers only.' (§5). */
  message?: string;
}

/** Parses a whole amount (integer, or a string of digits with an optional `-`) into minor units, else refuses it as invalid. */
export function parseWholeAmount(value: unknown, options: WholeAmountOptions): number {
  const message = options.message ?? 'Invalid Value. Whole numbers only.';
  const invalid = () => new DomainRefusal('invalid', { message, field: options.field });
  let whole: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw invalid();
    whole = value;
  } else if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) {
    whole = Number(value);
    if (!Number.isSafeInteger(whole)) throw invalid();
  } else {
    throw invalid();
  }
  if (whole < 0 && !options.allowNegative) throw invalid();
  const magnitude = Math.abs(whole);
  if (magnitude < (options.min ?? 1) || magnitude > MAX_WHOLE_AMOUNT) throw invalid();
  return whole * MINOR_PER_MAJOR;
}

/** Formats minor units as a decimal string with 2 decimals: 125000 → "1250.00", -5 → "-0.05"; a bigint is exact at any size. */
export function formatMinor(minor: number | bigint): string {
  if (typeof minor === 'number') {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
    // Integer arithmetic below 2^53 is exact, and a quarter of BigInt's cost on a 1,000,000-row report.
    const magnitude = Math.abs(minor);
    const cents = magnitude % MINOR_PER_MAJOR;
    return `${minor < 0 ? '-' : ''}${(magnitude - cents) / MINOR_PER_MAJOR}.${cents < 10 ? '0' : ''}${cents}`;
  }
  const sign = minor < 0n ? '-' : '';
  const magnitude = minor < 0n ? -minor : minor;
  const major = magnitude / BigInt(MINOR_PER_MAJOR);
  const cents = magnitude % BigInt(MINOR_PER_MAJOR);
  return `${sign}${major}.${String(cents).padStart(2, '0')}`;
}
