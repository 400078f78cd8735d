// A user as the screens read it: the getUser / listUsers resource flattened by src/api/jsonapi.ts, typed by the
// contract (users-and-wallets §3 "User, fetched with related parts").
import type { components } from '../../api/gateway';
import type { FlatRecord } from '../../api/jsonapi';

type Schemas = components['schemas'];

export type AccountFlags = Schemas['AccountAction']['attributes'];
export type UserService = Schemas['Service'];

type Related<T> = { id: string } & T;

export type UserRecord = FlatRecord &
  Schemas['UserAttributes'] & {
    account?: Related<Schemas['Account']['attributes']>;
    'account-action'?: Related<AccountFlags>;
    photo?: Related<Schemas['Photo']['attributes']> | null;
    document?: Related<Schemas['DocumentAttributes']>[];
    phonenumber?: Related<Schemas['PhoneNumberResource']['attributes']> | null;
    email?: Related<Schemas['EmailResource']['attributes']> | null;
    wallet?: Related<Schemas['Wallet']['attributes']> | null;
  };

/** The contract types the flattened resource; this only names that type. */
export function asUserRecord(row: FlatRecord): UserRecord {
  return row as UserRecord;
}

/** The role a user is shown with: the lowest role bit, i.e. the most privileged (docs/decisions.md roles). */
export function userRole(user: Pick<UserRecord, 'account'>): number | null {
  const roles = user.account?.roles ?? [];
  return roles.length > 0 ? Math.min(...roles) : null;
}
