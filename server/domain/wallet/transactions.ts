// Top-up, cash-out and loan cash-in on an end user's wallet (users-and-wallets §4 "Top-up flow", §5 "Top-up
// amount"): create a PENDING transaction and send a code, then confirm it with that code,
// which moves the money in one database transaction and never takes a wallet below zero.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { TransactionTypeCode, WalletTransactionStatus } from '../../db/schema.ts';
import type { Session } from '../auth/tokens.ts';
import { MAX_BALANCE_MINOR, formatMinor, parseWholeAmount } from '../money.ts';
import { send } from '../outbox.ts';
import { ROLE, STATUS, TRANSACTION_TYPE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';
import { canSeeUser, visibleUsers } from '../scope.ts';
import { sessionActor, unitOfWork, type Work } from '../unit-of-work.ts';
import { USER_NOT_FOUND } from '../users/rules.ts';
import { feeFor } from './fees.ts';
import { claimKey, completeKey, inTransaction } from './idempotency.ts';
import { parseId } from './ids.ts';
import { isDebit, isTopUpKind, kindFromAmount, TEMPLATE_KINDS, transactionTypeName, type TopUpKind } from './kinds.ts';
import {
  OTP_MAX_ATTEMPTS,
  codeMatches,
  isExpired,
  issueCode,
  liveCode,
  countTry,
  revokeCodes,
  useCode,
} from './otp.ts';

/** Who acts, and the gateway's clock and secret (the OTP hash key). */
export interface WalletActor {
  db: Db;
  session: Session;
  now: Date;
  secret: Uint8Array;
  /** Demo mode: outgoing codes also go to the log. */
  outboxLog?: ((line: string) => void) | undefined;
}

/** data.attributes of POST wallet-transactions (users-and-wallets §3 "Wallet transaction request"). */
export interface WalletTransactionRequest {
  Amount: string | number;
  Currency?: string;
  ReceiverUserId: string;
  ExternalId?: string;
  Remarks?: string;
  ServiceId?: string;
  template?: keyof typeof TEMPLATE_KINDS;
}

/** A transaction as its create and confirm answer it. */
export interface TransactionResult {
  id: number;
  referenceNumber: string;
  type: TransactionTypeCode;
  status: WalletTransactionStatus;
  /** Minor units, signed: a cash-out is negative. */
  amountMinor: number;
  feeMinor: number;
  currency: string;
  /** When it was created, or completed once confirmed. */
  date: string;
}

export type CreateOutcome =
  /** `replayed` answers a repeated Idempotency-Key with the transaction the first request created. */
  | { kind: 'created' | 'replayed'; transaction: TransactionResult }
  /** The key was used for a different request, or that request is still being processed. */
  | { kind: 'key_reused' }
  | { kind: 'key_in_flight' };

const AUDIT_ENTITY = 'wallettransaction';
/** The refusal of a credit past the wallet balance limit. */
export const BALANCE_LIMIT = 'The wallet balance limit would be exceeded';
const STAFF_ROLES: readonly number[] = [ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin];
/** Account states in which no money moves on the user's wallet. */
const FROZEN = STATUS.Sanctioned | STATUS.OnHold;
/** A refusal about one attribute of the request. */
function refusal(kind: 'invalid' | 'not_found', field: keyof WalletTransactionRequest, message: string, detail?: string): DomainRefusal {
  return new DomainRefusal(kind, detail === undefined ? { message, field } : { message, field, detail });
}

/** WT + the UTC day + the id: unique, and sorting by it sorts by creation (the user-transactions tab's default). */
export function referenceNumber(id: number, created: Date): string {
  return `WT${created.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}`;
}

function assertStaff(session: Session): void {
  if (!session.roles.some((role) => STAFF_ROLES.includes(role))) {
    throw new DomainRefusal('forbidden', { message: 'Only staff may move money on a wallet' });
  }
}

/**
 * Verify Request (§4 step 2): validates, creates the PENDING transaction with its fee and reference number, and
 * sends a 6-digit code to the user's registered mobile and e-mail. With an Idempotency-Key already used by this
 * user for the same body, answers the first answer again instead.
 */
export async function createWalletTransaction(
  actor: WalletActor,
  request: WalletTransactionRequest,
  idempotency: { key: string; hash: string },
): Promise<CreateOutcome> {
  const { session, now } = actor;
  assertStaff(session);
  return inTransaction(actor.db, async (trx): Promise<CreateOutcome> => {
    const claim = await claimKey(trx, { userId: session.userId, key: idempotency.key, hash: idempotency.hash, now });
    // Nothing was claimed for these two: committing keeps only claimKey's removal of expired keys.
    if (claim.kind === 'reused') return { kind: 'key_reused' };
    if (claim.kind === 'in_flight') return { kind: 'key_in_flight' };
    // Only a created transaction is ever stored under a key (completeKey below).
    if (claim.kind === 'replay') return { kind: 'replayed', transaction: claim.body as TransactionResult };
    const transaction = await startTransaction({ ...actor, db: trx }, request);
    await completeKey(trx, { userId: session.userId, key: idempotency.key, status: 201, body: transaction });
    return { kind: 'created', transaction };
  });
}

/** The PENDING transaction, its code and its audit row: one unit of work inside the Idempotency-Key's transaction. */
function startTransaction(actor: WalletActor, request: WalletTransactionRequest): Promise<TransactionResult> {
  return unitOfWork(actor.db, sessionActor(actor.session, actor.now), ({ db, change }) => writeTransaction({ ...actor, db }, request, change));
}

async function writeTransaction(actor: WalletActor, request: WalletTransactionRequest, change: Work['change']): Promise<TransactionResult> {
  const { db, session, now } = actor;
  const amount = parseWholeAmount(request.Amount, { field: 'Amount', allowNegative: true });
  const serviceId = request.ServiceId === undefined ? null : parseId(request.ServiceId);
  const kind = await kindOf(db, request, amount, serviceId);

  if (kind === TRANSACTION_TYPE.CashOut && amount > 0) {
    throw refusal('invalid', 'Amount', 'A cash-out takes a negative Amount');
  }
  if (kind !== TRANSACTION_TYPE.CashOut && amount < 0) {
    throw refusal('invalid', 'Amount', `A ${transactionTypeName(kind)} takes a positive Amount`);
  }
  const loanId = request.ExternalId?.trim() ?? '';
  if (kind === TRANSACTION_TYPE.Loan && (loanId.length < 3 || loanId.length > 20)) {
    throw refusal('invalid', 'ExternalId', 'Loan ID is required.');
  }

  const receiver = await findReceiver(db, session, request.ReceiverUserId);
  const wallet = await findWallet(db, session, receiver.id, request.Currency);
  const magnitude = Math.abs(amount);
  if (isDebit(kind) && wallet.balance_minor < magnitude) {
    throw refusal('invalid', 'Amount', 'Insufficient wallet balance', `The wallet holds ${formatMinor(wallet.balance_minor)} ${wallet.currency}.`);
  }
  if (!isDebit(kind) && wallet.balance_minor + magnitude > MAX_BALANCE_MINOR) throw balanceLimit(wallet);

  const fee = feeFor(kind, amount);
  const created = now.toISOString();
  const remarks = request.Remarks?.trim() ? request.Remarks.trim() : null;
  const { id } = await db
    .insertInto('wallet_transactions')
    .values({
      tenant_id: session.tenantId,
      // Replaced below by the reference built from the id; unique meanwhile.
      reference_number: `NEW-${randomUUID()}`,
      type: kind,
      status: 'PENDING',
      wallet_id: wallet.id,
      counter_wallet_id: null,
      // The contract's WalletTransaction: the staff member who made a top-up, cash-out or loan is its sender.
      sender_user_id: session.userId,
      receiver_user_id: receiver.id,
      amount_minor: amount,
      fee_minor: fee,
      currency: wallet.currency,
      service_id: serviceId,
      external_id: kind === TRANSACTION_TYPE.Loan ? loanId : null,
      remarks,
      created_by: session.userId,
      created,
      updated: created,
      completed: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference = referenceNumber(id, now);
  await db.updateTable('wallet_transactions').set({ reference_number: reference }).where('id', '=', id).execute();

  await sendCode(actor, { id, reference, kind, amount, currency: wallet.currency, receiver });
  await change({
    action: 'wallettransaction.create',
    entity: AUDIT_ENTITY,
    entityId: id,
    after: {
      referenceNumber: reference,
      type: kind,
      status: 'PENDING',
      amount: formatMinor(magnitude),
      fee: formatMinor(fee),
      currency: wallet.currency,
      walletId: wallet.id,
      receiverUserId: String(receiver.id),
    },
  });

  return { id, referenceNumber: reference, type: kind, status: 'PENDING', amountMinor: amount, feeMinor: fee, currency: wallet.currency, date: created };
}

/** A credit that would take the wallet past MAX_BALANCE_MINOR (the contract's wallet balance limit). */
function balanceLimit(wallet: { balance_minor: number; currency: string }): DomainRefusal {
  return new DomainRefusal('invalid', {
    message: BALANCE_LIMIT,
    field: 'Amount',
    code: 'balance_limit',
    detail: `A wallet holds at most ${formatMinor(MAX_BALANCE_MINOR)} ${wallet.currency}; this one holds ${formatMinor(wallet.balance_minor)}.`,
  });
}

/** The service's kind, else the template's, else the kind the amount and loan id imply (§4). */
async function kindOf(db: Db, request: WalletTransactionRequest, amount: number, serviceId: number | null | undefined): Promise<TopUpKind> {
  if (serviceId !== null) {
    const service =
      serviceId === undefined
        ? undefined
        : await db.selectFrom('services').select(['transaction_type']).where('id', '=', serviceId).executeTakeFirst();
    if (!service) throw refusal('invalid', 'ServiceId', 'Unknown service');
    if (!isTopUpKind(service.transaction_type)) throw refusal('invalid', 'ServiceId', 'This service is not a top-up, cash-out or loan');
    return service.transaction_type;
  }
  if (request.template) return TEMPLATE_KINDS[request.template];
  return kindFromAmount(amount, request.ExternalId);
}

interface Receiver {
  id: number;
  email: string | null;
  phonenumber: string | null;
}

/** An end user the session may see; anything else is not found (another tenant's user never shows). */
async function findReceiver(db: Db, session: Session, wireId: string): Promise<Receiver> {
  const id = parseId(wireId);
  const row =
    id === undefined
      ? undefined
      : await db
          .selectFrom('users')
          .innerJoin('accounts', 'accounts.user_id', 'users.id')
          .select(['users.id', 'users.email', 'users.phonenumber', 'accounts.roles', 'accounts.status'])
          .where('users.id', '=', id)
          .where(visibleUsers(session))
          .executeTakeFirst();
  if (!row) throw refusal('not_found', 'ReceiverUserId', USER_NOT_FOUND);
  if ((row.roles & ROLE.EndUser) === 0) throw refusal('invalid', 'ReceiverUserId', 'Wallet transactions are only for end users');
  if ((row.status & FROZEN) !== 0) {
    throw refusal('invalid', 'ReceiverUserId', 'This account is on hold or sanctioned: no money may move on its wallet');
  }
  return { id: row.id, email: row.email, phonenumber: row.phonenumber };
}

/** The receiver's wallet in `currency`, else in the tenant's currency, else their first wallet. */
async function findWallet(db: Db, session: Session, userId: number, currency: string | undefined) {
  const wallets = await db
    .selectFrom('wallets')
    .select(['id', 'currency', 'balance_minor'])
    .where('user_id', '=', userId)
    .where('tenant_id', '=', session.tenantId)
    .orderBy('id')
    .execute();
  if (currency !== undefined) {
    const wallet = wallets.find((candidate) => candidate.currency === currency);
    if (!wallet) throw refusal('invalid', 'Currency', `This user has no ${currency} wallet`);
    return wallet;
  }
  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', session.tenantId).executeTakeFirst();
  const wallet = wallets.find((candidate) => candidate.currency === tenant?.currency) ?? wallets[0];
  if (!wallet) throw refusal('invalid', 'ReceiverUserId', 'This user has no wallet');
  return wallet;
}

interface CodeNotice {
  id: number;
  reference: string;
  kind: number;
  amount: number;
  currency: string;
  receiver: Receiver;
}

/** Issues a new code (revoking the old one) and sends it to the user's mobile and e-mail (§8 re-send text). */
async function sendCode(actor: WalletActor, notice: CodeNotice): Promise<void> {
  const { db, session, now } = actor;
  const code = await issueCode(db, notice.id, actor.secret, now);
  const what = `${transactionTypeName(notice.kind)} of ${formatMinor(Math.abs(notice.amount))} ${notice.currency}`;
  const body = `Your one-time code is ${code}. It confirms the ${what} (reference ${notice.reference}) and expires in 5 minutes.`;
  const destinations: Array<{ channel: 'sms' | 'email'; to: string | null }> = [
    { channel: 'sms', to: notice.receiver.phonenumber },
    { channel: 'email', to: notice.receiver.email },
  ];
  for (const { channel, to } of destinations) {
    if (!to) continue;
    await send(
      db,
      { channel, to, subject: channel === 'email' ? 'Your one-time code' : null, body, code, tenantId: session.tenantId },
      { now, ...(actor.outboxLog ? { log: actor.outboxLog } : {}) },
    );
  }
}

/**
 * The amount (signed minor units) confirming pending transaction `wireId` would move, read as the confirmation finds
 * it: undefined for one the session may not see, so the step-up guard's answer tells no more than the handler's 404.
 */
export async function pendingAmountOf(db: Db, session: Session, wireId: string): Promise<number | undefined> {
  const found = await findVisibleTransaction(db, session, wireId);
  if (!found) return undefined;
  const row = await db.selectFrom('wallet_transactions').select('amount_minor').where('id', '=', found.id).where('status', '=', 'PENDING').executeTakeFirst();
  return row?.amount_minor;
}

/** A transaction of the session's tenant whose user the session may see, else undefined. */
async function findVisibleTransaction(db: Db, session: Session, wireId: string) {
  const id = parseId(wireId);
  if (id === undefined) return undefined;
  const row = await db
    .selectFrom('wallet_transactions')
    .select(['id', 'receiver_user_id'])
    .where('id', '=', id)
    .where('tenant_id', '=', session.tenantId)
    .executeTakeFirst();
  if (!row || !(await canSeeUser(db, session, row.receiver_user_id))) return undefined;
  return row;
}

async function loadTransaction(db: Db, id: number) {
  return db
    .selectFrom('wallet_transactions')
    .innerJoin('users', 'users.id', 'wallet_transactions.receiver_user_id')
    .select([
      'wallet_transactions.id',
      'wallet_transactions.reference_number',
      'wallet_transactions.type',
      'wallet_transactions.status',
      'wallet_transactions.wallet_id',
      'wallet_transactions.amount_minor',
      'wallet_transactions.fee_minor',
      'wallet_transactions.currency',
      'users.id as receiver_id',
      'users.email',
      'users.phonenumber',
    ])
    .where('wallet_transactions.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** PENDING → FAILED with an audit row; false when it was no longer PENDING. */
function failTransaction(actor: WalletActor, id: number, reason: string): Promise<boolean> {
  return unitOfWork(actor.db, sessionActor(actor.session, actor.now), async ({ db, change }) => {
    const updated = await db
      .updateTable('wallet_transactions')
      .set({ status: 'FAILED', updated: actor.now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await revokeCodes(db, id);
    await change({ action: 'wallettransaction.fail', entity: AUDIT_ENTITY, entityId: id, before: { status: 'PENDING' }, after: { status: 'FAILED' }, reason });
    return true;
  });
}

export type ConfirmOutcome =
  | { kind: 'completed'; transaction: TransactionResult }
  | { kind: 'not_found' }
  | { kind: 'not_pending'; status: WalletTransactionStatus }
  | { kind: 'wrong_code'; triesLeft: number }
  | { kind: 'too_many_tries' }
  | { kind: 'expired' }
  | { kind: 'insufficient'; balance: string; currency: string }
  /** A credit that would take the wallet past MAX_BALANCE_MINOR: the transaction has FAILED. */
  | { kind: 'over_limit'; balance: string; currency: string };

/** Another request confirmed the same transaction between our read and our write: undo ours. */
class LostRace extends Error {}

/**
 * Send Request (§4 steps 3 to 6): the right live code completes the transaction and moves the money, all in
 * one database transaction; a wrong code counts a try, and the 5th wrong try or an expired code fails it.
 */
export async function confirmWalletTransaction(actor: WalletActor, wireId: string, otp: string): Promise<ConfirmOutcome> {
  const { session, now } = actor;
  assertStaff(session);
  const found = await findVisibleTransaction(actor.db, session, wireId);
  if (!found) return { kind: 'not_found' };
  try {
    return await unitOfWork(actor.db, sessionActor(session, now), async ({ db: trx, change }): Promise<ConfirmOutcome> => {
      const inTrx = { ...actor, db: trx };
      const tx = await loadTransaction(trx, found.id);
      if (tx.status !== 'PENDING') return { kind: 'not_pending', status: tx.status };

      const code = await liveCode(trx, tx.id);
      if (!code || isExpired(code, now)) {
        await failTransaction(inTrx, tx.id, 'The one-time code expired');
        return { kind: 'expired' };
      }
      // The try is counted before the code is compared: concurrent guesses cannot compare more than OTP_MAX_ATTEMPTS codes.
      const tries = await countTry(trx, code.id);
      if (tries === undefined) {
        await failTransaction(inTrx, tx.id, `${OTP_MAX_ATTEMPTS} wrong one-time codes`);
        return { kind: 'too_many_tries' };
      }
      if (!codeMatches(actor.secret, tx.id, otp, code.codeHash)) {
        // ASVS 4.0 §7.2.1: a wrong code is an authentication decision, logged like a failed sign-in.
        await change({
          action: 'wallettransaction.otp.wrong',
          entity: AUDIT_ENTITY,
          entityId: tx.id,
          after: { tries, triesLeft: OTP_MAX_ATTEMPTS - tries },
          reason: 'Wrong one-time code',
        });
        if (tries >= OTP_MAX_ATTEMPTS) {
          await failTransaction(inTrx, tx.id, `${OTP_MAX_ATTEMPTS} wrong one-time codes`);
          return { kind: 'too_many_tries' };
        }
        return { kind: 'wrong_code', triesLeft: OTP_MAX_ATTEMPTS - tries };
      }

      // The status moves first, so a concurrent confirm of the same transaction finds it no longer PENDING.
      const completed = now.toISOString();
      const claimed = await trx
        .updateTable('wallet_transactions')
        .set({ status: 'COMPLETED', completed, updated: completed })
        .where('id', '=', tx.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n || !(await useCode(trx, code.id))) throw new LostRace();

      const magnitude = Math.abs(tx.amount_minor);
      const debit = tx.amount_minor < 0;
      // The conditional update can never take the wallet below zero nor past the balance limit, however many
      // confirms run at once.
      const moved = await trx
        .updateTable('wallets')
        .set((eb) => ({
          balance_minor: eb('balance_minor', debit ? '-' : '+', magnitude),
          updated: completed,
        }))
        .where('id', '=', tx.wallet_id)
        .where('balance_minor', debit ? '>=' : '<=', debit ? magnitude : MAX_BALANCE_MINOR - magnitude)
        .returning('balance_minor')
        .executeTakeFirst();

      if (!moved) {
        await trx
          .updateTable('wallet_transactions')
          .set({ status: 'FAILED', completed: null, updated: completed })
          .where('id', '=', tx.id)
          .execute();
        const wallet = await trx.selectFrom('wallets').select(['balance_minor']).where('id', '=', tx.wallet_id).executeTakeFirstOrThrow();
        await change({
          action: 'wallettransaction.fail',
          entity: AUDIT_ENTITY,
          entityId: tx.id,
          before: { status: 'PENDING', walletId: tx.wallet_id, balance: formatMinor(wallet.balance_minor) },
          after: { status: 'FAILED', walletId: tx.wallet_id, balance: formatMinor(wallet.balance_minor) },
          reason: debit ? 'Insufficient wallet balance' : BALANCE_LIMIT,
        });
        return { kind: debit ? 'insufficient' : 'over_limit', balance: formatMinor(wallet.balance_minor), currency: tx.currency };
      }

      const after = moved.balance_minor;
      const before = debit ? after + magnitude : after - magnitude;
      await change({
        action: 'wallettransaction.confirm',
        entity: AUDIT_ENTITY,
        entityId: tx.id,
        before: { status: 'PENDING', walletId: tx.wallet_id, balance: formatMinor(before) },
        after: {
          status: 'COMPLETED',
          walletId: tx.wallet_id,
          balance: formatMinor(after),
          movement: formatMinor(magnitude),
          direction: debit ? 'debit' : 'credit',
        },
      });
      return {
        kind: 'completed',
        transaction: {
          id: tx.id,
          referenceNumber: tx.reference_number,
          type: tx.type,
          status: 'COMPLETED',
          amountMinor: tx.amount_minor,
          feeMinor: tx.fee_minor,
          currency: tx.currency,
          date: completed,
        },
      };
    });
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    const tx = await loadTransaction(actor.db, found.id);
    return { kind: 'not_pending', status: tx.status };
  }
}

export type ResendOutcome =
  | { kind: 'sent' }
  | { kind: 'not_found' }
  | { kind: 'not_pending'; status: WalletTransactionStatus }
  | { kind: 'expired' };

/** The re-send link (§4 step 3): a new code for a PENDING transaction; the previous code stops working. */
export async function resendWalletTransactionCode(actor: WalletActor, wireId: string): Promise<ResendOutcome> {
  const { session, now } = actor;
  assertStaff(session);
  const found = await findVisibleTransaction(actor.db, session, wireId);
  if (!found) return { kind: 'not_found' };
  return unitOfWork(actor.db, sessionActor(session, now), async ({ db: trx, change }): Promise<ResendOutcome> => {
    const inTrx = { ...actor, db: trx };
    const tx = await loadTransaction(trx, found.id);
    if (tx.status !== 'PENDING') return { kind: 'not_pending', status: tx.status };
    const code = await liveCode(trx, tx.id);
    // users-and-wallets §4: after 5 minutes the code is dead and the transaction FAILED; a re-send does not revive it.
    if (!code || isExpired(code, now)) {
      await failTransaction(inTrx, tx.id, 'The one-time code expired');
      return { kind: 'expired' };
    }
    await sendCode(inTrx, {
      id: tx.id,
      reference: tx.reference_number,
      kind: tx.type,
      amount: tx.amount_minor,
      currency: tx.currency,
      receiver: { id: tx.receiver_id, email: tx.email, phonenumber: tx.phonenumber },
    });
    await change({
      action: 'wallettransaction.otp.resend',
      entity: AUDIT_ENTITY,
      entityId: tx.id,
    });
    return { kind: 'sent' };
  });
}
