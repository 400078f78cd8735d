// Test support: JSON:API documents shaped like the gateway's (openapi/gateway.yaml UserDocument, UserListDocument).
import type { components } from '../../../api/gateway';

type Schemas = components['schemas'];
type Flags = Schemas['AccountAction']['attributes'];

export interface FakeUser {
  id: string;
  firstname: string;
  lastname: string;
  roles?: Schemas['Role'][];
  groups?: number[];
  status?: number;
  statusName?: Schemas['StatusName'];
  flags?: Partial<Flags>;
  email?: string;
  phone?: string;
  balance?: string;
  createdby?: string | null;
  externalid?: string | null;
  services?: Schemas['Service'][];
}

/** Every account action off (users-and-wallets §4); a test turns on the ones it needs. */
export const noFlags: Flags = {
  showActivate: false,
  showVerified: false,
  showDuplicate: false,
  showClearDuplicate: false,
  showOnHold: false,
  showRemoveFromLockOut: false,
  showRejectKYC: false,
  showClearKYCReject: false,
  showAddToSanction: false,
  showRemoveFromSanction: false,
};

function parts(user: FakeUser) {
  const data = {
    type: 'user',
    id: user.id,
    attributes: {
      firstname: user.firstname,
      middlename: null,
      lastname: user.lastname,
      fullname: `${user.firstname} ${user.lastname}`,
      birthdate: '1990-04-12',
      gender: 'Female',
      nationality: 'Gambian',
      country: 'Gambia',
      externalid: user.externalid ?? null,
      created: '2024-03-01T09:30:00Z',
      createdby: user.createdby === undefined ? 'Grace Group' : user.createdby,
      ...(user.services ? { services: user.services } : {}),
    },
    relationships: {
      account: { data: { type: 'account', id: user.id } },
      'account-action': { data: { type: 'account-action', id: user.id } },
      photo: { data: null },
      phonenumber: { data: { type: 'phonenumber', id: user.id } },
      email: { data: { type: 'email', id: user.id } },
      wallet: { data: { type: 'wallet', id: user.id } },
    },
  };
  const included = [
    {
      type: 'account',
      id: user.id,
      attributes: {
        roles: user.roles ?? [256],
        groups: user.groups ?? [],
        status: user.status ?? 9,
        statusName: user.statusName ?? 'Verified',
        accountId: `100${user.id}`,
        created: '2024-03-01T09:30:00Z',
      },
    },
    { type: 'account-action', id: user.id, attributes: { ...noFlags, ...user.flags } },
    { type: 'phonenumber', id: user.id, attributes: { value: user.phone ?? '2207012345' } },
    { type: 'email', id: user.id, attributes: { value: user.email ?? `${user.firstname.toLowerCase()}@mail.demo.test` } },
    { type: 'wallet', id: user.id, attributes: { currency: 'GMD', balance: user.balance ?? '1250.00' } },
  ];
  return { data, included };
}

export function userDocument(user: FakeUser) {
  return parts(user);
}

export function userListDocument(users: FakeUser[], meta: Partial<Schemas['PageMeta']> = {}) {
  const all = users.map(parts);
  return {
    data: all.map((each) => each.data),
    included: all.flatMap((each) => each.included),
    meta: { itemTotal: users.length, pageNumber: 1, pageSize: 10, pageTotal: 1, ...meta },
  };
}

export const referenceLists = {
  roles: {
    data: [
      { type: 'role', id: '4', attributes: { value: 4, name: 'Partner Admin' } },
      { type: 'role', id: '16', attributes: { value: 16, name: 'Group Admin' } },
      { type: 'role', id: '64', attributes: { value: 64, name: 'Field Officer' } },
      { type: 'role', id: '256', attributes: { value: 256, name: 'Customer' } },
    ],
  },
  groups: { data: [{ type: 'group', id: '18', attributes: { value: 18, name: 'Latrikunda Branch' } }] },
  statuses: {
    data: [
      { type: 'status', id: '0', attributes: { value: 0, name: 'Pending' } },
      { type: 'status', id: '8', attributes: { value: 8, name: 'Verified' } },
      { type: 'status', id: '256', attributes: { value: 256, name: 'KYC Rejected' } },
    ],
  },
  countries: { data: [{ type: 'country', id: 'GM', attributes: { iso: 'GM', name: 'Gambia', nationality: 'Gambian' } }] },
};
