// Password recovery, reset and change (users-and-wallets §4, §5, §7; docs/decisions.md "Password recovery").
import type { Db } from '../../db/connection.ts';
import { normalizeUsername } from '../auth/identity.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { Session } from '../auth/tokens.ts';
import { send } from '../outbox.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import {
  RECOVERY_CODE_ATTEMPTS,
  consumeAccountToken,
  hashLinkToken,
  issueAccountToken,
  recoveryCodeMatches,
} from './tokens.ts';

/** users-and-wallets §5: passwords have at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;

export interface Mailer {
  now: Date;
  /** The demo outbox log (TellerContext.outboxLog). */
  log?: ((line: string) => void) | undefined;
}

/** The spec's forgot-password success text (users-and-wallets §2), the same for known and unknown e-mails. */
export function neutralResetMessage(email: string): string {
  return `If you have an existing and valid account from us, you will receive an email at ${email} for the link and instructions to reset your password`;
}

export const RECOVERY_CODE_SENT = 'A recovery code has been sent to your email address.';

interface StaffAccount {
  userId: number;
  email: string;
  tenantId: string;
  recoveryMethod: 'link' | 'code';
}

async function findStaffAccount(db: Db, email: string): Promise<StaffAccount | undefined> {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select(['users.id', 'users.email', 'accounts.username', 'users.tenant_id', 'accounts.recovery_method'])
    .where('accounts.username', '=', normalizeUsername(email))
    .executeTakeFirst();
  if (!row?.username) return undefined;
  return { userId: row.id, email: row.email ?? row.username, tenantId: row.tenant_id, recoveryMethod: row.recovery_method };
}

/**
 * POST um/account. An account recovering by code gets a 6-digit code by e-mail and the answer 'code' (the gateway's
 * 300); every other e-mail, known or not, gets 'neutral', and a known one gets a reset link by e-mail.
 */
export async function requestPasswordReset(db: Db, email: string, mail: Mailer): Promise<'code' | 'neutral'> {
  const account = await findStaffAccount(db, email);
  if (!account) return 'neutral';
  const options = { now: mail.now, ...(mail.log ? { log: mail.log } : {}) };
  return db.transaction().execute(async (trx) => {
    if (account.recoveryMethod === 'code') {
      const code = await issueAccountToken(trx, account.userId, 'recovery', mail.now);
      await send(
        trx,
        {
          channel: 'email',
          to: account.email,
          subject: 'Your password recovery code',
          body: `Your recovery code is ${code}. It works once, within 15 minutes.`,
          code,
          tenantId: account.tenantId,
        },
        options,
      );
      return 'code';
    }
    const token = await issueAccountToken(trx, account.userId, 'reset', mail.now);
    const link = `/auth/resetpassword/${token}`;
    await send(
      trx,
      {
        channel: 'email',
        to: account.email,
        subject: 'Reset your password',
        body: `Open ${link} within 1 hour to set a new password. If you did not ask for this, ignore this e-mail.`,
        link,
        tenantId: account.tenantId,
      },
      options,
    );
    return 'neutral';
  });
}

export type RecoveryOutcome = { ok: true; resetPasswordToken: string } | { ok: false };

/**
 * POST um/account/recovery: a right, live code is spent and exchanged for a reset token; a wrong code counts an
 * attempt, and the 5th wrong code kills it (users-and-wallets §4; decisions: 15 minutes, 5 attempts, single use).
 */
