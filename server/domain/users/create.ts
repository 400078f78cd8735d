// Creating admins (POST um/user) and end users (POST um/pendingUser): every rule of users-and-wallets §5 and §6,
// one refusal per field and nothing written, then the user, account, wallet and audit row in one transaction.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { sendNewAccountLink, type Mailer } from '../accounts/recovery.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { normalizeUsername } from '../auth/identity.ts';
import type { Session } from '../auth/tokens.ts';
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';
import { userScopeOf } from '../scope.ts';
import { attributesOf, calendarDate, checkNewUser, MESSAGES, type FieldErrors, type NewUser, type UserKind } from './rules.ts';

/** Account ids start here (the visible "Account Id"). */
const FIRST_ACCOUNT_ID = 100001;

export interface TenantFacts {
  id: string;
  type: string;
  currency: string;
  /** users-and-wallets §5: the credit-union tenant (naccug) requires a group. */
  creditUnion: boolean;
}

export async function tenantFacts(db: Db, tenantId: string): Promise<TenantFacts> {
  const tenant = await db.selectFrom('tenants').select(['id', 'type', 'currency', 'config_json']).where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) throw new DomainRefusal('forbidden', { message: 'The tenant of this token no longer exists.' });
  return { id: tenant.id, type: tenant.type, currency: tenant.currency, creditUnion: isCreditUnion(tenant.config_json) };
}

function isCreditUnion(configJson: string): boolean {
  try {
    const config: unknown = JSON.parse(configJson);
    return typeof config === 'object' && config !== null && 'creditUnion' in config && Boolean(config.creditUnion);
  } catch {
    return false;
  }
}

/**
 * The nationality of the countries list matching what was sent (a nationality or a country iso code, any case),
 * spelled as the list spells it; users keep that text, as the seed does and the contract shows ("Gambian").
 */
export async function resolveNationality(db: Db, nationality: string): Promise<string | undefined> {
  const wanted = nationality.trim().toLowerCase();
  const row = await db
    .selectFrom('countries')
    .select('nationality')
    .where((eb) => eb.or([eb(eb.fn('lower', ['nationality']), '=', wanted), eb(eb.fn('lower', ['iso']), '=', wanted)]))
    .orderBy('iso')
    .executeTakeFirst();
  return row?.nationality;
}

