// Row types of the gateway's tables, as Kysely sees them (migrations in ./migrations are the source of truth).
// Conventions: timestamps are ISO-8601 UTC text (`new Date().toISOString()`), booleans are integers 0/1,
// money is integer minor units (2 decimals) in `*_minor` columns.
// bigint columns: pg hands int8 back as text; the pg pool in ./connection.ts parses it to a number, safe because
// money is bounded far below 2^53 (server/domain/money.ts).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type TenantType = 'wallet' | 'payin' | 'payout' | 'payinpayoutservice' | 'bunna' | 'identity';

export interface TenantsTable {
  id: string;
  name: string;
  type: TenantType;
  /** The identity client used by POST connect/token to switch into this tenant. */
  client_id: string;
  grant_type: string;
  scope: string;
  /** The tenant claim put in tokens ('dssc' for the demo admin tenant); is_admin, not the claim, makes the admin tenant. */
  claim: string;
  is_admin: number;
  is_main: number;
  payout_admin: number;
  currency: string;
  /** The whole tenants/<id>.json file, for fields the gateway does not model; `{}` for a tenant made in the Control Panel. */
  config_json: string;
  created: string;
  /** identity-and-catalogue §3, §5: required on the Control Panel's form. */
  description: string;
  client_claims_prefix: string;
  /** connect/token asks for a client_secret matching one of tenant_secrets. */
  require_client_secret: number;
  /** A disabled tenant gets no token and is not offered in tenant selections. */
  enabled: number;
  /** Client role bits (identity-and-catalogue §3): 1, 4, 16, 64, 256; 0 is None. */
  client_roles: number;
}

/** A tenant's grant types in order; the first is tenants.grant_type. */
export interface TenantGrantTypesTable {
  tenant_id: string;
  position: number;
  name: string;
}

/** A tenant's API scope names in order; joined by spaces they are tenants.scope. */
export interface TenantScopesTable {
  tenant_id: string;
  position: number;
  name: string;
}

/** Claim type and value pairs; the value of type `tenant` is tenants.claim. */
export interface TenantClaimsTable {
  tenant_id: string;
  position: number;
  type: string;
  value: string;
}

export interface TenantSecretsTable {
  id: Generated<number>;
  tenant_id: string;
  type: string;
  description: string | null;
  /** sha256 (hex) of the clear value. */
  value_hash: string;
  created: string;
}

export interface ApiResourcesTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  description: string | null;
  non_editable: number;
  enabled: number;
  created: string;
}

export interface ApiScopesTable {
  id: Generated<number>;
  api_resource_id: number;
  name: string;
  display_name: string;
  description: string | null;
  required: number;
  emphasize: number;
  show_in_discovery_document: number;
  created: string;
}

export type ClientKind = 'web' | 'tenant';

/** Identity clients signing users in: the web app's (`teller-web`). A tenant's client is the tenant row itself. */
export interface ClientsTable {
  client_id: string;
  kind: ClientKind;
  tenant_id: string | null;
  name: string;
  grant_type: string;
  scope: string;
  created: string;
}

export interface GroupsTable {
  id: Generated<number>;
  tenant_id: string;
  name: string;
  created: string;
}

export type Gender = 'Male' | 'Female';

export interface UsersTable {
  id: Generated<number>;
  tenant_id: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  // The columns allow null, but every writer (createUser, the seeds) sets birthdate, gender and nationality,
  // and the contract's User has them always.
  /** YYYY-MM-DD */
  birthdate: string;
  gender: Gender;
  /** As the contract sends it: a countries.nationality text, e.g. 'Gambian'. */
  nationality: string;
  /** Country of residence as a countries.name text, e.g. 'Gambia'. */
  country: string | null;
  email: string | null;
  phonenumber: string | null;
  /** The credit-union member id. */
  externalid: string | null;
  photo_file_id: string | null;
  created_by: number | null;
  created: string;
  updated: string;
}

export type RecoveryMethod = 'link' | 'code';

