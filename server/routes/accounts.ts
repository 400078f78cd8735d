// Accounts: password recovery, reset and change (users-and-wallets §4, §5, §7; docs/decisions.md "Password
// recovery"), and the admin status actions (§4). Recovery calls are rate-limited per account and per address.
import type { FastifyRequest } from 'fastify';
import { outboxLogOf, sessionOf } from '../context.ts';
import { changeAccountStatus } from '../domain/accounts/change-status.ts';
import {
  MIN_PASSWORD_LENGTH,
  RECOVERY_CODE_SENT,
  changePassword,
  neutralResetMessage,
  requestPasswordReset,
  resetPassword,
  verifyRecoveryCode,
} from '../domain/accounts/recovery.ts';
import { isStatusActionId } from '../domain/accounts/status.ts';
import { attemptCounter, type AttemptCounter } from '../domain/attempts.ts';
import { normalizeUsername } from '../domain/auth/identity.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { USER_NOT_FOUND, attributesOf, isValidEmail } from '../domain/users/rules.ts';
import { HttpError } from '../http/jsonapi.ts';
import { Attempts, minutesText } from './_attempts.ts';
import { accountDocument } from './_users.ts';
import type { BodyChecks, Handlers } from './types.ts';

const MINUTE = 60 * 1000;

/** Attempts allowed per account and per address inside each window (rate-limited per account and address). */
export const ACCOUNT_LIMITS = {
  /** Reset e-mails asked for, each request counting. */
  resetRequest: { perAccount: 5, perAddress: 20, windowMs: 60 * MINUTE },
  /** Wrong recovery codes (the code itself dies after 5 wrong tries); the right code forgets the account's count. */
  recoveryCode: { perAccount: 5, perAddress: 20, windowMs: 15 * MINUTE, successResetsAccount: true },
  /** Unknown or spent reset tokens. */
  resetToken: { perAddress: 10, windowMs: 15 * MINUTE },
  /** Wrong old passwords. */
  changePassword: { perAccount: 5, perAddress: 20, windowMs: 15 * MINUTE },
} as const;

interface AccountLimits {
  perAccount?: number;
  perAddress: number;
  windowMs: number;
  successResetsAccount?: boolean;
}

/**
 * The attempt of `name`, counted per account (when the limits name one) and per address before it is checked; 429
 * while either is over its limit.
 */
function countAttempt(request: FastifyRequest, name: string, limits: AccountLimits, account?: { key: string; userId: number | null; tenantId: string | null }): Promise<Attempts> {
  const { windowMs } = limits;
  const counters: AttemptCounter[] = [];
  if (account && limits.perAccount !== undefined) counters.push(attemptCounter(name, 'account', account.key, { limit: limits.perAccount, windowMs, onSuccess: limits.successResetsAccount ? 'reset' : 'release' }));
  counters.push(attemptCounter(name, 'address', request.ip, { limit: limits.perAddress, windowMs }));
  return Attempts.count(request, counters, {
    detail: (minutes) => `Too many attempts. Try again in ${minutesText(minutes)}.`,
    audit: { action: 'attempt.limit', entity: name, entityId: account?.userId ?? account?.key ?? request.ip, actorUserId: account?.userId ?? null, tenantId: account?.tenantId ?? null },
  });
}

/** The user id and tenant of the staff account signing in as `username`, for audit rows; nulls when there is none. */
async function accountOf(request: FastifyRequest, username: string) {
  const key = normalizeUsername(username);
  const row = await request.server.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select(['users.id', 'users.tenant_id'])
    .where('accounts.username', '=', key)
    .executeTakeFirst();
  return { key, userId: row?.id ?? null, tenantId: row?.tenant_id ?? null };
}

