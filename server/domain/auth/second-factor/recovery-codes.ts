// One-time recovery codes (NIST SP 800-63B §5.1.2 look-up secrets): 10 random codes of 50 bits, shown once and kept
// as scrypt hashes like passwords; a code is spent by its use.
import { randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 alphabet: no I, L, O, U to misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXXX-XXXXX`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The code as stored and compared: upper case, without spaces and hyphens; undefined when it cannot be one. */
export function normalizeRecoveryCode(text: string): string | undefined {
  const plain = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(plain) ? plain : undefined;
}