/** One account (roles, status, credentials) per user. */
export interface AccountsTable {
  user_id: number;
  /** The visible account number (users list "Account Id", default sort). */
  account_id: number;
  /** Role bit set: 4 top admin, 16 mid admin, 64 lower admin, 256 end user. */
  roles: number;
  group_id: number | null;
  /** Status bit set: 1 Active, 2 Duplicate, 4 Expired, 8 Verified, 16 LockOut, 32 Sanctioned, 64 On Hold, 256 KYC Rejected. */
  status: number;
  /** Sign-in name (lower-case email) of staff; null for users who never sign in. */
  username: string | null;
  /** scrypt hash from domain/auth/password.ts; null until a password is set. */
  password_hash: string | null;
  recovery_method: RecoveryMethod;
  created: string;
  updated: string;
}

export interface WalletsTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  currency: string;
  /** Never negative (CHECK); equals the sum of the wallet's COMPLETED transactions (see wallet_transactions). */
  balance_minor: number;
  created: string;
  updated: string;
}

export type WalletTransactionStatus = 'PENDING' | 'PROCESSING' | 'FAILED' | 'COMPLETED';

/** 1 Top Up, 2 P2P, 4 Request Money, 8 Disbursement, 32 Loan, 256 Cash Out (docs/decisions.md). */
export type TransactionTypeCode = 1 | 2 | 4 | 8 | 32 | 256;

/**
 * A wallet transaction is booked on `wallet_id` (the receiver's wallet) with a signed `amount_minor`
 * (credit positive, cash-out negative); a P2P or Request Money transfer also books the opposite amount on
 * `counter_wallet_id`. So balance(w) = Σ amount_minor of COMPLETED rows with wallet_id = w
 *                                    − Σ amount_minor of COMPLETED rows with counter_wallet_id = w.
 */
export interface WalletTransactionsTable {
  id: Generated<number>;
  tenant_id: string;
  reference_number: string;
  type: TransactionTypeCode;
  status: WalletTransactionStatus;
  wallet_id: number;
  counter_wallet_id: number | null;
  sender_user_id: number | null;
  receiver_user_id: number;
  amount_minor: number;
  fee_minor: number;
  currency: string;
  service_id: number | null;
  /** The loan id for loan cash-in. */
  external_id: string | null;
  remarks: string | null;
  created_by: number | null;
  created: string;
  updated: string;
  completed: string | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  transaction_id: number;
  code_hash: string;
  attempts: number;
  expires: string;
  used: number;
  /** Set when a re-send replaces this code. */
  revoked: number;
  created: string;
}

/** A sign-in's server side: every token of the sign-in carries its id (`sid`); a revoked or expired row ends them. */
export interface SessionsTable {
  id: string;
  user_id: number;
  client: string;
  created: string;
  expires: string;
  revoked_at: string | null;
  reason: string | null;
  /** The User-Agent at sign-in, at most 512 characters (migration 018). */
  user_agent: string | null;
  /** The client's address at sign-in. */
  address: string | null;
  last_used: string | null;
  /** 1 while the sign-in owes its second factor: such a session authorises nothing but the factor step (migration 017). */
  awaiting_factor: Generated<number>;
  /** When the session last passed a second-factor check; null when it never did. */
  factor_verified_at: string | null;
  /** The WebAuthn challenge last given to this session, base64url; spent by its use. */
  factor_challenge: string | null;
}

/** A tenant a session switched to by connect/token, for the cookie-authenticated app (migration 020). */
export interface SessionTenantsTable {
  session_id: string;
  tenant_id: string;
  /** When the tenant token connect/token gave expires: the switch lasts as long. */
  expires: string;
}

/** An authenticator-app secret (RFC 6238), sealed (domain/auth/second-factor/sealed.ts); unconfirmed until proven. */
export interface TotpSecretsTable {
  user_id: number;
  secret_sealed: string;
  confirmed_at: string | null;
  /** The last time-step whose code was accepted: a code of this step or an earlier one is a replay. */
  last_step: number | null;
  created: string;
  last_used: string | null;
}

/** A WebAuthn credential (passkey): what verifying its assertions needs, and no attestation. */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: number;
  /** The COSE_Key the authenticator gave (it names its algorithm), base64url (migration 019). */
  public_key: string;
  sign_count: number;
  /** JSON array of transports. */
  transports: string;
  name: string;
  created: string;
  last_used: string | null;
}

/** A one-time recovery code, hashed like a password. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created: string;
  used_at: string | null;
}

/** One limited key's attempts in its current window (server/domain/attempts.ts). */
export interface AttemptCountersTable {
  key: string;
  count: number;
  window_ends: string;
}

