// The reference lists every tenant shares (users-and-wallets §3): countries, roles, statuses, transaction
// types, product types, payment methods, currencies, services and payout channels. Products belong to a tenant's
// catalogue (./catalogue.ts).
import type { Db } from '../db/connection.ts';
import type { RoleBit, StatusBit, StatusName, TransactionTypeCode } from '../db/schema.ts';
import { ROLE, STATUS, TRANSACTION_TYPE } from '../domain/reference.ts';

/** [iso, name, nationality, dial code]; users-and-wallets §9: default country Gambia, nationality Gambian. */
export const COUNTRIES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['GM', 'Gambia', 'Gambian', '220'],
  ['SN', 'Senegal', 'Senegalese', '221'],
  ['AE', 'United Arab Emirates', 'Emirati', '971'],
  ['GB', 'United Kingdom', 'British', '44'],
  ['US', 'United States', 'American', '1'],
  ['NG', 'Nigeria', 'Nigerian', '234'],
  ['SL', 'Sierra Leone', 'Sierra Leonean', '232'],
  ['GH', 'Ghana', 'Ghanaian', '233'],
  ['GN', 'Guinea', 'Guinean', '224'],
  ['GW', 'Guinea-Bissau', 'Bissau-Guinean', '245'],
  ['ML', 'Mali', 'Malian', '223'],
  ['MR', 'Mauritania', 'Mauritanian', '222'],
  ['LR', 'Liberia', 'Liberian', '231'],
  ['CI', "Côte d'Ivoire", 'Ivorian', '225'],
  ['ET', 'Ethiopia', 'Ethiopian', '251'],
  ['SO', 'Somalia', 'Somali', '252'],
  ['KE', 'Kenya', 'Kenyan', '254'],
  ['SE', 'Sweden', 'Swedish', '46'],
  ['NO', 'Norway', 'Norwegian', '47'],
  ['DK', 'Denmark', 'Danish', '45'],
  ['FI', 'Finland', 'Finnish', '358'],
  ['DE', 'Germany', 'German', '49'],
  ['FR', 'France', 'French', '33'],
  ['ES', 'Spain', 'Spanish', '34'],
  ['IT', 'Italy', 'Italian', '39'],
  ['NL', 'Netherlands', 'Dutch', '31'],
  ['SA', 'Saudi Arabia', 'Saudi', '966'],
  ['QA', 'Qatar', 'Qatari', '974'],
  ['TR', 'Turkey', 'Turkish', '90'],
  ['CA', 'Canada', 'Canadian', '1'],
];

/** identity-and-catalogue §3 client role bits. */
export const ROLE_NAMES: ReadonlyArray<readonly [RoleBit, string]> = [
  [ROLE.TopAdmin, 'Partner Admin'],
  [ROLE.MidAdmin, 'Group Admin'],
  [ROLE.LowerAdmin, 'Field Officer'],
  [ROLE.EndUser, 'Customer'],
];

export const STATUS_NAMES: ReadonlyArray<readonly [StatusBit, StatusName]> = [
  [0, 'Pending'],
  [STATUS.Active, 'Active'],
  [STATUS.Duplicate, 'Duplicate'],
  [STATUS.Expired, 'Expired'],
  [STATUS.Verified, 'Verified'],
  [STATUS.LockOut, 'LockOut'],
  [STATUS.Sanctioned, 'Sanctioned'],
  [STATUS.OnHold, 'On Hold'],
  [STATUS.KycRejected, 'KYC Rejected'],
];

export const TRANSACTION_TYPE_NAMES: ReadonlyArray<readonly [TransactionTypeCode, string]> = [
  [TRANSACTION_TYPE.TopUp, 'Top Up'],
  [TRANSACTION_TYPE.P2P, 'P2P'],
  [TRANSACTION_TYPE.RequestMoney, 'Request Money'],
  [TRANSACTION_TYPE.Disbursement, 'Disbursement'],
  [TRANSACTION_TYPE.Loan, 'Loan'],
  [TRANSACTION_TYPE.CashOut, 'Cash Out'],
];

