// Authenticator-app codes (RFC 6238 TOTP over RFC 4226 HOTP): HMAC-SHA1, 30-second steps, 6 digits, the step before
// and after accepted for clock drift. Built on node:crypto (no TOTP library is installed).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The time-step of `now`. */
export function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time-step (RFC 4226 §5.3 dynamic truncation). */
export function codeAt(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The time-step whose code `code` is, among now's and its neighbours' after `lastStep`; undefined when none. */
export function matchingStep(secret: Buffer, code: string, now: Date, lastStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = timeStep(now);
  let found: number | undefined;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step += 1) {
    // Every candidate is compared, so the time taken does not tell which one matched.
    if (timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(code)) && (lastStep === null || step > lastStep)) found ??= step;
  }
  return found;
}

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4648 base32 without padding, as authenticator apps read it. */
export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text (the demo's fixed secret is written so); throws on a character outside the alphabet. */
export function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format). */
export function otpauthUri(secret: Buffer, account: string, issuer = 'Teller'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: base32(secret), issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
