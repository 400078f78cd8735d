// Accounts: password recovery, reset and change (users-and-wallets §4, §5, §7; docs/decisions.md "Password
// recovery"), and the admin status actions (§4). Recovery calls are rate-limited per account and per address.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
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
import { normalizeUsername } from '../domain/auth/identity.ts';
import { accountDocument } from '../domain/users/present.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { attributesOf, isValidEmail } from '../domain/users/rules.ts';
import { HttpError } from '../http/jsonapi.ts';
import type { FailureLimiter } from '../http/rate-limit.ts';
import type { BodyChecks, Handlers } from './types.ts';

const MINUTE = 60 * 1000;

/** Attempts allowed per account and per address inside each window (issue 2: rate-limited per account and address). */
const ACCOUNT_LIMITS = {
  /** Reset e-mails asked for, each request counting. */
  resetRequest: { perAccount: 5, perAddress: 20, windowMs: 60 * MINUTE },
  /** Wrong recovery codes (the code itself dies after 5 wrong tries). */
  recoveryCode: { perAccount: 5, perAddress: 20, windowMs: 15 * MINUTE },
  /** Unknown or spent reset tokens. */
  resetToken: { perAddress: 10, windowMs: 15 * MINUTE },
  /** Wrong old passwords. */
  changePassword: { perAccount: 5, perAddress: 20, windowMs: 15 * MINUTE },
} as const;

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

interface Limited {
  limiter: FailureLimiter;
  key: string;
}

function limiters(request: FastifyRequest, name: string, limits: { perAccount?: number; perAddress: number; windowMs: number }, account?: string): Limited[] {
  const { limiter } = request.server.teller;
  const list: Limited[] = [{ limiter: limiter(`${name}:address`, { limit: limits.perAddress, windowMs: limits.windowMs }), key: request.ip }];
  if (account !== undefined && limits.perAccount !== undefined) {
    list.push({ limiter: limiter(`${name}:account`, { limit: limits.perAccount, windowMs: limits.windowMs }), key: account });
  }
  return list;
}

/** 429 with Retry-After while any of the limiters blocks its key. */
function refuseWhileBlocked(limited: readonly Limited[]): void {
  const wait = Math.max(0, ...limited.map(({ limiter, key }) => limiter.retryAfterSeconds(key)));
  if (wait === 0) return;
  const minutes = Math.ceil(wait / 60);
  throw new HttpError(429, 'Too many attempts', {
    detail: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: { 'retry-after': String(wait) },
  });
}

function countAttempt(limited: readonly Limited[]): void {
  for (const { limiter, key } of limited) limiter.fail(key);
}

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
    const email = text(attributesOf(request.body).email).trim();
    const limited = limiters(request, 'password-reset', ACCOUNT_LIMITS.resetRequest, normalizeUsername(email));
    refuseWhileBlocked(limited);
    countAttempt(limited);
    const { db, teller } = request.server;
    const outcome = await requestPasswordReset(db, email, { now: teller.now(), log: teller.outboxLog });
    // users-and-wallets §4: 300 sends the visitor on to /recoverycode; every other answer is the neutral one.
    if (outcome === 'code') return reply.code(300).send({ meta: { message: RECOVERY_CODE_SENT } });
    return reply.code(200).send({ meta: { message: neutralResetMessage(email) } });
  },

  async verifyRecoveryCode(request) {
    const { email, recoverycode } = attributesOf(request.body);
    const account = normalizeUsername(text(email));
    const limited = limiters(request, 'recovery-code', ACCOUNT_LIMITS.recoveryCode, account);
    refuseWhileBlocked(limited);
    const outcome = await verifyRecoveryCode(request.server.db, account, text(recoverycode), request.server.teller.now());
    if (!outcome.ok) {
      countAttempt(limited);
      throw HttpError.invalidAttributes({ recoverycode: ACCOUNT_MESSAGES.recoveryCode });
    }
    for (const { limiter, key } of limited) if (key === account) limiter.reset(key);
    return { data: { type: 'Account', attributes: { resetPasswordToken: outcome.resetPasswordToken } } };
  },

  async resetPassword(request) {
    const { password, resetPasswordToken } = attributesOf(request.body);
    const limited = limiters(request, 'reset-password', ACCOUNT_LIMITS.resetToken);
    refuseWhileBlocked(limited);
    const outcome = await resetPassword(request.server.db, text(resetPasswordToken), text(password), request.server.teller.now());
    if (!outcome.ok) {
      countAttempt(limited);
      throw HttpError.invalidAttributes({ resetPasswordToken: ACCOUNT_MESSAGES.resetToken });
    }
    return { meta: { message: outcome.kind === 'newaccount' ? ACCOUNT_MESSAGES.passwordSet : ACCOUNT_MESSAGES.passwordReset } };
  },

  async changePassword(request) {
    const session = sessionOf(request);
    const { oldpassword, newpassword } = attributesOf(request.body);
    const limited = limiters(request, 'change-password', ACCOUNT_LIMITS.changePassword, String(session.userId));
    refuseWhileBlocked(limited);
    const { db, teller } = request.server;
    const outcome = await changePassword(db, session.userId, session.tenantId, text(oldpassword), text(newpassword), teller.now());
    if (outcome === 'wrong-old-password') {
      countAttempt(limited);
      throw HttpError.invalidAttributes({ oldpassword: ACCOUNT_MESSAGES.oldPassword });
    }
    return { meta: { message: ACCOUNT_MESSAGES.passwordChanged } };
  },

  async updateAccountStatus(request) {
    const session = sessionOf(request);
    const userId = parseRowId((request.params as { id?: unknown }).id);
    if (userId === undefined) throw new HttpError(404, 'User not found');
    const { status, reason } = attributesOf(request.body);
    if (!isStatusActionId(status)) throw HttpError.invalidAttributes({ status: ACCOUNT_MESSAGES.status });
    const { db, teller } = request.server;
    await changeAccountStatus(db, session, { userId, action: status, reason: typeof reason === 'string' ? reason : null }, teller.now());
    const account = await db
      .selectFrom('accounts')
      .select(['user_id', 'account_id', 'roles', 'group_id', 'status', 'created'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return accountDocument(account);
  },
};
