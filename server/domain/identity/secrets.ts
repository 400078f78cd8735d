// Client secrets are stored hashed and shown once (identity-and-catalogue §3): the clear value leaves the gateway only
// in the answer of the request that created it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: what a secret sent without a value gets. */
export function generateSecretValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** True when `value` hashes to one of `hashes` (compared in constant time). */
export function matchesSecret(value: string, hashes: readonly string[]): boolean {
  const candidate = Buffer.from(hashSecret(value), 'hex');
  return hashes.some((hash) => {
    const stored = Buffer.from(hash, 'hex');
    return stored.length === candidate.length && timingSafeEqual(stored, candidate);
  });
}

/** A client id for a tenant made in the Control Panel: the base64 of a random GUID (identity-and-catalogue §3). */
export function generateClientId(): string {
  const bytes = randomBytes(16);
  // RFC 4122 version 4, variant 1.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return bytes.toString('base64');
}
