// Users on the wire (the contract's User, Account, AccountAction, Photo, Document, PhoneNumberResource,
// EmailResource, Wallet): a user resource with the related parts named in `include` (users-and-wallets §3, §7).
import { resource, type Relationship, type Resource } from '../../http/jsonapi.ts';
import { formatMinor } from '../../http/money.ts';
import { accountActionFlags } from '../accounts/status.ts';
import { rolesFromBits } from '../auth/tokens.ts';
import { displayStatus } from '../reference.ts';
import type { FileUrlSigner } from '../files/signing.ts';
import type { DocumentRow, UserRow } from './queries.ts';

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

export interface AccountFields {
  user_id: number;
  account_id: number;
  roles: number;
  group_id: number | null;
  status: number;
  created: string;
}

function accountResource(account: AccountFields): Resource {
  return resource('account', account.user_id, {
    roles: rolesFromBits(account.roles),
    groups: account.group_id ? [account.group_id] : [],
    status: account.status,
    statusName: displayStatus(account.status),
    accountId: String(account.account_id),
    created: account.created,
  });
}

function accountActionResource(userId: number, status: number): Resource {
  return resource('account-action', userId, { ...accountActionFlags(status) });
}

/** PATCH um/account/{id}: the account with its account-action flags (the contract's AccountDocument). */
export function accountDocument(account: AccountFields) {
  const data = accountResource(account);
  data.relationships = { 'account-action': { data: { type: 'account-action', id: String(account.user_id) } } };
  return { data, included: [accountActionResource(account.user_id, account.status)] };
}

export interface ServiceRow {
  id: number;
  name: string;
  icon: string | null;
  transaction_type: number | null;
}

export interface PresentOptions {
  include: ReadonlySet<string>;
  signUrl: FileUrlSigner;
  documents: readonly DocumentRow[];
  /** getUser only: the top-up dropdown's services. */
  services?: readonly ServiceRow[];
}

function fullname(row: Pick<UserRow, 'firstname' | 'middlename' | 'lastname'>): string {
  return [row.firstname, row.middlename, row.lastname].filter((part) => part && part.trim() !== '').join(' ');
}

/** The user resource and the included resources its `include` asks for. */
export function presentUser(row: UserRow, options: PresentOptions): { data: Resource; included: Resource[] } {
  const id = String(row.id);
  const attributes: Record<string, unknown> = {
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
  if (options.services) {
    attributes.services = row.wallet_id === null
      ? []
      : options.services.map((service) => ({ id: String(service.id), name: service.name, icon: service.icon, type: service.transaction_type }));
  }

  const relationships: Record<string, Relationship> = {};
  const included: Resource[] = [];
  const wants = (name: string) => options.include.has(name);
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
    if (row.photo_file_id) included.push(resource('photo', row.photo_file_id, { url: options.signUrl(row.photo_file_id) }));
  }
  if (wants('document')) {
    const documents = options.documents.filter((document) => document.user_id === row.id && document.fileIds.length > 0);
    relationships.document = { data: documents.map((document) => ({ type: 'document', id: String(document.id) })) };
    for (const document of documents) {
      const [first = '', second, third] = document.fileIds.map((fileId) => options.signUrl(fileId));
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
    relationships.wallet = { data: row.wallet_id === null ? null : { type: 'wallet', id: String(row.wallet_id) } };
    if (row.wallet_id !== null) {
      included.push(
        resource('wallet', row.wallet_id, {
          currency: row.wallet_currency,
          balance: formatMinor(Number(row.wallet_balance_minor ?? 0)),
        }),
      );
    }
  }

  const data = resource('user', id, attributes, Object.keys(relationships).length > 0 ? relationships : undefined);
  return { data, included };
}

/** Included resources of several users, each once. */
export function mergeIncluded(lists: ReadonlyArray<readonly Resource[]>): Resource[] {
  const seen = new Set<string>();
  const merged: Resource[] = [];
  for (const list of lists) {
    for (const item of list) {
      const key = `${item.type}/${item.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(item);
    }
  }
  return merged;
}
