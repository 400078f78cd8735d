// Who may sign in, through which client, and which tenants they may switch to (users-and-wallets §6, §7).
import type { Db } from '../../db/connection.ts';
import type { ClientKind, Tenant } from '../../db/schema.ts';
import { ROLE, STATUS } from '../reference.ts';
import { rolesFromBits, type Session } from './tokens.ts';

/** The registered identity client with this id and kind, or undefined. */
export async function findClient(db: Db, clientId: string, kind: ClientKind) {
  return db.selectFrom('clients').selectAll().where('client_id', '=', clientId).where('kind', '=', kind).executeTakeFirst();
}

export interface SignInAccount {
  userId: number;
  /** The sign-in name (lower-case e-mail). */
  username: string;
  email: string | null;
  fullname: string;
  roleBits: number;
  status: number;
  passwordHash: string | null;
  tenant: Tenant;
}

/** The account signing in with this username (case-insensitive e-mail), with its home tenant. */
export function findSignInAccount(db: Db, username: string): Promise<SignInAccount | undefined> {
  return signInAccountWhere(db, { username: normalizeUsername(username) });
}

/** The account of a user whose sign-in is under way (the second factor step), with its home tenant. */
export function findSignInAccountById(db: Db, userId: number): Promise<SignInAccount | undefined> {
  return signInAccountWhere(db, { userId });
}

async function signInAccountWhere(db: Db, key: { username: string } | { userId: number }): Promise<SignInAccount | undefined> {
  const query = db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id as userId',
      'users.email',
      'users.firstname',
      'users.lastname',
      'accounts.roles',
      'accounts.status',
      'accounts.password_hash',
      'accounts.username',
      'users.tenant_id',
    ]);
  const row = await ('username' in key ? query.where('accounts.username', '=', key.username) : query.where('accounts.user_id', '=', key.userId)).executeTakeFirst();
  if (!row) return undefined;
  const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', row.tenant_id).executeTakeFirstOrThrow();
  return {
    userId: row.userId,
    username: row.username ?? '',
    email: row.email,
    fullname: `${row.firstname} ${row.lastname}`,
    roleBits: row.roles,
    status: row.status,
    passwordHash: row.password_hash,
    tenant,
  };
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** The status bits that bar signing in; bearerAuth refuses the tokens of such an account too. */
export const SIGN_IN_BARRING_STATUS = STATUS.LockOut | STATUS.Sanctioned | STATUS.OnHold;

export function statusBarsSignIn(status: number): boolean {
  return (status & SIGN_IN_BARRING_STATUS) !== 0;
}

/** Why a correctly authenticated account still may not sign in, or null when it may. */
export function signInRefusal(account: Pick<SignInAccount, 'status' | 'roleBits'>): string | null {
  if ((account.status & STATUS.LockOut) !== 0) return 'This account is locked out. Ask an administrator to clear the lock.';
  if ((account.status & STATUS.Sanctioned) !== 0) return 'This account is sanctioned and may not sign in.';
  if ((account.status & STATUS.OnHold) !== 0) return 'This account is on hold and may not sign in.';
  // users-and-wallets §1: only staff sign in.
  if ((account.roleBits & (ROLE.TopAdmin | ROLE.MidAdmin | ROLE.LowerAdmin)) === 0) return 'Only staff may sign in.';
  return null;
}

/** The session a token carries for this user acting in this tenant, within the server-side session `sessionId`. */
export function sessionFor(userId: number, roleBits: number, tenant: Pick<Tenant, 'id' | 'claim' | 'type'>, sessionId: string): Session {
  return { userId, roles: rolesFromBits(roleBits), tenantId: tenant.id, claim: tenant.claim, tenantType: tenant.type, sessionId };
}

/**
 * The tenants a user may switch to: users of the admin tenant (tenants.is_admin) may switch to every enabled tenant,
 * those made in the Control Panel included, everyone else only to their own (identity-and-catalogue §7).
 */
export async function switchableTenants(db: Db, userId: number): Promise<Tenant[]> {
  const home = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['tenants.id', 'tenants.is_admin'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!home) return [];
  let query = db.selectFrom('tenants').selectAll().where('enabled', '=', 1).orderBy('name').orderBy('id');
  if (home.is_admin !== 1) query = query.where('id', '=', home.id);
  return query.execute();
}
