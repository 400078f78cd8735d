// PATCH um/account/{id}: applies one status action to an account the admin may see, with the audit row; a status
// that bars sign-in also ends the account's sessions and cancels the approvals the account asked for (issue 22).
import type { Db } from '../../db/connection.ts';
import { cancelMakerApprovals } from '../approvals/approvals.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import { statusBarsSignIn } from '../auth/identity.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { Session } from '../auth/tokens.ts';
import { displayStatus } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';
import { canSeeUser } from '../scope.ts';
import { USER_NOT_FOUND } from '../users/rules.ts';
import { STATUS_ACTIONS, applyStatusAction, statusActionAllowed, type StatusActionId } from './status.ts';

export interface StatusChange {
  userId: number;
  action: StatusActionId;
  reason?: string | null | undefined;
}

/** Applies the action and returns the changed account; refuses what the account's flags do not allow. */
export async function changeAccountStatus(db: Db, session: Session, change: StatusChange, now: Date) {
  if (change.userId === session.userId) {
    throw new DomainRefusal('forbidden', { message: 'You may not change the status of your own account.' });
  }
  if (!(await canSeeUser(db, session, change.userId))) throw new DomainRefusal('not_found', { message: USER_NOT_FOUND });
  const reason = change.reason?.trim() || null;

  return unitOfWork(db, sessionActor(session, now), async ({ db: trx, change: record }) => {
    const account = await trx.selectFrom('accounts').select('status').where('user_id', '=', change.userId).executeTakeFirstOrThrow();
    const { name } = STATUS_ACTIONS[change.action];
    if (!statusActionAllowed(account.status, change.action)) {
      throw new DomainRefusal('invalid', {
        message: `${name} does not apply to an account that is ${displayStatus(account.status)}.`,
        field: 'status',
        code: 'status_action_not_allowed',
      });
    }
    const status = applyStatusAction(account.status, change.action);
    // Conditional on the status we read, so two admins acting at once cannot both apply to the same state.
    const result = await trx
      .updateTable('accounts')
      .set({ status, updated: now.toISOString() })
      .where('user_id', '=', change.userId)
      .where('status', '=', account.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new DomainRefusal('conflict', { message: 'The account changed meanwhile. Reload it and try again.' });
    }
    await record({
      action: 'account.status',
      entity: 'account',
      entityId: change.userId,
      before: { status: account.status, statusName: displayStatus(account.status) },
      after: { status, statusName: displayStatus(status), action: change.action, actionName: name },
      reason,
    });
    // A status that bars sign-in ends the account's sessions at once; its tokens answer 401 from the next request.
    if (statusBarsSignIn(status)) {
      await revokeUserSessions(trx, change.userId, { reason: 'status', now, actorUserId: session.userId, tenantId: session.tenantId });
      await cancelMakerApprovals(trx, { makerUserId: change.userId, actor: session, reason: `The person who asked for it is now ${displayStatus(status)}.`, now });
    }
    return trx
      .selectFrom('accounts')
      .select(['user_id', 'account_id', 'roles', 'group_id', 'status', 'created'])
      .where('user_id', '=', change.userId)
      .executeTakeFirstOrThrow();
  });
}