export const PRODUCT_TYPES = ['Remittance', 'Wallet', 'Payout', 'Loan'] as const;

/** [code, name, symbol]; users-and-wallets §9: the dalasi's symbol is D. */
export const CURRENCIES: ReadonlyArray<readonly [string, string, string]> = [
  ['GMD', 'Gambian Dalasi', 'D'],
  ['USD', 'US Dollar', '$'],
  ['EUR', 'Euro', '€'],
  ['GBP', 'Pound Sterling', '£'],
  ['SLE', 'Sierra Leonean Leone', 'Le'],
  ['XOF', 'West African CFA Franc', 'CFA'],
  ['NGN', 'Nigerian Naira', '₦'],
  ['AED', 'UAE Dirham', 'AED'],
  ['SEK', 'Swedish Krona', 'kr'],
  ['ETB', 'Ethiopian Birr', 'Br'],
];

/** The payment methods a product's payment option names (identity-and-catalogue §7 paymentmethod). */
export const PAYMENT_METHODS = ['Bank Transfer', 'Card', 'Cash', 'Mobile Money', 'Wallet'] as const;

/** [name, description, icon, transaction type]: the top-up dropdown's services (users-and-wallets §3). */
export const SERVICES: ReadonlyArray<readonly [string, string, string, number]> = [
  ['Top Up', 'Credit the wallet', 'wallet', TRANSACTION_TYPE.TopUp],
  ['Cash Out', 'Pay cash out of the wallet', 'cash', TRANSACTION_TYPE.CashOut],
  ['Cash In Loan', 'Credit a loan to the wallet', 'coins', TRANSACTION_TYPE.Loan],
  ['P2P Transfer', 'Wallet to wallet transfer', 'arrows-exchange', TRANSACTION_TYPE.P2P],
  ['Request Money', 'Ask another wallet for money', 'hand-receive', TRANSACTION_TYPE.RequestMoney],
  ['Disbursement', 'Bulk payment to the wallet', 'building-bank', TRANSACTION_TYPE.Disbursement],
];

/** [code, name, country, currency]; shared by every tenant. */
const CHANNELS: ReadonlyArray<readonly [string, string, string | null, string | null]> = [
  ['BANK', 'Bank Deposit', null, null],
  ['MOBILE', 'Mobile Money', 'GM', 'GMD'],
  ['CASH', 'Cash Pickup', null, null],
  ['WALLET', 'Wallet Credit', 'GM', 'GMD'],
];

/** Inserts the reference lists into an empty database. */
export async function seedReference(db: Db): Promise<void> {
  await db
    .insertInto('countries')
    .values(COUNTRIES.map(([iso, name, nationality, dial]) => ({ iso, name, nationality, dial_code: dial })))
    .execute();
  await db.insertInto('roles').values(ROLE_NAMES.map(([id, name]) => ({ id, name }))).execute();
  await db.insertInto('statuses').values(STATUS_NAMES.map(([id, name]) => ({ id, name }))).execute();
  await db.insertInto('transaction_types').values(TRANSACTION_TYPE_NAMES.map(([id, name]) => ({ id, name }))).execute();
  await db.insertInto('product_types').values(PRODUCT_TYPES.map((name) => ({ name }))).execute();
  await db.insertInto('payment_methods').values(PAYMENT_METHODS.map((name) => ({ name }))).execute();
  await db
    .insertInto('currencies')
    .values(CURRENCIES.map(([code, name, symbol]) => ({ code, name, symbol, product_id: null })))
    .execute();
  await db
    .insertInto('services')
    .values(
      SERVICES.map(([name, description, icon, type]) => ({ name, description, icon, transaction_type: type, product_id: null })),
    )
    .execute();
  await db
    .insertInto('channels')
    .values(CHANNELS.map(([code, name, country, currency]) => ({ tenant_id: null, code, name, country, currency, enabled: 1 })))
    .execute();
}
