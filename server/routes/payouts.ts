// The payout account, the swift status check and the corrective actions on stuck payouts (remittances-and-payouts
// §4 to §7). Payout admins only (RP §6): the domain refuses anyone else with 403 not_payout_admin.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import { formatMinor } from '../domain/money.ts';
import {
  BULK_LIMIT,
  cancelPayout,
  republishPayout,
  republishPayouts,
  updatePayoutStatus,
  updatePayoutStatuses,
  type PayoutActor,
  type ReprocessSelection,
} from '../domain/remittances/actions.ts';
import { PAYOUT_INPUT_MESSAGES } from '../domain/remittances/rules.ts';
import { checkSwiftStatus, lookupAccount, payoutAccount, type BankActor } from '../domain/remittances/swift.ts';
import { keyedRequestHash } from '../domain/wallet/idempotency.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { idempotencyKey, idempotencyRefusal, remittanceResource, requiredRange, viaBank } from './_remittances.ts';
import type { BodyChecks, Handlers } from './types.ts';

/** RP §5 days back 1 to 366: the reprocessing window spans at most that. */
const WINDOW_MAX_DAYS = 366;

/** The body's data.attributes, or an empty object when the body has none (the schema then names what is missing). */
function attributesOf(body: unknown): Record<string, unknown> {
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  const attributes = typeof data === 'object' && data !== null && 'attributes' in data ? data.attributes : undefined;
  return typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, unknown>) : {};
}

const isWhole = (value: unknown, min: number, max: number): boolean => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** RP §5 edit status, in the form's words: Status Code required, a whole number 0 to 256; Status Description required. */
function checkStatusEdit(attributes: Record<string, unknown>, fields: { code: string; description: string }): void {
  const messages: Record<string, string> = {};
  const code = attributes[fields.code];
  if (code === undefined || code === null || code === '') messages[fields.code] = PAYOUT_INPUT_MESSAGES.statusCodeRequired;
  else if (!isWhole(code, 0, 256)) messages[fields.code] = PAYOUT_INPUT_MESSAGES.statusCodeRange;
  const description = attributes[fields.description];
  if (typeof description !== 'string' || description.trim() === '') messages[fields.description] = PAYOUT_INPUT_MESSAGES.statusDescriptionRequired;
  if (Object.keys(messages).length > 0) throw HttpError.invalidAttributes(messages);
}

// RP §5 refusals in the screens' words, before the schema's generic ones (server/http/contract.ts runs these first).
export const bodyChecks: BodyChecks = {
  async updatePayoutStatus(body) {
    checkStatusEdit(attributesOf(body), { code: 'StatusCode', description: 'StatusDescription' });
  },
  async updatePayoutStatuses(body) {
    checkStatusEdit(attributesOf(body), { code: 'statusCode', description: 'statusDescription' });
  },
  async republishPayouts(body) {
    // RP §5 by count: 1 to 1000 (left out, the window's rows up to 1000 are taken, as the days-back variant sends it).
    const count = attributesOf(body).numberOfTransactions;
    if (count !== undefined && !isWhole(count, 1, BULK_LIMIT)) throw HttpError.invalidAttributes({ numberOfTransactions: PAYOUT_INPUT_MESSAGES.countRange });
  },
};

function actorOf(request: FastifyRequest): PayoutActor & BankActor {
  return { db: request.server.db, session: sessionOf(request), now: request.server.teller.now(), bank: request.server.teller.bank };
}

export const handlers: Handlers = {
  async lookupPayoutAccount(request) {
    const { accountNumber } = request.query;
    const lookup = await viaBank(() => lookupAccount(actorOf(request), accountNumber));
    return {
      data: resource('account-lookup', accountNumber, { accountNumber: lookup.accountNumber, responseCode: lookup.code, responseMessage: lookup.message }),
    };
  },

  async getPayoutAccount(request) {
    const account = await viaBank(() => payoutAccount(actorOf(request), request.params.accountNumber));
    return {
      data: resource('payout-account', account.accountNumber, {
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        availableBalance: formatMinor(account.availableBalanceMinor),
        currency: account.currency,
        accountStatus: account.status,
        emailAddress: account.email,
        phoneNumber: account.phone,
      }),
    };
  },

  async getSwiftTransactionStatus(request) {
    const { bank, transaction } = await viaBank(() => checkSwiftStatus(actorOf(request), request.params.payoutExternalId));
    return {
      data: resource('swift-status', bank.reference, {
        currency: bank.currency,
        amount: bank.amountMinor === null ? null : formatMinor(bank.amountMinor),
        transactionReference: bank.reference,
        recipientBankCode: bank.recipientBankCode,
        recipientAccountNumber: bank.recipientAccountNumber,
        transactionDateTime: bank.at,
        responseCode: bank.code,
        responseMessage: bank.message,
        transaction,
      }),
    };
  },

  async republishPayout(request, reply) {
    const row = await republishPayout(actorOf(request), request.body.data.attributes.id);
    reply.code(202);
    return { data: remittanceResource(row) };
  },

  async republishPayouts(request, reply) {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const { body, query } = request;
    const { numberOfTransactions, transactionIds } = body.data.attributes;
    let selection: ReprocessSelection;
    if (transactionIds !== undefined) {
      selection = { kind: 'ticked', ids: transactionIds };
    } else {
      // RP §7: the spec's client spells the window filter[startdate] and filter[enddata].
      const range = requiredRange(
        { start: query['filter[startdate]'], end: query['filter[enddata]'] },
        { start: 'filter[startdate]', end: 'filter[enddata]' },
        WINDOW_MAX_DAYS,
        PAYOUT_INPUT_MESSAGES.daysRange,
      );
      selection = { kind: 'window', ...range, limit: numberOfTransactions ?? BULK_LIMIT };
    }
    const outcome = await republishPayouts(actorOf(request), selection, { key, hash: keyedRequestHash('republishPayouts', body, query) });
    if (outcome.kind === 'key_reused' || outcome.kind === 'key_in_flight') throw idempotencyRefusal(outcome.kind);
    reply.code(202);
    if (outcome.kind === 'replayed') reply.header('idempotent-replayed', 'true');
    const { id, count, results } = outcome.result;
    return { data: resource('reprocess-result', id, { count, results }) };
  },

  async cancelPayout(request) {
    const row = await viaBank(() => cancelPayout(actorOf(request), request.body.data.attributes));
    return { data: remittanceResource(row) };
  },

  async updatePayoutStatus(request) {
    const { id } = request.params;
    const { data } = request.body;
    if (data.id !== undefined && data.id !== id) throw new HttpError(422, 'The id in the body is not the id in the path', { pointer: '/data/id' });
    const { StatusCode, StatusDescription } = data.attributes;
    const row = await updatePayoutStatus(actorOf(request), id, { statusCode: StatusCode, statusDescription: StatusDescription });
    return { data: remittanceResource(row) };
  },

  async updatePayoutStatuses(request, reply) {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const { body } = request;
    const outcome = await updatePayoutStatuses(actorOf(request), body.data.attributes, { key, hash: keyedRequestHash('updatePayoutStatuses', body, request.query) });
    if (outcome.kind === 'key_reused' || outcome.kind === 'key_in_flight') throw idempotencyRefusal(outcome.kind);
    if (outcome.kind === 'replayed') reply.header('idempotent-replayed', 'true');
    return { data: outcome.result.map(remittanceResource), meta: { count: outcome.result.length } };
  },
};
