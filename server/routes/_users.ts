// Users on the wire (the contract's User, Account, AccountAction, Photo, Document, PhoneNumberResource,
// EmailResource, Wallet): a user resource with the related parts named in `include` (users-and-wallets §3, §7),
// and the `filter[...]` of the users list.
import { accountActionFlags } from '../domain/accounts/status.ts';
import { rolesFromBits } from '../domain/auth/tokens.ts';
import type { FileUrlSigner } from '../domain/files/signing.ts';
import { formatMinor } from '../domain/money.ts';
import { displayStatus, STATUS_NAMES } from '../domain/reference.ts';
import { parseRowId } from '../domain/users/ids.ts';
import type { UserProfile } from '../domain/users/profiles.ts';
import type { UserFilters } from '../domain/users/queries.ts';
import { filterText, HttpError, idFilter, resource, textFilters } from '../http/jsonapi.ts';
import type { QueryOf, Schema } from './types.ts';

/** What `include` may name (users-and-wallets §7); only the relationships among them add to `included`. */
export const USER_INCLUDES = [
  'account',
  'photo',
  'document',
  'phonenumber',
  'email',
  'wallet',
  'names',
  'birthdate',
  'gender',
  'nationality',
  'account-action',
  'createdby',
  'created',
] as const;

type User = Schema<'User'>;
type UserIncluded = Schema<'UserIncluded'>;

export interface AccountFields {
  user_id: number;
  account_id: number;
  roles: number;
  group_id: number | null;
  status: number;
  created: string;
}

function accountResource(account: AccountFields): Schema<'Account'> {
  return resource('account', account.user_id, {
    roles: rolesFromBits(account.roles),
    groups: account.group_id ? [account.group_id] : [],
    status: account.status,
    statusName: displayStatus(account.status),
    accountId: String(account.account_id),
    created: account.created,
  });
}

function accountActionResource(userId: number, status: number): Schema<'AccountAction'> {
  return resource('account-action', userId, { ...accountActionFlags(status) });
}

/** PATCH um/account/{id}: the account with its account-action flags. */
export function accountDocument(account: AccountFields): Schema<'AccountDocument'> {
  const relationships = { 'account-action': { data: { type: 'account-action', id: String(account.user_id) } } };
  return { data: { ...accountResource(account), relationships }, included: [accountActionResource(account.user_id, account.status)] };
}

function fullname(row: UserProfile['row']): string {
  return [row.firstname, row.middlename, row.lastname].filter((part) => part && part.trim() !== '').join(' ');
}

/** The user resource and the included resources its `include` asks for. */
export function presentUser(profile: UserProfile, include: ReadonlySet<string>, signUrl: FileUrlSigner): { data: User; included: UserIncluded[] } {
  const { row } = profile;
  const id = String(row.id);
  const attributes: User['attributes'] = {
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    fullname: fullname(row),
    birthdate: row.birthdate,
    gender: row.gender,
    nationality: row.nationality,
    country: row.country,
    externalid: row.externalid,
    created: row.created,
    createdby: row.creator_firstname ? `${row.creator_firstname} ${row.creator_lastname ?? ''}`.trim() : null,
  };
  if (profile.services) {
    attributes.services = row.wallet_id === null
      ? []
      : profile.services.map((service) => ({ id: String(service.id), name: service.name, icon: service.icon, type: service.transaction_type }));
  }

  const relationships: NonNullable<User['relationships']> = {};
  const included: UserIncluded[] = [];
  const wants = (name: string) => include.has(name);
  const account: AccountFields = {
    user_id: row.id,
    account_id: row.account_id,
    roles: row.roles,
    group_id: row.group_id,
    status: row.status,
    created: row.account_created,
  };

  if (wants('account')) {
    relationships.account = { data: { type: 'account', id } };
    included.push(accountResource(account));
  }
  if (wants('account-action')) {
    relationships['account-action'] = { data: { type: 'account-action', id } };
    included.push(accountActionResource(row.id, row.status));
  }
  if (wants('photo')) {
    relationships.photo = { data: row.photo_file_id ? { type: 'photo', id: row.photo_file_id } : null };
    if (row.photo_file_id) included.push(resource('photo', row.photo_file_id, { url: signUrl(row.photo_file_id) }));
  }
  if (wants('document')) {
    const documents = profile.documents.filter((document) => document.fileIds.length > 0);
    relationships.document = { data: documents.map((document) => ({ type: 'document', id: String(document.id) })) };
    for (const document of documents) {
      const [first = '', second, third] = document.fileIds.map((fileId) => signUrl(fileId));
      included.push(
        resource('document', document.id, {
          type: document.document_type,
          number: document.document_number,
          expiryDate: document.expiry_date,
          url1: first,
          url2: second ?? null,
          url3: third ?? null,
        }),
      );
    }
  }
  if (wants('phonenumber')) {
    relationships.phonenumber = { data: row.phonenumber ? { type: 'phonenumber', id } : null };
    if (row.phonenumber) included.push(resource('phonenumber', id, { value: row.phonenumber }));
  }
  if (wants('email')) {
    relationships.email = { data: row.email ? { type: 'email', id } : null };
    if (row.email) included.push(resource('email', id, { value: row.email }));
  }
  if (wants('wallet')) {
    // The wallet's columns come from one joined row: all null when the user has none.
    const wallet = row.wallet_id === null || row.wallet_currency === null ? null : { id: String(row.wallet_id), currency: row.wallet_currency };
    relationships.wallet = { data: wallet && { type: 'wallet', id: wallet.id } };
    if (wallet) {
      included.push(resource('wallet', wallet.id, { currency: wallet.currency, balance: formatMinor(Number(row.wallet_balance_minor ?? 0)) }));
    }
  }

  const data = resource('user', id, attributes, Object.keys(relationships).length > 0 ? relationships : undefined);
  return { data, included };
}