/** `held`: the key's request waits for a four-eyes approval (`approval_id`, migration 014). */
export type IdempotencyState = 'in_flight' | 'done' | 'held';

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  state: IdempotencyState;
  response_status: number | null;
  response_body: string | null;
  created: string;
  /** The approval the key's request was held for, else null (migration 014). */
  approval_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Append-only: SQLite and PostgreSQL triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  tenant_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
}

/** The live tables' change feed (migration 012). */
export interface ChangeEventsTable {
  id: Generated<number>;
  at: string;
  tenant_id: string;
  entity: string;
  entity_id: string;
  action: string;
  changed_json: string;
  user_id: number | null;
  other_user_id: number | null;
  /** The writing transaction (PostgreSQL's pg_current_xact_id; 0 on SQLite): the stream's cursor is (tx, id). */
  tx: Generated<number | string>;
}

/** Saved views of the schema tables (migration 008). */
export interface TableViewsTable {
  id: Generated<number>;
  tenant_id: string;
  owner_user_id: number;
  table_id: string;
  name: string;
  scope: string;
  role: number | null;
  is_default: Generated<number>;
  state_json: string;
  created: string;
  updated: string;
}

/** Four-eyes approvals (migration 011). */
export type ApprovalState = 'pending' | 'running' | 'approved' | 'failed' | 'rejected' | 'cancelled';
export interface ApprovalsTable {
  id: Generated<number>;
  tenant_id: string;
  operation_id: string;
  rule_id: string;
  approvers_json: string;
  status: ApprovalState;
  request_json: string;
  request_hash: string;
  maker_session_json: string;
  maker_user_id: number;
  maker_group_id: number | null;
  summary: string;
  before_json: string;
  after_json: string;
  decided_by: number | null;
  decided: string | null;
  reason: string | null;
  result_status: number | null;
  result_json: string | null;
  created: string;
  expires: string;
}

export interface DocumentsTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number;
  document_type: string;
  document_number: string;
  /** YYYY-MM-DD */
  expiry_date: string | null;
  created_by: number | null;
  created: string;
}

export type FileKind = 'document' | 'photo';

export interface FilesTable {
  /** Random, unguessable (served at /files/{id} with a signed URL). */
  id: string;
  tenant_id: string;
  user_id: number;
  document_id: number | null;
  kind: FileKind;
  original_name: string;
  /**
   * '' once the bytes are in file_chunks; else the path, relative to `<dataDir>/files`, where a gateway before issue 26
   * kept them, until the host holding that folder moves them in at start (domain/files/disk.ts).
   */
  stored_path: string;
  mime: string;
  size: number;
  sha256: string;
  created_by: number | null;
  created: string;
}

/** A file's bytes in order (`seq` from 0), about 1 MB a row (domain/files/chunks.ts). */
export interface FileChunksTable {
  file_id: string;
  seq: number;
  bytes: Buffer;
}

export type AccountTokenKind = 'reset' | 'recovery' | 'newaccount';

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: AccountTokenKind;
  /** sha256 of the token or recovery code; the clear value only ever leaves in the outbox. */
  token_hash: string;
  attempts: number;
  expires: string;
  used: number;
  created: string;
}

export type OutboxChannel = 'email' | 'sms';

export interface OutboxTable {
  id: Generated<number>;
  tenant_id: string | null;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
  created: string;
}

export interface CountriesTable {
  /** ISO 3166-1 alpha-2, upper case ('GM'). */
  iso: string;
  name: string;
  nationality: string;
  dial_code: string | null;
}

/** Account roles: 4 top admin, 16 mid admin, 64 lower admin, 256 end user (docs/decisions.md). */
export type RoleBit = 4 | 16 | 64 | 256;

/** Account status bits, 0 for none (Pending); 4 Expired (docs/decisions.md). */
export type StatusBit = 0 | 1 | 2 | 4 | 8 | 16 | 32 | 64 | 256;

/** A displayed account status (docs/decisions.md). */
export type StatusName = 'Pending' | 'Active' | 'Duplicate' | 'Expired' | 'Verified' | 'LockOut' | 'Sanctioned' | 'On Hold' | 'KYC Rejected';