export async function verifyRecoveryCode(db: Db, email: string, code: string, now: Date): Promise<RecoveryOutcome> {
  const account = await findStaffAccount(db, email);
  if (!account) return { ok: false };
  const live = await db
    .selectFrom('account_tokens')
    .select(['id', 'token_hash', 'attempts'])
    .where('user_id', '=', account.userId)
    .where('kind', '=', 'recovery')
    .where('used', '=', 0)
    .where('expires', '>', now.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live || live.attempts >= RECOVERY_CODE_ATTEMPTS) return { ok: false };

  // The try is counted before the code is compared, in one statement: concurrent guesses cannot compare more codes
  // than RECOVERY_CODE_ATTEMPTS, and the last try spends the code unless it is right.
  const counted = await db
    .updateTable('account_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', live.id)
    .where('used', '=', 0)
    .where('attempts', '<', RECOVERY_CODE_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return { ok: false };
  if (!recoveryCodeMatches(code.trim(), live.token_hash)) {
    if (counted.attempts >= RECOVERY_CODE_ATTEMPTS) await consumeAccountToken(db, live.id);
    return { ok: false };
  }

  return db.transaction().execute(async (trx) => {
    if (!(await consumeAccountToken(trx, live.id))) return { ok: false };
    const resetPasswordToken = await issueAccountToken(trx, account.userId, 'reset', now);
    return { ok: true, resetPasswordToken };
  });
}

export type ResetOutcome = { ok: true; kind: 'reset' | 'newaccount' } | { ok: false };

/** PATCH um/account: a live reset or new-account token sets the password once (users-and-wallets §4, §7). */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<ResetOutcome> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'kind'])
    .where('token_hash', '=', hashLinkToken(token))
    .where('used', '=', 0)
    .where('expires', '>', now.toISOString())
    .executeTakeFirst();
  if (!row || row.kind === 'recovery') return { ok: false };
  const kind = row.kind;
  const passwordHash = await hashPassword(password);
  const user = await db.selectFrom('users').select('tenant_id').where('id', '=', row.user_id).executeTakeFirstOrThrow();
  return unitOfWork(db, { userId: row.user_id, tenantId: user.tenant_id, now }, async ({ db: trx, change }) => {
    if (!(await consumeAccountToken(trx, row.id))) return { ok: false };
    // Setting a password retires every other outstanding link of the account.
    await trx
      .updateTable('account_tokens')
      .set({ used: 1 })
      .where('user_id', '=', row.user_id)
      .where('used', '=', 0)
      .execute();
    await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash, updated: now.toISOString() })
      .where('user_id', '=', row.user_id)
      .execute();
    await change({ action: kind === 'newaccount' ? 'account.password.set' : 'account.password.reset', entity: 'account', entityId: row.user_id });
    // Whoever knew the old password is signed out everywhere (ASVS 4.0 §3.3.3).
    await revokeUserSessions(trx, row.user_id, { reason: 'password.reset', now, actorUserId: row.user_id, tenantId: user.tenant_id });
    return { ok: true, kind };
  });
}

/**
 * PUT um/account: the old password must match (users-and-wallets §5, §7). The new password ends every other session
 * of the user (ASVS 4.0 §3.3.3); the session that changed it stays signed in.
 */
export async function changePassword(
  db: Db,
  session: Pick<Session, 'userId' | 'tenantId' | 'sessionId'>,
  oldPassword: string,
  newPassword: string,
  now: Date,
): Promise<'changed' | 'wrong-old-password'> {
  const { userId, tenantId } = session;
  const account = await db.selectFrom('accounts').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
  if (!account?.password_hash || !(await verifyPassword(oldPassword, account.password_hash))) return 'wrong-old-password';
  const passwordHash = await hashPassword(newPassword);
  await unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash, updated: now.toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await change({ action: 'account.password.change', entity: 'account', entityId: userId });
    await revokeUserSessions(trx, userId, { reason: 'password.change', now, actorUserId: userId, tenantId, keep: session.sessionId });
  });
  return 'changed';
}

/**
 * A new admin gets an e-mail with `/auth/newpassword/<token>` (72 hours, single use). Call it inside the
 * transaction that creates the admin.
 */
export async function sendNewAccountLink(
  db: Db,
  account: { userId: number; email: string; tenantId: string },
  mail: Mailer,
): Promise<void> {
  const token = await issueAccountToken(db, account.userId, 'newaccount', mail.now);
  const link = `/auth/newpassword/${token}`;
  await send(
    db,
    {
      channel: 'email',
      to: account.email,
      subject: 'Your new account has been created',
      body: `An account was created for you. Open ${link} within 72 hours to set your password.`,
      link,
      tenantId: account.tenantId,
    },
    { now: mail.now, ...(mail.log ? { log: mail.log } : {}) },
  );
}