const ACCOUNT_MESSAGES = {
  email: 'Invalid Email',
  recoveryCode: 'Invalid Recovery Code',
  password: 'Invalid Password',
  resetToken: 'This link is invalid or has expired. Ask for a new one.',
  oldPassword: 'The old password is not correct.',
  passwordSet: 'You have successfully set your password.',
  passwordReset: 'You have successfully reset your password.',
  passwordChanged: 'Your password has been changed.',
  status: 'Please select a status',
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function passwordError(password: unknown, field: string): Record<string, string> {
  return typeof password === 'string' && password.length >= MIN_PASSWORD_LENGTH ? {} : { [field]: ACCOUNT_MESSAGES.password };
}

/**
 * The spec's messages (users-and-wallets §5) for what the schema would otherwise refuse in its own words; the
 * contract binding (http/contract.ts) runs them before schema validation, so handlers see only checked bodies.
 */
export const bodyChecks: BodyChecks = {
  async requestPasswordReset(body) {
    const { email } = attributesOf(body);
    if (!isValidEmail(text(email).trim())) throw HttpError.invalidAttributes({ email: ACCOUNT_MESSAGES.email });
  },
  async verifyRecoveryCode(body) {
    const { email, recoverycode } = attributesOf(body);
    const errors: Record<string, string> = {};
    if (!isValidEmail(text(email).trim())) errors.email = ACCOUNT_MESSAGES.email;
    if (text(recoverycode).trim() === '') errors.recoverycode = ACCOUNT_MESSAGES.recoveryCode;
    if (Object.keys(errors).length > 0) throw HttpError.invalidAttributes(errors);
  },
  async resetPassword(body) {
    const errors = passwordError(attributesOf(body).password, 'password');
    if (Object.keys(errors).length > 0) throw HttpError.invalidAttributes(errors);
  },
  async changePassword(body) {
    const { oldpassword, newpassword } = attributesOf(body);
    const errors = passwordError(newpassword, 'newpassword');
    if (text(oldpassword) === '') errors.oldpassword = ACCOUNT_MESSAGES.password;
    if (Object.keys(errors).length > 0) throw HttpError.invalidAttributes(errors);
  },
  async updateAccountStatus(body) {
    if (!isStatusActionId(attributesOf(body).status)) throw HttpError.invalidAttributes({ status: ACCOUNT_MESSAGES.status });
  },
};

export const handlers: Handlers = {
  async requestPasswordReset(request, reply) {
    const email = request.body.data.attributes.email.trim();
    // Every request counts: each may send an e-mail.
    await countAttempt(request, 'password-reset', ACCOUNT_LIMITS.resetRequest, await accountOf(request, email));
    const { db, teller } = request.server;
    const outcome = await requestPasswordReset(db, email, { now: teller.now(), log: outboxLogOf(request) });
    // users-and-wallets §4: 300 sends the visitor on to /recoverycode; every other answer is the neutral one.
    if (outcome === 'code') {
      reply.code(300);
      return { meta: { message: RECOVERY_CODE_SENT } };
    }
    return { meta: { message: neutralResetMessage(email) } };
  },

  async verifyRecoveryCode(request) {
    const { email, recoverycode } = request.body.data.attributes;
    const account = await accountOf(request, email);
    const attempts = await countAttempt(request, 'recovery-code', ACCOUNT_LIMITS.recoveryCode, account);
    const outcome = await verifyRecoveryCode(request.server.db, account.key, recoverycode, request.server.teller.now());
    if (!outcome.ok) throw HttpError.invalidAttributes({ recoverycode: ACCOUNT_MESSAGES.recoveryCode });
    await attempts.succeed();
    return { data: { type: 'Account', attributes: { resetPasswordToken: outcome.resetPasswordToken } } };
  },

  async resetPassword(request) {
    const { password, resetPasswordToken } = request.body.data.attributes;
    const attempts = await countAttempt(request, 'reset-password', ACCOUNT_LIMITS.resetToken);
    const outcome = await resetPassword(request.server.db, resetPasswordToken, password, request.server.teller.now());
    if (!outcome.ok) throw HttpError.invalidAttributes({ resetPasswordToken: ACCOUNT_MESSAGES.resetToken });
    await attempts.succeed();
    return { meta: { message: outcome.kind === 'newaccount' ? ACCOUNT_MESSAGES.passwordSet : ACCOUNT_MESSAGES.passwordReset } };
  },

  async changePassword(request) {
    const session = sessionOf(request);
    const { oldpassword, newpassword } = request.body.data.attributes;
    const attempts = await countAttempt(request, 'change-password', ACCOUNT_LIMITS.changePassword, {
      key: String(session.userId),
      userId: session.userId,
      tenantId: session.tenantId,
    });
    const { db, teller } = request.server;
    const outcome = await changePassword(db, session, oldpassword, newpassword, teller.now());
    if (outcome === 'wrong-old-password') throw HttpError.invalidAttributes({ oldpassword: ACCOUNT_MESSAGES.oldPassword });
    await attempts.succeed();
    return { meta: { message: ACCOUNT_MESSAGES.passwordChanged } };
  },

  async updateAccountStatus(request) {
    const session = sessionOf(request);
    const userId = parseRowId(request.params.id);
    if (userId === undefined) throw new HttpError(404, USER_NOT_FOUND);
    const { status, reason } = request.body.data.attributes;
    const { db, teller } = request.server;
    const account = await changeAccountStatus(db, session, { userId, action: status, reason: reason ?? null }, teller.now());
    return accountDocument(account);
  },
};
