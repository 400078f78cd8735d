// The shared vocabularies (docs/decisions.md "Roles and statuses") and the reference lists of users-and-wallets §3.
import type { Db } from '../db/connection.ts';
import type { RoleBit, StatusName, TransactionTypeCode } from '../db/schema.ts';

/** Account roles (users-and-wallets §4). */
export const ROLE = { TopAdmin: 4, MidAdmin: 16, LowerAdmin: 64, EndUser: 256 } as const satisfies Record<string, RoleBit>;

/** Account status bits; no bit set means Pending. */
export const STATUS = {
  Active: 1,
  Duplicate: 2,
  Expired: 4,
  Verified: 8,
  LockOut: 16,
  Sanctioned: 32,
  OnHold: 64,
  KycRejected: 256,
} as const;

/** The displayed status is the first present of these (docs/decisions.md). */
export const DISPLAY_ORDER: ReadonlyArray<readonly [StatusName, number]> = [
  ['Sanctioned', STATUS.Sanctioned],
  ['LockOut', STATUS.LockOut],
  ['On Hold', STATUS.OnHold],
  ['KYC Rejected', STATUS.KycRejected],
  ['Duplicate', STATUS.Duplicate],
  ['Expired', STATUS.Expired],
  ['Verified', STATUS.Verified],
  ['Active', STATUS.Active],
];

/** Every status name, Pending (no bit) included. */
export const STATUS_NAMES: readonly StatusName[] = ['Pending', ...DISPLAY_ORDER.map(([name]) => name)];

/** The status name shown for a status bit set, e.g. 9 (Active|Verified) → 'Verified', 0 → 'Pending'. */
export function displayStatus(bits: number): StatusName {
  return DISPLAY_ORDER.find(([, bit]) => (bits & bit) === bit)?.[0] ?? 'Pending';
}

/** Wallet transaction types (code → name). */
export const TRANSACTION_TYPE = { TopUp: 1, P2P: 2, RequestMoney: 4, Disbursement: 8, Loan: 32, CashOut: 256 } as const satisfies Record<
  string,
  TransactionTypeCode
>;

export const WALLET_TRANSACTION_STATUSES = ['PENDING', 'PROCESSING', 'FAILED', 'COMPLETED'] as const;

export async function listCountries(db: Db) {
  return db.selectFrom('countries').select(['iso', 'name', 'nationality', 'dial_code']).orderBy('name').execute();
}

export async function listRoles(db: Db) {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
}

export async function listStatuses(db: Db) {
  return db.selectFrom('statuses').select(['id', 'name']).orderBy('id').execute();
}

export async function listTransactionTypes(db: Db) {
  return db.selectFrom('transaction_types').select(['id', 'name']).orderBy('id').execute();
}

/** The groups (credit unions, branches) of one tenant: tenant isolation applies. */
export async function listGroups(db: Db, tenantId: string) {
  return db.selectFrom('groups').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name').execute();
}

export async function listProductTypes(db: Db) {
  return db.selectFrom('product_types').select(['id', 'name']).orderBy('id').execute();
}

export async function listCurrencies(db: Db) {
  return db.selectFrom('currencies').select(['id', 'code', 'name', 'symbol', 'product_id']).orderBy('id').execute();
}

/** The enabled payout channels offered to a tenant (its own and the shared ones). */
export async function listChannels(db: Db, tenantId: string) {
  return db
    .selectFrom('channels')
    .select(['id', 'code', 'name', 'country', 'currency'])
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
}
