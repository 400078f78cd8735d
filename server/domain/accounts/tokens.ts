// Single-use account tokens (docs/decisions.md "Password recovery"): reset links, new-account links and recovery
// codes. Only a hash is stored; the clear value leaves once, in the outbox.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { AccountTokenKind } from '../../db/schema.ts';

const MINUTE = 60 * 1000;

/** How long each kind of token lives. */
const TOKEN_LIFETIME_MS: Record<AccountTokenKind, number> = {
  reset: 60 * MINUTE,
  newaccount: 72 * 60 * MINUTE,
  recovery: 15 * MINUTE,
};

/** Wrong recovery codes allowed before the code dies. */
export const RECOVERY_CODE_ATTEMPTS = 5;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Link tokens carry 256 random bits, so an unsalted hash is enough to look them up. */
export function hashLinkToken(token: string): string {
  return `link$${sha256(token)}`;
}

/** Recovery codes are 6 digits: salted, so equal codes of two users never collide and a stolen table is no lookup. */
function hashRecoveryCode(code: string, salt: string = randomBytes(16).toString('base64url')): string {
  return `code$${salt}$${sha256(`${salt}:${code}`)}`;
}

export function recoveryCodeMatches(code: string, stored: string): boolean {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== 'code' || !salt || !expected) return false;
  const actual = Buffer.from(hashRecoveryCode(code, salt));
  const wanted = Buffer.from(stored);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

function newSecret(kind: AccountTokenKind): string {
  return kind === 'recovery' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(32).toString('base64url');
}

/**
 * Issues a token of this kind for the user and retires the user's earlier unused tokens of the same kind
 * (a re-sent code or link replaces the previous one). Returns the clear value. Call it inside a transaction.
 */
export async function issueAccountToken(db: Db, userId: number, kind: AccountTokenKind, now: Date): Promise<string> {
  await db
    .updateTable('account_tokens')
    .set({ used: 1 })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used', '=', 0)
    .execute();
  const secret = newSecret(kind);
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: kind === 'recovery' ? hashRecoveryCode(secret) : hashLinkToken(secret),
      attempts: 0,
      expires: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]).toISOString(),
      used: 0,
      created: now.toISOString(),
    })
    .execute();
  return secret;
}

/**
 * Marks the token used if nobody used it first; false when another request won the race.
 * Single use holds even under concurrent requests because the update is conditional.
 */
export async function consumeAccountToken(db: Db, tokenId: number): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used: 1 })
    .where('id', '=', tokenId)
    .where('used', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