export interface RolesTable {
  id: RoleBit;
  name: string;
}

export interface StatusesTable {
  id: StatusBit;
  name: StatusName;
}

export interface TransactionTypesTable {
  id: TransactionTypeCode;
  name: string;
}

export interface ProductTypesTable {
  id: Generated<number>;
  name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  title: string;
  sub_title: string | null;
  product_type_id: number;
  background_url: string | null;
  created: string;
  /** The tenant whose catalogue holds the product; null only for rows from before the catalogue was per tenant. */
  tenant_id: string | null;
}

export type CurrencyDirection = 'sending' | 'receiving';

/** A product's sending and receiving currencies (identity-and-catalogue §2 settings). */
export interface ProductCurrenciesTable {
  id: Generated<number>;
  product_id: number;
  direction: CurrencyDirection;
  name: string;
  code: string;
  symbol: string;
  created: string;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  name: string;
}

export interface PaymentOptionsTable {
  id: Generated<number>;
  product_id: number;
  payment_method_id: number;
  description: string;
  created: string;
}

/** Fee bands in minor units (hundredths; with is_percent the values are percentages, 150 = 1.50 %). */
export interface FeeDetailsTable {
  id: Generated<number>;
  tenant_id: string;
  product_id: number;
  /** A settings currency (currencies.id). */
  currency_id: number;
  min_minor: number;
  max_minor: number;
  is_percent: number;
  default_minor: number;
  partner_minor: number;
  created: string;
  updated: string;
}

/** One forex pair per product, sending and receiving currency; rates and markups as canonical decimal text. */
export interface ForexPairsTable {
  id: Generated<number>;
  product_id: number;
  sending_currency_id: number;
  receiving_currency_id: number;
  market_fx: string;
  default_markup: string;
  partner_markup: string;
  is_percent: number;
  is_auto_update: number;
  created: string;
  updated: string;
}

export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  name: string;
  symbol: string;
  product_id: number | null;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  icon: string | null;
  /** The wallet transaction type this service creates (top-up dropdown). */
  transaction_type: number | null;
  /** A product's service (identity-and-catalogue §2 settings); null for the shared wallet services. */
  product_id: number | null;
}

export interface ChannelsTable {
  id: Generated<number>;
  /** Null: offered to every tenant. */
  tenant_id: string | null;
  code: string;
  name: string;
  country: string | null;
  currency: string | null;
  enabled: number;
}

/**
 * A remittance (bank payout) transaction (remittances-and-payouts §3). Money in minor units (2 decimals), the FX
 * rate in millionths; `status` is the status text as stored (compared trimmed, §4).
 */
export interface RemittancesTable {
  id: Generated<number>;
  tenant_id: string;
  /** The bank reference, with `|{partnerId}` after it for a partner's payouts. */
  payout_external_id: string;
  reference_number: string;
  /** The first reference once a code 32 re-issue made it `{original_id}A`. */
  original_id: string | null;
  payin_id: string;
  card_payment_reference: string | null;
  transaction_date: string;
  type_name: string;
  external_id: string | null;
  payout_channel: string | null;
  payout_partner: string | null;
  sender_name: string;
  sender_amount_minor: number;
  sender_currency: string;
  receiver_name: string;
  receiver_amount_minor: number;
  receiver_currency: string;
  beneficiary_bank_bic: string | null;
  beneficiary_bank_code: string | null;
  beneficiary_account: string | null;
  transaction_fee_minor: number;
  transaction_fx_micro: number;
  /** 256 successful, 128 failed, 4 processing, 2 pending; an edit may set 0 to 256. */
  status_id: number;
  status: string;
  purpose: string | null;
  sender_remarks: string | null;
  admin_notes: string | null;
  /** Bumped by every change (optimistic concurrency). */
  version: number;
  created: string;
  updated: string;
}

/** A remittance waiting for the settler; `claim` and `claimed_at` are set by the settler that took it. */
export interface PayoutQueueTable {
  remittance_id: number;
  tenant_id: string;
  queued_at: string;
  queued_by: number | null;
  claim: string | null;
  claimed_at: string | null;
}

/** The simulated bank's accounts. */
export interface BankAccountsTable {
  account_number: string;
  account_name: string;
  bank_code: string;
  currency: string;
  balance_minor: number;
  status: string;
  email: string | null;
  phone: string | null;
}

