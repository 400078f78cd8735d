// The demo world: tenants from tenants/*.json with their catalogues, the demo staff logins, 200+ users over every
// role and status, wallets in several currencies and 20,000 wallet transactions over the last 90 days, all derived
// from one fixed random seed and a given "now", so two seeds with the same inputs give identical rows.
import { sql, type Expression } from 'kysely';
import type { Db } from '../db/connection.ts';
import { preparedQueries, slots } from '../db/prepared.ts';
import { loadWithoutCountTriggers } from '../db/running-counts.ts';
import type { NewWalletTransaction, TransactionTypeCode, WalletTransactionStatus } from '../db/schema.ts';
import { ROLE, STATUS, TRANSACTION_TYPE } from '../domain/reference.ts';
import { referenceNumber } from '../domain/wallet/transactions.ts';
import { mulberry32, type Random } from './prng.ts';
import {
  FEMALE_NAMES,
  FIRST_ACCOUNT_ID,
  LAST_NAMES,
  MALE_NAMES,
  demoPasswordHash,
  insertPerson,
  isoDate,
  type PersonSeed,
} from './people.ts';
import { insertCatalogue } from './catalogue.ts';
import { COUNTRIES, seedReference } from './reference-data.ts';
import { insertPayoutAccounts, seedRemittances } from './remittances.ts';
import { insertTenants, readTenantFiles, type TenantFile } from './tenants.ts';
import { insertUptReference } from './upt-reference.ts';

export const DEMO_SEED = 20_240_601;
export const DEMO_TRANSACTIONS = 20_000;
const DAY = 24 * 60 * 60 * 1000;

export interface DemoWorldOptions {
  /** The fixed "now" every date is relative to; default the current time. */
  now?: Date;
  /** Default: tenants/*.json of the repository. */
  tenants?: readonly TenantFile[];
  tenantsDir?: string;
  transactionCount?: number;
  /** Remittances over the last 90 days; default DEMO_REMITTANCES (50,000). */
  remittanceCount?: number;
  seed?: number;
}

export interface DemoLogin {
  email: string;
  role: number;
  tenantId: string;
  tenantName: string;
  note: string;
}

export interface DemoWorldSummary {
  tenants: number;
  users: number;
  wallets: number;
  transactions: number;
  remittances: number;
  uptTransactions: number;
  logins: DemoLogin[];
}

interface DemoLoginSpec {
  email: string;
  role: number;
  firstname: string;
  lastname: string;
  gender: 'Male' | 'Female';
  note: string;
  recoveryMethod: 'link' | 'code';
  /** The credit-union group the login belongs to (roles 16 and 64 in naccug). */
  group?: string;
  tenant: (tenants: readonly TenantFile[]) => TenantFile | undefined;
}

const byId = (id: string) => (tenants: readonly TenantFile[]) => tenants.find((tenant) => tenant.id === id);