/** Users as resources with what `include` asks for, each included resource once. */
export function presentUsers(profiles: readonly UserProfile[], include: ReadonlySet<string>, signUrl: FileUrlSigner): { data: User[]; included: UserIncluded[] } {
  const presented = profiles.map((profile) => presentUser(profile, include, signUrl));
  const seen = new Set<string>();
  const included: UserIncluded[] = [];
  for (const item of presented.flatMap((user) => user.included)) {
    const key = `${item.type}/${item.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    included.push(item);
  }
  return { data: presented.map((user) => user.data), included };
}

/** One user's document (getUser, and the answers of create and update). */
export function userDocument(profile: UserProfile, include: ReadonlySet<string>, signUrl: FileUrlSigner): Schema<'UserDocument'> {
  const { data, included } = presentUser(profile, include, signUrl);
  return included.length > 0 ? { data, included } : { data };
}

const ROLE_CONDITIONS: readonly number[] = [4, 16, 64, 256, -4, -16, -64, -256];

function roleCondition(text: string): number {
  const role = /^-?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!ROLE_CONDITIONS.includes(role)) {
    throw new HttpError(400, 'filter[account.roles] is not a valid value', { parameter: 'filter[account.roles]' });
  }
  return role;
}

/** The `filter[...]` of listUsers; an unusable value is a 400 naming its parameter. */
export function parseUserFilters(query: QueryOf<'listUsers'>): UserFilters {
  const filters: UserFilters = textFilters({
    accountId: query['filter[account.accountId]'],
    fullname: query['filter[fullname]'],
    email: query['filter[email]'],
    phonenumber: query['filter[phonenumber]'],
    currency: query['filter[wallet.currency]'],
  });
  const id = idFilter(query['filter[id]']);
  if (id !== undefined) filters.id = id;
  const roles = filterText(query['filter[account.roles]']);
  // Comma-separated conditions that must all hold: `-256,64` (docs/decisions.md, UW-6.22).
  if (roles !== undefined) filters.roles = roles.split(',').map((condition) => roleCondition(condition.trim()));
  const group = filterText(query['filter[account.groups]']);
  // An id no group can have matches nothing (ids are 32-bit, see parseRowId).
  if (group !== undefined) filters.group = parseRowId(group) ?? -1;
  const status = filterText(query['filter[status]']);
  if (status !== undefined) {
    const name = STATUS_NAMES.find((candidate) => candidate === status);
    if (!name) throw new HttpError(400, `Unknown status '${status}'`, { parameter: 'filter[status]' });
    filters.status = name;
  }
  return filters;
}
