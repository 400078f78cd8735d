// Password hashing with scrypt (node:crypto): `scrypt$N$r$p$<salt b64>$<hash b64>`, compared in constant time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a random salt (or the given one: the demo seed passes a fixed salt to stay deterministic). */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await derive(password, salt, { N, r, p }, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when the password matches the stored hash; false for a malformed hash. Takes the same time either way. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const options = { N: Number(n), r: Number(rr), p: Number(pp), maxmem: 256 * Number(n) * Number(rr) };
  if (!Number.isInteger(options.N) || expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(saltText, 'base64'), options, expected.length);
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/** Spends the time of one verification without an account, so an unknown username answers as slowly as a known one. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(password, await decoy);
  return false;
}