/** docs/decisions.md "Demo logins"; a login whose tenant file is missing is skipped. */
export const DEMO_LOGINS: readonly DemoLoginSpec[] = [
  {
    email: 'super@demo.test', role: ROLE.TopAdmin, firstname: 'Awa', lastname: 'Sowe', gender: 'Female', recoveryMethod: 'link',
    note: 'admin tenant (claim dssc), may switch to every tenant',
    tenant: (tenants) => tenants.find((tenant) => tenant.admin) ?? byId('dssc')(tenants),
  },
  {
    email: 'partner@demo.test', role: ROLE.TopAdmin, firstname: 'Lamin', lastname: 'Ceesay', gender: 'Male', recoveryMethod: 'link',
    note: 'the main wallet tenant',
    tenant: (tenants) => tenants.find((tenant) => tenant.main) ?? byId('teller')(tenants),
  },
  {
    email: 'group@demo.test', role: ROLE.MidAdmin, firstname: 'Isatou', lastname: 'Njie', gender: 'Female', recoveryMethod: 'code',
    group: 'Kanifing CU', note: 'credit union group admin (Kanifing CU)', tenant: byId('naccug'),
  },
  {
    email: 'officer@demo.test', role: ROLE.LowerAdmin, firstname: 'Modou', lastname: 'Touray', gender: 'Male', recoveryMethod: 'code',
    group: 'Kanifing CU', note: 'credit union field officer (Kanifing CU)', tenant: byId('naccug'),
  },
  {
    email: 'payout@demo.test', role: ROLE.TopAdmin, firstname: 'Omar', lastname: 'Bah', gender: 'Male', recoveryMethod: 'link',
    note: 'payout admin',
    tenant: (tenants) => byId('tawakal-swift')(tenants) ?? tenants.find((tenant) => tenant.payoutAdmin) ?? tenants.find((tenant) => tenant.type === 'payout'),
  },
  {
    email: 'payin@demo.test', role: ROLE.TopAdmin, firstname: 'Haddy', lastname: 'Camara', gender: 'Female', recoveryMethod: 'link',
    note: 'payin tenant',
    tenant: (tenants) => byId('amal')(tenants) ?? tenants.find((tenant) => tenant.type === 'payin'),
  },
  {
    email: 'payoutofficer@demo.test', role: ROLE.LowerAdmin, firstname: 'Sahra', lastname: 'Jama', gender: 'Female', recoveryMethod: 'link',
    note: 'payout tenant staff without the payout admin role: the wallet view, 403 on payout actions (remittances-and-payouts §6)',
    tenant: byId('tawakal-swift'),
  },
  {
    email: 'upt@demo.test', role: ROLE.TopAdmin, firstname: 'Abdi', lastname: 'Warsame', gender: 'Male', recoveryMethod: 'link',
    note: 'UPT tenant (universal payment transactions, countries, banks)', tenant: byId('payinupt'),
  },
  {
    email: 'checker@demo.test', role: ROLE.TopAdmin, firstname: 'Fatou', lastname: 'Sanyang', gender: 'Female', recoveryMethod: 'link',
    note: 'the second person of the main wallet tenant: approves what partner@demo.test asks (schemas/approvals/teller.json)',
    tenant: (tenants) => tenants.find((tenant) => tenant.main) ?? byId('teller')(tenants),
  },
  {
    email: 'sschecker@demo.test', role: ROLE.TopAdmin, firstname: 'Hodan', lastname: 'Ali', gender: 'Female', recoveryMethod: 'link',
    note: 'payout admin of ss-swift: approves its bulk edits and reprocessing (schemas/approvals/ss-swift.json)',
    tenant: byId('ss-swift'),
  },
  {
    email: 'branch@demo.test', role: ROLE.LowerAdmin, firstname: 'Ebrima', lastname: 'Jallow', gender: 'Male', recoveryMethod: 'link',
    group: 'Banjul Branch', note: 'SMFI branch officer (Banjul Branch), no second factor', tenant: byId('smfi'),
  },
];

/** Groups (credit unions, branches) per tenant; other tenants get one operations team. */
const GROUPS: Record<string, readonly string[]> = {
  naccug: ['Kanifing CU', 'Serrekunda CU', 'Brikama CU', 'Bakau CU', 'Farafenni CU'],
  teller: ['Westfield Branch', 'Latrikunda Branch'],
  smfi: ['Banjul Branch', 'Brikama Branch'],
  'ss-gmb': ['SS Central'],
  guulpay: ['GuulPay Agents'],
};

/** Every displayed status once, then mostly Active and Verified (users-and-wallets §4). */
const STATUS_CYCLE = [
  0,
  STATUS.Active,
  STATUS.Active | STATUS.Verified,
  STATUS.Verified,
  STATUS.Active | STATUS.Duplicate,
  STATUS.Expired,
  STATUS.Active | STATUS.LockOut,
  STATUS.Active | STATUS.Sanctioned,
  STATUS.Active | STATUS.OnHold,
  STATUS.KycRejected,
] as const;

