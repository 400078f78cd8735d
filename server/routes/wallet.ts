// Wallet transactions (users-and-wallets §4 top-up flow, §7 calls; remittances-and-payouts §7 report and PDF).
import type { FastifyRequest } from 'fastify';
import { outboxLogOf, sessionOf } from '../context.ts';
import { attemptCounter, type AttemptCounter } from '../domain/attempts.ts';
import { keyedRequestHash } from '../domain/wallet/idempotency.ts';
import { countTransactions, exportTransactions, listTransactions, transactionTotals } from '../domain/wallet/listing.ts';
import { renderTransactionsPdf } from '../domain/wallet/pdf.ts';
import { daysBefore } from '../domain/wallet/query.ts';
import { MAX_BALANCE_MINOR, formatMinor } from '../domain/money.ts';
import {
  BALANCE_LIMIT,
  confirmWalletTransaction,
  createWalletTransaction,
  resendWalletTransactionCode,
  type ConfirmOutcome,
  type WalletActor,
} from '../domain/wallet/transactions.ts';
import { HttpError } from '../http/jsonapi.ts';
import { Attempts } from './_attempts.ts';
import { stampChangeCursor } from './_change-cursor.ts';
import { parseTransactionQuery, transactionList, transactionResult } from './_transactions.ts';
import type { Handlers } from './types.ts';
import { PDF_ROW_CAP } from '../domain/pdf/table-pdf.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Wrong codes allowed per staff account and per address in 15 minutes, across transactions (users-and-wallets §4). */
export const OTP_LIMITS = { perAccount: 20, perAddress: 50 } as const;

function otpCounters(account: string, address: string): AttemptCounter[] {
  return [
    attemptCounter('wallet-otp', 'account', account, { limit: OTP_LIMITS.perAccount, windowMs: FIFTEEN_MINUTES }),
    attemptCounter('wallet-otp', 'address', address, { limit: OTP_LIMITS.perAddress, windowMs: FIFTEEN_MINUTES }),
  ];
}
/** Re-sends of one transaction's code in 15 minutes. */
export const RESEND_LIMIT = 5;
/** users-and-wallets §8. */
export const RESEND_MESSAGE = 'OPT has successfully been sent to your registered mobile and email address.';
/** users-and-wallets §4 step 6, §8. */
export const INVALID_OTP = 'Invalid OTP entered!';

function actorOf(request: FastifyRequest): WalletActor {
  const { db, teller } = request.server;
  return { db, session: sessionOf(request), now: teller.now(), secret: teller.jwtSecret, outboxLog: outboxLogOf(request) };
}

function notPending(status: string): HttpError {
  return new HttpError(409, 'Transaction is no longer pending', { code: 'not_pending', detail: `It is ${status}.` });
}

const transactionNotFound = () => new HttpError(404, 'Transaction not found');

/** The HTTP answer of a confirmation that did not complete. */
function confirmRefusal(outcome: Exclude<ConfirmOutcome, { kind: 'completed' }>): HttpError {
  const otp = { pointer: '/data/attributes/Otp' };
  switch (outcome.kind) {
    case 'not_found':
      return transactionNotFound();
    case 'not_pending':
      return notPending(outcome.status);
    case 'wrong_code':
      return new HttpError(422, INVALID_OTP, {
        ...otp,
        code: 'invalid_otp',
        detail: `${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left before the transaction fails.`,
      });
    case 'too_many_tries':
      return new HttpError(422, INVALID_OTP, {
        ...otp,
        code: 'otp_attempts_exhausted',
        detail: 'Too many wrong codes: the transaction has failed. Start a new one.',
      });
    case 'expired':
      return new HttpError(422, INVALID_OTP, {
        ...otp,
        code: 'otp_expired',
        detail: 'The code has expired: the transaction has failed. Start a new one.',
      });
    case 'insufficient':
      return new HttpError(422, 'Insufficient wallet balance', {
        code: 'insufficient_funds',
        detail: `The wallet holds ${outcome.balance} ${outcome.currency}: the transaction has failed and no money moved.`,
      });
    case 'over_limit':
      return new HttpError(422, BALANCE_LIMIT, {
        code: 'balance_limit',
        detail: `A wallet holds at most ${formatMinor(MAX_BALANCE_MINOR)} ${outcome.currency}; this one holds ${outcome.balance}: the transaction has failed and no money moved.`,
      });
  }
}

function today(request: FastifyRequest): string {
  return request.server.teller.now().toISOString().slice(0, 10);
}

