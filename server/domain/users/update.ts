// PATCH um/user/{id}: the edit rules of users-and-wallets §5 on a user the admin may see, with an audit row
// holding the changed fields before and after.
import type { Db } from '../../db/connection.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import { rolesFromBits, type Session } from '../auth/tokens.ts';
import { DomainRefusal } from '../refusal.ts';
import { canSeeUser } from '../scope.ts';
import { assertContactsFree, resolveNationality, tenantFacts } from './create.ts';
import { attributesOf, calendarDate, checkUserEdit, MESSAGES, USER_NOT_FOUND, type UserEdit } from './rules.ts';

async function currentProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .select([
      'users.firstname',
      'users.middlename',
      'users.lastname',
      'users.birthdate',
      'users.gender',
      'users.nationality',
      'users.phonenumber',
      'users.externalid',
      'users.email',
      'accounts.roles',
      'accounts.group_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

function checkEditBody(body: unknown, current: Awaited<ReturnType<typeof currentProfile>>, now: Date): UserEdit {
  const profile = { email: current.email, roles: rolesFromBits(current.roles), group: current.group_id };
  const { errors, edit } = checkUserEdit(attributesOf(body), profile, calendarDate(now));
  if (Object.keys(errors).length > 0) throw DomainRefusal.invalidFields(errors);
  return edit;
}

/**
 * Runs the edit rules without writing, for a user the session may see (an unseen user is left to updateUser's
 * not_found); the `bodyChecks` of the routes call it before schema validation.
 */
export async function checkUserUpdate(db: Db, session: Session, userId: number, body: unknown, now: Date): Promise<void> {
  if (!(await canSeeUser(db, session, userId))) return;
  checkEditBody(body, await currentProfile(db, userId), now);
}

/** Applies the edit; a user outside the session's tenant or scope is not found, a payin tenant may not edit. */
export async function updateUser(db: Db, session: Session, userId: number, body: unknown, now: Date): Promise<void> {
  if (!(await canSeeUser(db, session, userId))) throw new DomainRefusal('not_found', { message: USER_NOT_FOUND });
  const tenant = await tenantFacts(db, session.tenantId);
  // users-and-wallets §2: for the payin tenant type edit mode and save are hidden; the gateway refuses too.
  if (tenant.type === 'payin') throw new DomainRefusal('forbidden', { message: 'Users cannot be edited in a payin tenant.' });

  const before = await currentProfile(db, userId);
  const edit = checkEditBody(body, before, now);

  const changes: UserUpdate = {};
  if (edit.firstname !== undefined) changes.firstname = edit.firstname;
  if (edit.middlename !== undefined) changes.middlename = edit.middlename;
  if (edit.lastname !== undefined) changes.lastname = edit.lastname;
  if (edit.birthdate !== undefined) changes.birthdate = edit.birthdate;
  if (edit.gender !== undefined) changes.gender = edit.gender;
  if (edit.externalid !== undefined) changes.externalid = edit.externalid;
  if (edit.phonenumber !== undefined) changes.phonenumber = edit.phonenumber;
  if (edit.nationality !== undefined) {
    const nationality = await resolveNationality(db, edit.nationality);
    if (!nationality) throw DomainRefusal.invalidFields({ nationality: MESSAGES.nationality });
    changes.nationality = nationality;
  }
  if (changes.phonenumber && changes.phonenumber !== before.phonenumber) {
    await assertContactsFree(db, tenant.id, { phonenumber: changes.phonenumber }, userId);
  }

  const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter((field) => changes[field] !== before[field as keyof typeof before]);
  if (changed.length === 0) return;
  await unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    await trx
      .updateTable('users')
      .set({ ...changes, updated: now.toISOString() })
      .where('id', '=', userId)
      .execute();
    await change({
      action: 'user.update',
      entity: 'user',
      entityId: userId,
      before: Object.fromEntries(changed.map((field) => [field, before[field as keyof typeof before] ?? null])),
      after: Object.fromEntries(changed.map((field) => [field, changes[field] ?? null])),
    });
  });
}
