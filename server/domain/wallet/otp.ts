// One-time codes that confirm a wallet transaction (users-and-wallets §4 steps 3 to 6, §9 "OTP 6 digits";
// users-and-wallets §4): bound to one transaction, single use, dead after 5 minutes or 5 wrong tries, and a re-send
// revokes the previous code.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection.ts';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export interface LiveCode {
  id: number;
  codeHash: string;
  attempts: number;
  expires: string;
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Keyed with the gateway's secret and the transaction id: a copy of the table reveals no code, and the same
 * six digits hash differently for every other transaction, so a code cannot confirm another one.
 */
export function hashCode(secret: Uint8Array, transactionId: number, code: string): string {
  return createHmac('sha256', secret).update(`wallet-otp:${transactionId}:${code}`).digest('hex');
}

export function codeMatches(secret: Uint8Array, transactionId: number, code: string, codeHash: string): boolean {
  const given = Buffer.from(hashCode(secret, transactionId, code), 'hex');
  const stored = Buffer.from(codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The transaction's current code (newest, neither used nor revoked), expired or not. */
export async function liveCode(db: Db, transactionId: number): Promise<LiveCode | undefined> {
  const row = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires'])
    .where('transaction_id', '=', transactionId)
    .where('used', '=', 0)
    .where('revoked', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, codeHash: row.code_hash, attempts: row.attempts, expires: row.expires };
}

export function isExpired(code: Pick<LiveCode, 'expires'>, now: Date): boolean {
  return code.expires <= now.toISOString();
}

/** Revokes the transaction's codes and stores a new one; returns the new code in clear, for the outbox only. */
export async function issueCode(db: Db, transactionId: number, secret: Uint8Array, now: Date): Promise<string> {
  await revokeCodes(db, transactionId);
  const code = newCode();
  await db
    .insertInto('otp_codes')
    .values({
      transaction_id: transactionId,
      code_hash: hashCode(secret, transactionId, code),
      attempts: 0,
      expires: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
      used: 0,
      revoked: 0,
      created: now.toISOString(),
    })
    .execute();
  return code;
}

export async function revokeCodes(db: Db, transactionId: number): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ revoked: 1 })
    .where('transaction_id', '=', transactionId)
    .where('used', '=', 0)
    .where('revoked', '=', 0)
    .execute();
}

/**
 * Counts a try of the live code before it is compared; returns the tries so far, this one included, or undefined when
 * the code is no longer live or has had its OTP_MAX_ATTEMPTS tries.
 */
export async function countTry(db: Db, codeId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('used', '=', 0)
    .where('revoked', '=', 0)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Marks the code used; false when another request used or revoked it first. */
export async function useCode(db: Db, codeId: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set({ used: 1 })
    .where('id', '=', codeId)
    .where('used', '=', 0)
    .where('revoked', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