const STATUS_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [STATUS.Active | STATUS.Verified, 45],
  [STATUS.Active, 15],
  [0, 10],
  [STATUS.Verified, 5],
  [STATUS.Active | STATUS.Duplicate, 4],
  [STATUS.Duplicate, 2],
  [STATUS.Expired, 3],
  [STATUS.Active | STATUS.LockOut, 4],
  [STATUS.Active | STATUS.Sanctioned, 3],
  [STATUS.Active | STATUS.OnHold, 5],
  [STATUS.KycRejected, 4],
];

const NATIONALITIES: ReadonlyArray<readonly [string, number]> = [
  ['Gambian', 80],
  ['Senegalese', 8],
  ['Nigerian', 4],
  ['Sierra Leonean', 4],
  ['Guinean', 4],
];

const REMARKS = [
  'Monthly savings', 'School fees', 'Market stall restock', 'Family support', 'Loan repayment', 'Salary advance',
  'Rent', 'Electricity bill', 'Agent float', 'Harvest season', 'Medical bill', 'Wedding contribution',
];

const SECOND_CURRENCIES = ['USD', 'EUR', 'SLE'] as const;

/** Whole-amount scale per currency, so a dollar wallet does not move dalasi-sized sums. */
const CURRENCY_SCALE: Record<string, number> = { GMD: 1, ETB: 1, SLE: 0.5, SEK: 0.2, USD: 0.02, EUR: 0.02, GBP: 0.02 };

interface Staff {
  userId: number;
  tenantId: string;
  role: number;
  groupId: number | null;
}

interface SeededWallet {
  id: number;
  tenantId: string;
  userId: number;
  currency: string;
  weight: number;
}

/** Inserts the reference lists and the tenants only (production start: no people, no money). */
export async function seedBase(db: Db, options: { now?: Date; tenants?: readonly TenantFile[]; tenantsDir?: string } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const tenants = options.tenants ?? readTenantFiles(options.tenantsDir);
  await db.transaction().execute(async (trx) => {
    await seedReference(trx);
    await insertTenants(trx, tenants, now);
    await insertTenantChannels(trx, tenants);
    await insertUptReference(trx);
    await insertPayoutAccounts(trx, tenants);
  });
}

/** Seeds an empty database with the whole demo world, in one database transaction. */
export async function seedDemoWorld(db: Db, options: DemoWorldOptions = {}): Promise<DemoWorldSummary> {
  const now = options.now ?? new Date();
  const tenants = options.tenants ?? readTenantFiles(options.tenantsDir);
  const random = mulberry32(options.seed ?? DEMO_SEED);
  const passwordHash = await demoPasswordHash();

  return db.transaction().execute(async (trx) => {
    await seedReference(trx);
    await insertTenants(trx, tenants, now);
    await insertTenantChannels(trx, tenants);
    await insertCatalogue(trx, tenants, now);
    await insertUptReference(trx);
    await insertPayoutAccounts(trx, tenants);
    const groups = await insertGroups(trx, tenants, now);
    const people = new PeopleFactory(trx, random, now, passwordHash, groups);

    const logins: DemoLogin[] = [];
    for (const spec of DEMO_LOGINS) {
      const tenant = spec.tenant(tenants);
      if (!tenant) continue;
      const groupId = spec.group ? (groups.get(tenant.id)?.get(spec.group) ?? null) : null;
      await people.staff(tenant, spec.role, { ...spec, groupId, status: STATUS.Active | STATUS.Verified });
      logins.push({ email: spec.email, role: spec.role, tenantId: tenant.id, tenantName: tenant.name, note: spec.note });
    }

    for (const tenant of tenants) {
      const wallet = tenant.type === 'wallet';
      const plan: Array<[number, number]> = wallet
        ? [[ROLE.TopAdmin, 2], [ROLE.MidAdmin, 2], [ROLE.LowerAdmin, 3]]
        : [[ROLE.TopAdmin, 2], [ROLE.MidAdmin, 1], [ROLE.LowerAdmin, 1]];
      for (const [role, count] of plan) for (let i = 0; i < count; i += 1) await people.staff(tenant, role);
      if (wallet) for (let i = 0; i < 40; i += 1) await people.endUser(tenant, i);
    }

    const wallets = await insertWallets(trx, random, now, tenants, people);
    const services = new Map(
      (await trx.selectFrom('services').select(['id', 'transaction_type']).execute()).map((row) => [row.transaction_type, row.id]),
    );
    const { rows, balances } = generateTransactions(random, now, options.transactionCount ?? DEMO_TRANSACTIONS, wallets, people.staffList, services);
    // 20,000 rows through the per-row count triggers were most of the seed on PostgreSQL: load, then count once.
    await loadWithoutCountTriggers(trx, 'wallet_transactions', () => insertTransactions(trx, rows));
    await setBalances(trx, balances);
    // 50,000 remittances' two day-count upserts each, the same way: loaded, then counted once.
    const remittances = await loadWithoutCountTriggers(trx, 'remittances', () =>
      seedRemittances(trx, { now, tenants, ...(options.remittanceCount === undefined ? {} : { count: options.remittanceCount }) }),
    );

    return { tenants: tenants.length, users: people.count, wallets: wallets.length, transactions: rows.length, ...remittances, logins };
  });
}

