// Authenticator-app codes (RFC 6238 TOTP over RFC 4226 HOTP) by otplib: HMAC-SHA1, 30-second steps, 6 digits (its
// defaults, which every authenticator app reads), the step before and after accepted for clock drift (RFC 6238 §5.2)
// and a step already used refused (§5.2: "MUST NOT accept the second attempt of the same OTP"). The secret is kept as
// bytes, sealed (./sealed.ts); base32 is only how it is shown.
import { ScureBase32Plugin, generateSecret, generateURI, verify } from 'otplib';

const PERIOD_SECONDS = 30;
const base32Codec = new ScureBase32Plugin();

/** The time-step whose code `code` is, among now's and its neighbours' after `lastStep`; undefined when none. */
export async function matchingStep(secret: Uint8Array, code: string, now: Date, lastStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits), as bytes. */
export function newTotpSecret(): Buffer {
  return fromBase32(generateSecret({ length: 20 }));
}

/** RFC 4648 base32 without padding, as authenticator apps read it. */
export function base32(bytes: Uint8Array): string {
  return base32Codec.encode(bytes).replace(/=+$/, '');
}

/** The bytes of a base32 text (the demo's fixed secret is written so); throws on a character outside the alphabet. */
export function fromBase32(text: string): Buffer {
  return Buffer.from(base32Codec.decode(text));
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format). */
export function otpauthUri(secret: Uint8Array, account: string, issuer = 'Teller'): string {
  return generateURI({ issuer, label: account, secret: base32(secret) });
}