async function groupExists(db: Db, tenantId: string, groupId: number): Promise<boolean> {
  const row = await db.selectFrom('groups').select('id').where('id', '=', groupId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row !== undefined;
}

async function ownGroup(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('accounts').select('group_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** A conflict when the e-mail or phone number is already someone's in this tenant (or the e-mail is a sign-in name). */
export async function assertContactsFree(
  db: Db,
  tenantId: string,
  contacts: { email?: string | null; phonenumber?: string | null },
  exceptUserId?: number,
): Promise<void> {
  if (contacts.email) {
    const email = normalizeUsername(contacts.email);
    let query = db
      .selectFrom('users')
      .leftJoin('accounts', 'accounts.user_id', 'users.id')
      .select('users.id')
      .where((eb) => eb.or([eb('accounts.username', '=', email), eb.and([eb('users.tenant_id', '=', tenantId), eb(eb.fn('lower', ['users.email']), '=', email)])]));
    if (exceptUserId !== undefined) query = query.where('users.id', '!=', exceptUserId);
    if (await query.executeTakeFirst()) {
      throw new DomainRefusal('conflict', { message: 'This email address is already in use.', field: 'email', code: 'email_in_use' });
    }
  }
  if (contacts.phonenumber) {
    let query = db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('phonenumber', '=', contacts.phonenumber);
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    if (await query.executeTakeFirst()) {
      throw new DomainRefusal('conflict', { message: 'This mobile number is already in use.', field: 'phonenumber', code: 'phone_in_use' });
    }
  }
}

/** The rules of users-and-wallets §5 and §6 that need the database: group of this tenant and in the creator's scope, known nationality. */
async function checkAgainstDatabase(db: Db, session: Session, user: NewUser, errors: FieldErrors): Promise<string | undefined> {
  if (user.group !== null) {
    if (!(await groupExists(db, session.tenantId, user.group))) errors.group = MESSAGES.group;
    else if (userScopeOf(session) === 'group' || userScopeOf(session) === 'groupOrCreated') {
      // A group or field admin only adds people to their own group, where their scope lets them see them again.
      const mine = await ownGroup(db, session.userId);
      if (mine !== null && mine !== user.group) errors.group = 'You may only add users to your own Credit Union.';
    }
  }
  const nationality = await resolveNationality(db, user.nationality);
  if (!nationality) errors.nationality = MESSAGES.nationality;
  return nationality;
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === '23505' || /UNIQUE constraint failed/.test(error.message);
}

/** Runs the create rules without writing; the `bodyChecks` of the routes call it before schema validation. */
export function checkCreateBody(body: unknown, kind: UserKind, session: Session, now: Date, creditUnion: boolean): NewUser {
  const { errors, user } = checkNewUser(attributesOf(body), { kind, creatorRoles: session.roles, today: calendarDate(now), creditUnion });
  if (!user || Object.keys(errors).length > 0) throw DomainRefusal.invalidFields(errors);
  return user;
}

/** Creates the admin or end user and returns the new user's id. */
export async function createUser(db: Db, session: Session, kind: UserKind, body: unknown, mail: Mailer): Promise<number> {
  const tenant = await tenantFacts(db, session.tenantId);
  const user = checkCreateBody(body, kind, session, mail.now, tenant.creditUnion);
  const errors: FieldErrors = {};
  const nationality = await checkAgainstDatabase(db, session, user, errors);
  if (!nationality || Object.keys(errors).length > 0) throw DomainRefusal.invalidFields(errors);
  await assertContactsFree(db, tenant.id, user);

  const now = mail.now.toISOString();
  try {
    return await unitOfWork(db, { userId: session.userId, tenantId: tenant.id, now: mail.now }, async ({ db: trx, change }) => {
      const inserted = await trx
        .insertInto('users')
        .values({
          tenant_id: tenant.id,
          firstname: user.firstname,
          middlename: user.middlename,
          lastname: user.lastname,
          birthdate: user.birthdate,
          gender: user.gender,
          nationality,
          country: user.country,
          email: user.email,
          phonenumber: user.phonenumber,
          externalid: user.externalid,
          photo_file_id: null,
          created_by: session.userId,
          created: now,
          updated: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const userId = inserted.id;
      const last = await trx.selectFrom('accounts').select(sql<number | null>`max(account_id)`.as('max')).executeTakeFirst();
      const accountId = Math.max(FIRST_ACCOUNT_ID, Number(last?.max ?? 0) + 1);
      const username = kind === 'admin' && user.email ? normalizeUsername(user.email) : null;
      await trx
        .insertInto('accounts')
        .values({
          user_id: userId,
          account_id: accountId,
          roles: user.role,
          group_id: user.group,
          status: 0,
          username,
          password_hash: null,
          recovery_method: 'link',
          created: now,
          updated: now,
        })
        .execute();
      if (user.role === ROLE.EndUser) {
        await trx
          .insertInto('wallets')
          .values({ tenant_id: tenant.id, user_id: userId, currency: tenant.currency, balance_minor: 0, created: now, updated: now })
          .execute();
      }
      await change({
        action: 'user.create',
        entity: 'user',
        entityId: userId,
        after: { ...user, nationality, accountId, status: 0 },
      });
      if (username && user.email) await sendNewAccountLink(trx, { userId, email: user.email, tenantId: tenant.id }, mail);
      return userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainRefusal('conflict', { message: 'This user could not be created because a value is already in use. Try again.' });
    }
    throw error;
  }
}