/** Every wallet's balance in one statement. */
async function setBalances(db: Db, balances: ReadonlyMap<number, number>): Promise<void> {
  const moved = [...balances].filter(([, balance]) => balance !== 0);
  if (moved.length === 0) return;
  await db
    .updateTable('wallets')
    .set({
      balance_minor: sql<number>`case ${sql.ref('id')} ${sql.join(
        moved.map(([id, balance]) => sql`when ${id} then ${balance}`),
        sql` `,
      )} else ${sql.ref('balance_minor')} end`,
    })
    .where('id', 'in', moved.map(([id]) => id))
    .execute();
}

/** Rows of wallet_transactions inserted at once. */
const TRANSACTION_BATCH = 1000;

/**
 * Inserts the generated transactions with the reference numbers live ones get (`referenceNumber(id, created)`),
 * so demo and live numbers sort together. The first row is inserted alone to learn its id; the rest follow it
 * in order inside the seed's database transaction, so their ids are known before they are written, and every
 * batch's ids are checked against that. A batch's INSERT is compiled once and run with each batch's values
 * (building 20 inserts of 1,000 rows through Kysely was a fifth of the seed).
 */
async function insertTransactions(db: Db, rows: readonly GeneratedTransaction[]): Promise<void> {
  const [first, ...rest] = rows;
  if (!first) return;
  const { id: firstId } = await db
    .insertInto('wallet_transactions')
    .values({ ...first, reference_number: `SEED-${first.created}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('wallet_transactions')
    .set({ reference_number: referenceNumber(firstId, new Date(first.created)) })
    .where('id', '=', firstId)
    .execute();
  for (let start = 0; start < rest.length; start += TRANSACTION_BATCH) {
    const nextId = firstId + 1 + start;
    const batch = rest
      .slice(start, start + TRANSACTION_BATCH)
      .map((row, index) => ({ ...row, reference_number: referenceNumber(nextId + index, new Date(row.created)) }));
    // Slots are numbered row by row, column by column, so one flat array holds a batch's values.
    const columns = Object.keys(batch[0] ?? {}) as Array<keyof (typeof batch)[number]>;
    const values = Object.fromEntries(batch.flatMap((row) => columns.map((column) => row[column])).entries());
    const inserted = await preparedQueries(db).execute(
      db,
      `demo transactions ${batch.length} ${columns.join(',')}`,
      () => db.insertInto('wallet_transactions').values(batch.map((row, index) => slotted(row, columns, index))).returning('id'),
      values,
    );
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    if (ids.length !== batch.length || ids[0] !== nextId || ids[ids.length - 1] !== nextId + batch.length - 1) {
      throw new Error(`Demo transactions got ids ${ids[0]}…${ids[ids.length - 1]}, not ${nextId}…${nextId + batch.length - 1}.`);
    }
  }
}

/** A row whose every value is a slot named by its place in the batch's flat array of values (db/prepared.ts). */
function slotted<R extends object>(row: R, columns: ReadonlyArray<keyof R>, index: number): { [K in keyof R]-?: Expression<Exclude<R[K], undefined>> } {
  return Object.fromEntries(columns.map((column, at) => [column, slots(String(index * columns.length + at), row[column])])) as {
    [K in keyof R]-?: Expression<Exclude<R[K], undefined>>;
  };
}

async function insertTenantChannels(db: Db, tenants: readonly TenantFile[]): Promise<void> {
  for (const tenant of tenants) {
    if (tenant.type !== 'payout' && tenant.type !== 'payinpayoutservice') continue;
    await db
      .insertInto('channels')
      .values({ tenant_id: tenant.id, code: 'SWIFT', name: 'SWIFT Transfer', country: null, currency: tenant.currency ?? 'USD', enabled: 1 })
      .execute();
  }
}

async function insertGroups(db: Db, tenants: readonly TenantFile[], now: Date): Promise<Map<string, Map<string, number>>> {
  const groups = new Map<string, Map<string, number>>();
  for (const tenant of tenants) {
    const names = GROUPS[tenant.id] ?? [`${tenant.name} Operations`];
    const byName = new Map<string, number>();
    for (const name of names) {
      const { id } = await db
        .insertInto('groups')
        .values({ tenant_id: tenant.id, name, created: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      byName.set(name, id);
    }
    groups.set(tenant.id, byName);
  }
  return groups;
}

/** Makes plausible people: names from fixed lists, Gambian phone numbers, e-mails, birth dates, statuses. */
class PeopleFactory {
  readonly staffList: Staff[] = [];
  readonly endUsers: Array<{ userId: number; tenantId: string; groupId: number | null }> = [];
  count = 0;
  private readonly usedEmails = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly random: Random,
    private readonly now: Date,
    private readonly passwordHash: string,
    private readonly groups: Map<string, Map<string, number>>,
  ) {}

  async staff(
    tenant: TenantFile,
    role: number,
    fixed?: { email: string; firstname: string; lastname: string; gender: 'Male' | 'Female'; groupId: number | null; status: number; recoveryMethod: 'link' | 'code' },
  ): Promise<number> {
    const name = fixed ?? this.name();
    const email = fixed?.email ?? this.email(name.firstname, name.lastname, `${tenant.id}.demo.test`);
    // Roles 16 and 64 administer a group; seeded top admins have none ("group 0", users-and-wallets §6).
    const groupId = fixed ? fixed.groupId : role === ROLE.TopAdmin ? null : this.randomGroup(tenant.id);
    const status = fixed?.status ?? (this.random.chance(0.85) ? STATUS.Active | STATUS.Verified : this.random.pick(STATUS_CYCLE));
    const userId = await this.insert({
      ...this.basics(tenant, name, 500, 400),
      email,
      roles: role,
      groupId,
      status,
      username: email.toLowerCase(),
      passwordHash: this.passwordHash,
      recoveryMethod: fixed?.recoveryMethod ?? 'link',
    });
    this.staffList.push({ userId, tenantId: tenant.id, role, groupId });
    return userId;
  }

  async endUser(tenant: TenantFile, index: number): Promise<number> {
    const name = this.name();
    const groupId = this.randomGroup(tenant.id);
    const creators = this.staffList.filter(
      (staff) => staff.tenantId === tenant.id && staff.role !== ROLE.TopAdmin && staff.groupId === groupId,
    );
    const fallback = this.staffList.filter((staff) => staff.tenantId === tenant.id);
    const creator = creators.length > 0 ? this.random.pick(creators) : fallback.length > 0 ? this.random.pick(fallback) : undefined;
    const userId = await this.insert({
      ...this.basics(tenant, name, 400, 1),
      email: this.random.chance(0.7) ? this.email(name.firstname, name.lastname, 'mail.demo.test') : null,
      externalid: tenant.creditUnion ? `NCU-${String(10_000 + this.count).padStart(5, '0')}` : null,
      createdBy: creator?.userId ?? null,
      roles: ROLE.EndUser,
      groupId,
      status: index < STATUS_CYCLE.length ? (STATUS_CYCLE[index] ?? 0) : this.random.weighted(STATUS_WEIGHTS),
    });
    this.endUsers.push({ userId, tenantId: tenant.id, groupId });
    return userId;
  }

  private async insert(person: Omit<PersonSeed, 'accountId'>): Promise<number> {
    const id = await insertPerson(this.db, { ...person, accountId: FIRST_ACCOUNT_ID + this.count });
    this.count += 1;
    return id;
  }

  private name(): { firstname: string; lastname: string; gender: 'Male' | 'Female' } {
    const gender = this.random.chance(0.5) ? 'Female' : 'Male';
    const firstname = this.random.pick(gender === 'Female' ? FEMALE_NAMES : MALE_NAMES);
    return { firstname, lastname: this.random.pick(LAST_NAMES), gender };
  }

  private basics(
    tenant: TenantFile,
    name: { firstname: string; lastname: string; gender: 'Male' | 'Female' },
    oldestDays: number,
    newestDays: number,
  ) {
    const nationality = this.random.weighted(NATIONALITIES);
    const country = COUNTRIES.find(([, , text]) => text === nationality)?.[1] ?? 'Gambia';
    const age = this.random.int(18 * 365, 70 * 365);
    const created = new Date(this.now.getTime() - this.random.int(newestDays * DAY, oldestDays * DAY));
    return {
      tenantId: tenant.id,
      firstname: name.firstname,
      middlename: this.random.chance(0.15) ? this.random.pick(name.gender === 'Female' ? FEMALE_NAMES : MALE_NAMES) : null,
      lastname: name.lastname,
      gender: name.gender,
      birthdate: isoDate(new Date(this.now.getTime() - age * DAY)),
      nationality,
      country: this.random.chance(0.9) ? 'Gambia' : country,
      phonenumber: `220${this.random.pick(['2', '3', '5', '6', '7', '9'])}${String(this.random.int(0, 999_999)).padStart(6, '0')}`,
      created: created.toISOString(),
    };
  }

  private email(firstname: string, lastname: string, domain: string): string {
    const base = `${firstname}.${lastname}`.toLowerCase();
    let email = `${base}@${domain}`;
    for (let n = 2; this.usedEmails.has(email); n += 1) email = `${base}${n}@${domain}`;
    this.usedEmails.add(email);
    return email;
  }

  private randomGroup(tenantId: string): number | null {
    const ids = [...(this.groups.get(tenantId)?.values() ?? [])];
    return ids.length > 0 ? this.random.pick(ids) : null;
  }
}

async function insertWallets(
  db: Db,
  random: Random,
  now: Date,
  tenants: readonly TenantFile[],
  people: PeopleFactory,
): Promise<SeededWallet[]> {
  const currencyOf = new Map(tenants.map((tenant) => [tenant.id, tenant.currency ?? 'GMD']));
  const walletTenants = new Set(tenants.filter((tenant) => tenant.type === 'wallet').map((tenant) => tenant.id));
  const wanted: Array<Omit<SeededWallet, 'id'>> = [];
  for (const user of people.endUsers) {
    const primary = currencyOf.get(user.tenantId) ?? 'GMD';
    wanted.push({ tenantId: user.tenantId, userId: user.userId, currency: primary, weight: random.int(1, 5) });
    if (random.chance(0.3)) {
      const second = random.pick(SECOND_CURRENCIES.filter((code) => code !== primary));
      wanted.push({ tenantId: user.tenantId, userId: user.userId, currency: second, weight: random.int(1, 3) });
    }
  }
  // Group admins and field officers of wallet tenants hold an agent float.
  for (const staff of people.staffList) {
    if (staff.role === ROLE.TopAdmin || !walletTenants.has(staff.tenantId)) continue;
    wanted.push({ tenantId: staff.tenantId, userId: staff.userId, currency: currencyOf.get(staff.tenantId) ?? 'GMD', weight: 3 });
  }
  const created = now.toISOString();
  // One statement for every wallet (a round trip each was a tenth of the seed on PostgreSQL); ids are read back
  // by the wallet's (user, currency), which is unique.
  const inserted = await db
    .insertInto('wallets')
    .values(wanted.map((wallet) => ({ tenant_id: wallet.tenantId, user_id: wallet.userId, currency: wallet.currency, balance_minor: 0, created, updated: created })))
    .returning(['id', 'user_id', 'currency'])
    .execute();
  const idOf = new Map(inserted.map((row) => [`${row.user_id}|${row.currency}`, row.id]));
  return wanted.map((wallet) => {
    const id = idOf.get(`${wallet.userId}|${wallet.currency}`);
    if (id === undefined) throw new Error(`Demo wallet of user ${wallet.userId} in ${wallet.currency} was not inserted.`);
    return { ...wallet, id };
  });
}

const TYPE_WEIGHTS: ReadonlyArray<readonly [TransactionTypeCode, number]> = [
  [TRANSACTION_TYPE.TopUp, 35],
  [TRANSACTION_TYPE.CashOut, 20],
  [TRANSACTION_TYPE.P2P, 14],
  [TRANSACTION_TYPE.RequestMoney, 7],
  [TRANSACTION_TYPE.Disbursement, 12],
  [TRANSACTION_TYPE.Loan, 12],
];

const STATUS_WEIGHTS_TX: ReadonlyArray<readonly [WalletTransactionStatus, number]> = [
  ['COMPLETED', 84],
  ['FAILED', 6],
  ['PENDING', 5],
  ['PROCESSING', 5],
];

/** Whole-amount ranges per type, in dalasi-sized units before the currency scale. */
const AMOUNT_RANGES: Record<number, readonly [number, number]> = {
  [TRANSACTION_TYPE.TopUp]: [50, 5000],
  [TRANSACTION_TYPE.CashOut]: [20, 3000],
  [TRANSACTION_TYPE.P2P]: [10, 2000],
  [TRANSACTION_TYPE.RequestMoney]: [10, 1500],
  [TRANSACTION_TYPE.Disbursement]: [500, 10000],
  [TRANSACTION_TYPE.Loan]: [1000, 25000],
};

/** Fee in basis points of the amount. */
const FEE_BPS: Record<number, number> = { [TRANSACTION_TYPE.CashOut]: 100, [TRANSACTION_TYPE.P2P]: 50 };

/** A generated transaction; its reference number comes from the id it gets (insertTransactions). */
export type GeneratedTransaction = Omit<NewWalletTransaction, 'reference_number'>;

/**
 * Generates the transactions in time order, keeping a running balance per wallet: a COMPLETED debit that the
 * wallet cannot cover becomes FAILED ('Insufficient balance'), so every balance stays the sum of its COMPLETED
 * transactions and is never negative.
 */
export function generateTransactions(
  random: Random,
  now: Date,
  count: number,
  wallets: readonly SeededWallet[],
  staff: readonly Staff[],
  services: Map<number | null, number>,
): { rows: GeneratedTransaction[]; balances: Map<number, number> } {
  const balances = new Map<number, number>(wallets.map((wallet) => [wallet.id, 0]));
  const rows: GeneratedTransaction[] = [];
  if (wallets.length === 0) return { rows, balances };

  const peers = new Map<string, SeededWallet[]>();
  for (const wallet of wallets) {
    const key = `${wallet.tenantId}|${wallet.currency}`;
    peers.set(key, [...(peers.get(key) ?? []), wallet]);
  }
  const counterpartsOf = new Map(
    wallets.map((wallet) => [wallet.id, (peers.get(`${wallet.tenantId}|${wallet.currency}`) ?? []).filter((peer) => peer.id !== wallet.id)]),
  );
  const staffByTenant = new Map<string, Staff[]>();
  for (const member of staff) staffByTenant.set(member.tenantId, [...(staffByTenant.get(member.tenantId) ?? []), member]);
  const pickWallet = random.weightedPicker(wallets.map((wallet) => [wallet, wallet.weight] as const));

  const offsets = Array.from({ length: count }, () => random.int(60_000, 90 * DAY)).sort((a, b) => b - a);
  offsets.forEach((offset) => {
    const created = new Date(now.getTime() - offset);
    const wallet = pickWallet();
    let type = random.weighted(TYPE_WEIGHTS);
    let status = random.weighted(STATUS_WEIGHTS_TX);
    const counterparts = counterpartsOf.get(wallet.id) ?? [];
    const transfer = type === TRANSACTION_TYPE.P2P || type === TRANSACTION_TYPE.RequestMoney;
    if (transfer && counterparts.length === 0) type = TRANSACTION_TYPE.TopUp;
    const counter = transfer && counterparts.length > 0 ? random.pick(counterparts) : undefined;

    const [low, high] = AMOUNT_RANGES[type] ?? [10, 1000];
    const whole = Math.max(1, Math.round(random.int(low, high) * (CURRENCY_SCALE[wallet.currency] ?? 1)));
    const magnitude = whole * 100;
    const amount = type === TRANSACTION_TYPE.CashOut ? -magnitude : magnitude;
    const fee = Math.round((magnitude * (FEE_BPS[type] ?? 0)) / 10_000);

    let remarks: string | null = random.chance(0.6) ? random.pick(REMARKS) : null;
    if (status === 'COMPLETED') {
      const debited = counter ?? (amount < 0 ? wallet : undefined);
      const debitedBalance = debited ? (balances.get(debited.id) ?? 0) : 0;
      if (debited && debitedBalance < magnitude) {
        status = 'FAILED';
        remarks = 'Insufficient balance';
      } else {
        balances.set(wallet.id, (balances.get(wallet.id) ?? 0) + amount);
        if (counter) balances.set(counter.id, (balances.get(counter.id) ?? 0) - amount);
      }
    }

    const tenantStaff = staffByTenant.get(wallet.tenantId) ?? [];
    const initiator = !transfer && tenantStaff.length > 0 ? random.pick(tenantStaff) : undefined;
    const settledMs = created.getTime() + random.int(5_000, 55_000);
    const completed = status === 'COMPLETED' ? new Date(settledMs).toISOString() : null;
    const updated = status === 'FAILED' || status === 'PROCESSING' ? new Date(settledMs).toISOString() : (completed ?? created.toISOString());
    rows.push({
      tenant_id: wallet.tenantId,
      type,
      status,
      wallet_id: wallet.id,
      counter_wallet_id: counter?.id ?? null,
      sender_user_id: counter?.userId ?? initiator?.userId ?? null,
      receiver_user_id: wallet.userId,
      amount_minor: amount,
      fee_minor: fee,
      currency: wallet.currency,
      service_id: services.get(type) ?? null,
      external_id: type === TRANSACTION_TYPE.Loan ? `LN-${String(random.int(10_000, 99_999))}` : null,
      remarks,
      created_by: initiator?.userId ?? null,
      created: created.toISOString(),
      updated,
      completed,
    });
  });
  return { rows, balances };
}