/** What the simulated bank holds for a reference: paid (00), held (32) or failed (another code). */
export interface BankLedgerTable {
  reference: string;
  code: string;
  message: string;
  amount_minor: number | null;
  currency: string | null;
  bank_code: string | null;
  account_number: string | null;
  at: string;
}

/** A universal payment transaction as last synchronised; the export fields ride in details_json. */
export interface UptTransactionsTable {
  id: Generated<number>;
  tenant_id: string;
  reference: string;
  tu_reference: string | null;
  sender_name: string;
  beneficiary_name: string;
  transaction_date: string;
  amount_minor: number;
  amount_currency: string;
  status: string;
  details_json: string;
  synced: string;
}

export interface UptCountriesTable {
  code: string;
  name: string;
  is_deleted: number;
  is_used_security_question: number;
  currency_code: string;
  paymen_min_age: number | null;
  marketing_expense_minor: number | null;
  reporter_expense_minor: number | null;
  telephone_code: string | null;
  is_iban_mandatory_for_swift: number;
}

export interface UptPaymentLimitsTable {
  id: Generated<number>;
  country_code: string;
  currency_code: string;
  min_minor: number;
  max_minor: number;
}

export interface UptBanksTable {
  id: Generated<number>;
  code: string;
  name: string;
  is_deleted: number;
  country_code: string;
  credit_card_center_branch_code: string | null;
  closed_date: string | null;
  created_on: string;
  modified_on: string | null;
}

export interface UptBranchesTable {
  id: Generated<number>;
  bank_code: string;
  code: string;
  name: string;
  city: string | null;
  address: string | null;
  is_deleted: number;
}

/** Rows per tenant, status id (-1: every status) and UTC day of transaction_date, kept by triggers (migration 009). */
export interface RemittanceDayCountsTable {
  tenant_id: string;
  status_id: number;
  day: string;
  n: number;
}

export interface Database {
  tenants: TenantsTable;
  tenant_grant_types: TenantGrantTypesTable;
  tenant_scopes: TenantScopesTable;
  tenant_claims: TenantClaimsTable;
  tenant_secrets: TenantSecretsTable;
  api_resources: ApiResourcesTable;
  api_scopes: ApiScopesTable;
  clients: ClientsTable;
  groups: GroupsTable;
  users: UsersTable;
  accounts: AccountsTable;
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  otp_codes: OtpCodesTable;
  idempotency_keys: IdempotencyKeysTable;
  sessions: SessionsTable;
  session_tenants: SessionTenantsTable;
  totp_secrets: TotpSecretsTable;
  passkeys: PasskeysTable;
  recovery_codes: RecoveryCodesTable;
  attempt_counters: AttemptCountersTable;
  audit_log: AuditLogTable;
  documents: DocumentsTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  account_tokens: AccountTokensTable;
  outbox: OutboxTable;
  countries: CountriesTable;
  roles: RolesTable;
  statuses: StatusesTable;
  transaction_types: TransactionTypesTable;
  product_types: ProductTypesTable;
  products: ProductsTable;
  currencies: CurrenciesTable;
  services: ServicesTable;
  channels: ChannelsTable;
  product_currencies: ProductCurrenciesTable;
  payment_methods: PaymentMethodsTable;
  payment_options: PaymentOptionsTable;
  fee_details: FeeDetailsTable;
  forex_pairs: ForexPairsTable;
  remittances: RemittancesTable;
  remittance_day_counts: RemittanceDayCountsTable;
  payout_queue: PayoutQueueTable;
  bank_accounts: BankAccountsTable;
  bank_ledger: BankLedgerTable;
  upt_transactions: UptTransactionsTable;
  upt_countries: UptCountriesTable;
  upt_payment_limits: UptPaymentLimitsTable;
  upt_banks: UptBanksTable;
  upt_branches: UptBranchesTable;
  table_views: TableViewsTable;
  change_events: ChangeEventsTable;
  approvals: ApprovalsTable;
}

export type Tenant = Selectable<TenantsTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NewWalletTransaction = Insertable<WalletTransactionsTable>;
export type Remittance = Selectable<RemittancesTable>;
export type NewRemittance = Insertable<RemittancesTable>;