export const handlers: Handlers = {
  async listWalletTransactions(request, reply) {
    const session = sessionOf(request);
    const query = parseTransactionQuery(request.query, { defaultPageSize: 10, maxPageSize: 100, badRangeStatus: 400 });
    await stampChangeCursor(request, reply);
    return transactionList(await listTransactions(request.server.db, session, query), query.page);
  },

  async createWalletTransaction(request, reply) {
    const { body } = request;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !/^[A-Za-z0-9._:-]{8,128}$/.test(key)) {
      throw new HttpError(400, 'Idempotency-Key is required: 8 to 128 letters, digits or ._:-', { header: 'Idempotency-Key' });
    }
    const outcome = await createWalletTransaction(actorOf(request), body.data.attributes, {
      key,
      hash: keyedRequestHash('createWalletTransaction', body, request.query),
    });
    switch (outcome.kind) {
      case 'key_reused':
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request', {
          code: 'idempotency_key_reused',
          header: 'Idempotency-Key',
          detail: 'Send a new key for a new request; reuse a key only to retry the same request.',
        });
      case 'key_in_flight':
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', {
          code: 'idempotency_key_in_flight',
          header: 'Idempotency-Key',
        });
      case 'created':
      case 'replayed':
        reply.code(201);
        if (outcome.kind === 'replayed') reply.header('idempotent-replayed', 'true');
        return transactionResult(outcome.transaction);
    }
  },

  async confirmWalletTransaction(request) {
    const { id } = request.params;
    const { body } = request;
    if (body.data.id !== undefined && body.data.id !== id) {
      throw new HttpError(422, 'The id in the body is not the id in the path', { pointer: '/data/id' });
    }
    const actor = actorOf(request);
    const { userId, tenantId } = actor.session;
    const attempts = await Attempts.count(request, otpCounters(String(userId), request.ip), {
      detail: (minutes) => `Too many wrong codes. Try again in ${minutes} minutes.`,
      audit: { action: 'attempt.limit', entity: 'wallettransaction', entityId: id, actorUserId: userId, tenantId },
    });

    const outcome = await confirmWalletTransaction(actor, id, body.data.attributes.Otp);
    // Only wrong codes stay counted; every other outcome compared no code, or the right one.
    if (outcome.kind !== 'wrong_code' && outcome.kind !== 'too_many_tries') await attempts.release();
    if (outcome.kind === 'completed') return transactionResult(outcome.transaction);
    throw confirmRefusal(outcome);
  },

  async resendWalletTransactionOtp(request) {
    const { id } = request.params;
    const actor = actorOf(request);
    const { userId, tenantId } = actor.session;
    const resends = await Attempts.count(request, [attemptCounter('wallet-otp', 'resend', `${tenantId}:${id}`, { limit: RESEND_LIMIT, windowMs: FIFTEEN_MINUTES })], {
      detail: (minutes) => `This code was re-sent ${RESEND_LIMIT} times. Try again in ${minutes} minutes.`,
      audit: { action: 'attempt.limit', entity: 'wallettransaction', entityId: id, actorUserId: userId, tenantId },
    });

    const outcome = await resendWalletTransactionCode(actor, id);
    // Only codes actually sent count against the re-send limit.
    if (outcome.kind !== 'sent') await resends.release();
    switch (outcome.kind) {
      case 'sent':
        return { meta: { message: RESEND_MESSAGE } };
      case 'not_found':
        throw transactionNotFound();
      case 'not_pending':
        throw notPending(outcome.status);
      case 'expired':
        throw new HttpError(409, 'Transaction is no longer pending', {
          code: 'otp_expired',
          detail: 'The code expired, so the transaction has failed. Start a new one.',
        });
    }
  },

  async getTransactionReport(request) {
    const session = sessionOf(request);
    const day = today(request);
    const query = parseTransactionQuery(request.query, {
      defaultPageSize: 100_000,
      maxPageSize: 100_000,
      // users-and-wallets §9: the report's default range is the last 7 days to today.
      defaultRange: { startDate: daysBefore(day, 7), endDate: day },
      badRangeStatus: 422,
    });
    return transactionList(await listTransactions(request.server.db, session, query), query.page);
  },

  async getTransactionPdf(request, reply) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const query = parseTransactionQuery(request.query, { defaultPageSize: PDF_ROW_CAP, maxPageSize: 100_000, badRangeStatus: 422 });
    const { startDate, endDate } = query.filters;
    if (startDate === undefined || endDate === undefined) {
      throw new HttpError(400, 'filter[startDate] and filter[endDate] are required', {
        parameter: startDate === undefined ? 'filter[startDate]' : 'filter[endDate]',
      });
    }
    const [rows, matched, totals, tenant] = await Promise.all([
      exportTransactions(db, session, query, PDF_ROW_CAP),
      countTransactions(db, session, query.filters),
      transactionTotals(db, session, query.filters),
      db.selectFrom('tenants').select('name').where('id', '=', session.tenantId).executeTakeFirst(),
    ]);
    const pdf = await renderTransactionsPdf({
      tenantName: tenant?.name ?? session.tenantId,
      startDate,
      endDate,
      generatedAt: teller.now(),
      rows,
      matched,
      totals,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="Transactions_${startDate}_${endDate}.pdf"`)
      .send(pdf);
  },
};
