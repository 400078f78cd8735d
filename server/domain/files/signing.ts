// Signed file URLs (the contract: `/files/{fileId}?exp=...&sig=...`, no bearer, so `<img>` can load them).
// sig = HMAC-SHA256 over "<fileId>.<exp>" with a key derived from the gateway secret, base64url.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed URL works; rounded up to the next hour so repeated reads give the same, cacheable URL. */
const FILE_URL_LIFETIME_SECONDS = 12 * 60 * 60;
const HOUR_SECONDS = 60 * 60;

/** Turns a file id into its signed URL. */
export type FileUrlSigner = (fileId: string) => string;

function fileKey(secret: Uint8Array): Buffer {
  // A key of its own, so a file signature can never stand in for a token signature and the other way round.
  return createHmac('sha256', secret).update('teller/files/v1').digest();
}

function signature(key: Buffer, fileId: string, exp: number): string {
  return createHmac('sha256', key).update(`${fileId}.${exp}`).digest('base64url');
}

export function fileUrlSigner(secret: Uint8Array, now: Date): FileUrlSigner {
  const key = fileKey(secret);
  const seconds = Math.floor(now.getTime() / 1000) + FILE_URL_LIFETIME_SECONDS;
  const exp = Math.ceil(seconds / HOUR_SECONDS) * HOUR_SECONDS;
  return (fileId) => `/files/${encodeURIComponent(fileId)}?exp=${exp}&sig=${signature(key, fileId, exp)}`;
}

/** True when `sig` signs this file id and expiry and the expiry has not passed. */
export function verifyFileUrl(secret: Uint8Array, fileId: string, exp: number, sig: string, now: Date): boolean {
  if (!Number.isSafeInteger(exp) || exp * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(fileKey(secret), fileId, exp));
  const actual = Buffer.from(sig);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Seconds until the URL expires, for Cache-Control. */
export function secondsUntil(exp: number, now: Date): number {
  return Math.max(0, exp - Math.floor(now.getTime() / 1000));
}
