// Helpers shared by the wallet and statistics gateway tests.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Tenant } from '../db/schema.ts';
import { sessionFor } from '../domain/auth/identity.ts';
import { openSession } from '../domain/auth/sessions.ts';
import { signToken } from '../domain/auth/tokens.ts';
import { bearer } from '../testing.ts';

/**
 * A token of `userId` acting in `tenant`, with a session of its own, that outlives clock jumps in long tests (the
 * gateway's own sessions last 2 hours).
 */
export async function longLivedToken(app: FastifyInstance, userId: number, roleBits: number, tenant: Pick<Tenant, 'id' | 'claim' | 'type'>): Promise<string> {
  const now = app.teller.now();
  const ttlSeconds = 30 * 24 * 3600;
  const { id } = await openSession(app.db, { userId, client: 'teller-web', now, ttlSeconds });
  const { token } = await signToken(sessionFor(userId, roleBits, tenant, id), app.teller.jwtSecret, { now, ttlSeconds });
  return token;
}

export interface WalletClient {
  create(attributes: Record<string, unknown>, key?: string): Promise<LightMyRequestResponse>;
  confirm(id: string, otp: string): Promise<LightMyRequestResponse>;
  resend(id: string): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
}

let keys = 0;
/** A fresh Idempotency-Key. */
export function newKey(): string {
  keys += 1;
  return `test-key-${process.pid}-${keys}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The calls of the top-up flow, as the web client makes them, signed with `token`. */
export function walletClient(app: FastifyInstance, token: string, remoteAddress = '127.0.0.1'): WalletClient {
  return {
    create: (attributes, key = newKey()) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/wallet-transactions',
        remoteAddress,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { data: { type: 'wallettransaction', attributes } },
      }),
    confirm: (id, otp) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/wallet-transactions/${id}`,
        remoteAddress,
        headers: bearer(token),
        payload: { data: { type: 'wallettransaction', id, attributes: { Otp: otp } } },
      }),
    resend: (id) => app.inject({ method: 'GET', url: `/api/v1/wallet-transaction-otp/${id}`, remoteAddress, headers: bearer(token) }),
    get: (url) => app.inject({ method: 'GET', url, remoteAddress, headers: bearer(token) }),
  };
}

/** The newest code the outbox holds for a transaction (found by its reference number). */
export async function codeFor(app: FastifyInstance, referenceNumber: string): Promise<string> {
  const row = await app.db
    .selectFrom('outbox')
    .select('code')
    .where('body', 'like', `%${referenceNumber}%`)
    .where('code', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row?.code) throw new Error(`No code in the outbox for ${referenceNumber}`);
  return row.code;
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function balanceOf(app: FastifyInstance, walletId: number): Promise<number> {
  const row = await app.db.selectFrom('wallets').select('balance_minor').where('id', '=', walletId).executeTakeFirstOrThrow();
  return row.balance_minor;
}

export async function statusOf(app: FastifyInstance, transactionId: string): Promise<string> {
  const row = await app.db
    .selectFrom('wallet_transactions')
    .select('status')
    .where('id', '=', Number(transactionId))
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Σ amount of the wallet's COMPLETED transactions, minor units (the invariant every balance keeps). */
export async function completedSum(app: FastifyInstance, walletId: number): Promise<number> {
  const row = await app.db
    .selectFrom('wallet_transactions')
    .select((eb) => eb.fn.sum<number | string | null>('amount_minor').as('sum'))
    .where('wallet_id', '=', walletId)
    .where('status', '=', 'COMPLETED')
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}
