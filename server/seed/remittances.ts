// The demo world's remittances and payouts (remittances-and-payouts §3, §4): 50,000 remittances over the last 90
// days in the five remittance operators and the payin, pay-in/pay-out service, bunna and UPT tenants, in every
// status id (2, 4, 128, 256) and every status text of §4's reprocessable lists (one with spaces around it), some
// references carrying `|{partnerId}`; the simulated bank's books (the operators' payout accounts, the
// beneficiaries' accounts, and what it holds per reference, by the rule of demoBankCode); UPT transactions.
import { CompiledQuery, sql, type Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { BankLedgerTable, NewRemittance } from '../db/schema.ts';
import { BANK_MESSAGE } from '../domain/bank/bank.ts';
import { bankReference } from '../domain/remittances/rules.ts';
import { lastDays, uptServiceTransactions } from '../domain/upt/service.ts';
import { mulberry32, type Random } from './prng.ts';
import type { TenantFile } from './tenants.ts';

export const DEMO_REMITTANCES = 50_000;
const REMITTANCE_SEED = 20_240_917;
const DAY = 24 * 60 * 60 * 1000;

/** Each remittance tenant's share of the demo's remittances and its reference prefix. */
const REMITTANCE_TENANTS: ReadonlyArray<{ id: string; share: number; prefix: string }> = [
  { id: 'tawakal-swift', share: 12, prefix: 'TS' },
  { id: 'ss-swift', share: 6, prefix: 'SS' },
  { id: 'cp-swift', share: 6, prefix: 'CP' },
  { id: 'swift', share: 6, prefix: 'SW' },
  { id: 'roxe', share: 5, prefix: 'RX' },
  { id: 'amal', share: 6, prefix: 'AM' },
  { id: 'nationtransfer', share: 4, prefix: 'NT' },
  { id: 'bunna', share: 3, prefix: 'BN' },
  { id: 'payinupt', share: 2, prefix: 'PU' },
];

/** The UPT tenants whose universal payment transactions the demo holds. */
const UPT_TENANTS = ['payinupt'];

/**
 * What the demo bank holds for a seeded remittance (the web side triggers each status check branch with it): a
 * 256 row was paid (00); any other row by the last digit of its reference (before any `|`): 0–2 paid (00), 3–5
 * nothing (01 'Transaction does not exist.'), 6–7 held but not payable (32), 8 '96 System malfunction', 9 '91
 * Beneficiary Bank not available'. Null: nothing held (the bank answers 01).
 */
export function demoBankCode(statusId: number, payoutExternalId: string): string | null {
  if (statusId === 256) return '00';
  const last = bankReference(payoutExternalId).slice(-1);
  if (!/^[0-9]$/.test(last)) return null;
  const digit = Number(last);
  if (digit <= 2) return '00';
  if (digit <= 5) return null;
  if (digit <= 7) return '32';
  return digit === 8 ? '96' : '91';
}

/** [statusId, status text, weight]: every id, every reprocessable text, and some texts that are not. */
const STATUSES: ReadonlyArray<readonly [number, string, number]> = [
  [256, 'Approved or completed successfully', 124],
  [256, 'Successful', 12],
  [128, 'Timeout waiting for response from destination', 8],
  [128, 'Beneficiary Bank not available', 6],
  [128, 'System malfunction', 3],
  [128, 'Unable to locate record', 3],
  [128, 'No action taken', 2],
  [128, 'TRANSACTION REFERENCE EXISTS', 2],
  [128, 'null', 1],
  [128, 'Cancelled -', 1],
  [128, 'Cancelled - Duplicate payment', 2],
  [128, 'Insufficient funds', 2],
  [4, 'Processing', 10],
  // RP §4: compared trimmed, so this one is reprocessable too.
  [4, ' Processing ', 1],
  [4, 'Re-Processing', 2],
  [4, 'Request processing in progress', 4],
  [4, 'Timeout waiting for response from destination', 2],
  [2, 'PENDING', 8],
  [2, 'Awaiting funds', 2],
];

interface PayoutBankSeed {
  name: string;
  code: string;
  bic: string;
  currency: string;
}

const RECEIVER_BANKS: readonly PayoutBankSeed[] = [
  { name: 'Providus Bank', code: '101', bic: 'PROVNGLA', currency: 'NGN' },
  { name: 'Access Bank', code: '044', bic: 'ABNGNGLA', currency: 'NGN' },
  { name: 'Zenith Bank', code: '057', bic: 'ZEIBNGLA', currency: 'NGN' },
  { name: 'Guaranty Trust Bank', code: '058', bic: 'GTBINGLA', currency: 'NGN' },
  { name: 'United Bank for Africa', code: '033', bic: 'UNAFNGLA', currency: 'NGN' },
  { name: 'GCB Bank', code: 'GCB', bic: 'GHCBGHAC', currency: 'GHS' },
  { name: 'Kenya Commercial Bank', code: 'KCB', bic: 'KCBLKENX', currency: 'KES' },
  { name: 'Bunna Bank', code: 'BUNNA', bic: 'BUNAETAA', currency: 'ETB' },
];

/** Sender currency → receiver currency → [min, max] FX rate in hundredths. */
const FX: Record<string, Record<string, readonly [number, number]>> = {
  USD: { NGN: [148_000, 156_000], GHS: [1_450, 1_550], KES: [12_800, 13_200], ETB: [11_000, 12_500] },
  GBP: { NGN: [185_000, 195_000], GHS: [1_800, 1_950], KES: [16_200, 16_800], ETB: [14_000, 15_800] },
  EUR: { NGN: [160_000, 170_000], GHS: [1_560, 1_680], KES: [13_900, 14_400], ETB: [12_000, 13_600] },
  ETB: { NGN: [1_250, 1_400], KES: [105, 118] },
};

const SENDERS_FIRST = ['Hodan', 'Abdi', 'Amina', 'Mohamed', 'Fartun', 'Ahmed', 'Sahra', 'Yusuf', 'Ifrah', 'Hassan', 'Leyla', 'Omar'];
const SENDERS_LAST = ['Ali', 'Warsame', 'Farah', 'Abdullahi', 'Hussein', 'Osman', 'Jama', 'Nur', 'Aden', 'Ibrahim'];
const RECEIVERS_FIRST = ['Chinedu', 'Ngozi', 'Emeka', 'Funmi', 'Tunde', 'Aisha', 'Kwame', 'Akosua', 'Wanjiru', 'Abebe', 'Tigist', 'Ifeoma'];
const RECEIVERS_LAST = ['Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Okonkwo', 'Mensah', 'Boateng', 'Kamau', 'Tesfaye', 'Bekele', 'Nwosu'];
const PARTNERS = ['AMX', 'TAP', 'WRX', 'MGX'];
const PAYIN_CHANNELS = ['Bank Transfer', 'Mobile Money', 'Cash Pickup'];

const REMITTANCE_COLUMNS = [
  'tenant_id', 'payout_external_id', 'reference_number', 'original_id', 'payin_id', 'card_payment_reference', 'transaction_date', 'type_name',
  'external_id', 'payout_channel', 'payout_partner', 'sender_name', 'sender_amount_minor', 'sender_currency', 'receiver_name',
  'receiver_amount_minor', 'receiver_currency', 'beneficiary_bank_bic', 'beneficiary_bank_code', 'beneficiary_account', 'transaction_fee_minor',
  'transaction_fx_micro', 'status_id', 'status', 'purpose', 'sender_remarks', 'admin_notes', 'version', 'created', 'updated',
] as const satisfies ReadonlyArray<keyof NewRemittance>;

type LedgerRow = Insertable<BankLedgerTable>;
const LEDGER_COLUMNS = ['reference', 'code', 'message', 'amount_minor', 'currency', 'bank_code', 'account_number', 'at'] as const satisfies ReadonlyArray<keyof LedgerRow>;
const PURPOSES = ['Family support', 'School fees', 'Medical bills', 'Business', 'Rent', 'Gift'];
const REMARKS = ['Monthly support', 'For the children', 'Shop stock', 'Hospital bill', 'Eid gift', 'Tuition, second term'];

/**
 * Writes rows in batches as they are generated: the INSERT of a batch size is compiled once and run with each batch's
 * values in order, and no row outlives its batch (holding 50,000 generated rows, then binding named values per
 * batch, was most of this seed's time).
 */
class BatchWriter<R extends object> {
  private readonly texts = new Map<number, string>();
  private parameters: unknown[] = [];
  private rows = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: ReadonlyArray<keyof R & string>,
    private readonly batch: number,
  ) {}

  async add(row: R): Promise<void> {
    for (const column of this.columns) this.parameters.push(row[column]);
    this.rows += 1;
    if (this.rows === this.batch) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows === 0) return;
    let text = this.texts.get(this.rows);
    if (text === undefined) {
      const tuple = sql`(${sql.join(this.columns.map(() => sql.val(null)))})`;
      const tuples = Array.from({ length: this.rows }, () => tuple);
      text = sql`insert into ${sql.table(this.table)} (${sql.join(this.columns.map((column) => sql.ref(column)))}) values ${sql.join(tuples)}`.compile(this.db).sql;
      this.texts.set(this.rows, text);
    }
    const parameters = this.parameters;
    this.written += this.rows;
    this.parameters = [];
    this.rows = 0;
    await this.db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

async function insertMany<R extends object>(db: Db, table: string, rows: readonly R[], batch: number): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const writer = new BatchWriter<R>(db, table, Object.keys(first) as Array<keyof R & string>, batch);
  for (const row of rows) await writer.add(row);
  await writer.flush();
}

/** The simulated bank's payout account of each operator tenant that configures one (tenant file `payoutAccount`). */
export async function insertPayoutAccounts(db: Db, tenants: readonly TenantFile[]): Promise<void> {
  const accounts = tenants
    .filter((tenant) => tenant.payoutAccount !== undefined)
    .map((tenant, index) => ({
      account_number: tenant.payoutAccount ?? '',
      account_name: `${tenant.name} Payouts`,
      bank_code: '101',
      currency: 'NGN',
      // 250,000,000.00 NGN less a little per operator, so the cards differ.
      balance_minor: 25_000_000_000 - index * 123_456_789,
      status: 'ACTIVE',
      email: `payouts@${tenant.id}.example`,
      phone: `234803${String(1_234_567 + index * 1111).slice(-7)}`,
    }));
  if (accounts.length > 0) await db.insertInto('bank_accounts').values(accounts).execute();
}

interface Beneficiary {
  account: string;
  name: string;
  bank: PayoutBankSeed;
}

function personName(random: Random, first: readonly string[], last: readonly string[]): string {
  return `${random.pick(first)} ${random.pick(last)}`;
}

export interface RemittanceSummary {
  remittances: number;
  uptTransactions: number;
}

/**
 * Seeds the remittances of the tenants present in `tenants`, the bank's beneficiary accounts and ledger, and the UPT
 * transactions. Uses its own random stream, so it never shifts the rest of the demo world.
 */
export async function seedRemittances(db: Db, options: { now: Date; tenants: readonly TenantFile[]; count?: number }): Promise<RemittanceSummary> {
  const { now, tenants } = options;
  const random = mulberry32(REMITTANCE_SEED);
  const present = REMITTANCE_TENANTS.filter((plan) => tenants.some((tenant) => tenant.id === plan.id));
  const shares = present.reduce((sum, plan) => sum + plan.share, 0);
  const total = options.count ?? DEMO_REMITTANCES;

  // 400 beneficiaries the bank holds; 3 % of payouts go to an account it does not know (a payment refused '07').
  const beneficiaries: Beneficiary[] = [];
  const accounts = new Set<string>();
  while (beneficiaries.length < 400) {
    const account = `0${String(random.int(100_000_000, 999_999_999))}`;
    if (accounts.has(account)) continue;
    accounts.add(account);
    beneficiaries.push({ account, name: personName(random, RECEIVERS_FIRST, RECEIVERS_LAST), bank: random.pick(RECEIVER_BANKS) });
  }
  await insertMany(
    db,
    'bank_accounts',
    beneficiaries.map((beneficiary) => ({
      account_number: beneficiary.account,
      account_name: beneficiary.name,
      bank_code: beneficiary.bank.code,
      currency: beneficiary.bank.currency,
      balance_minor: 0,
      status: 'ACTIVE',
      email: null,
      phone: null,
    })),
    400,
  );
  const byCurrency = new Map<string, Beneficiary[]>();
  for (const beneficiary of beneficiaries) byCurrency.set(beneficiary.bank.currency, [...(byCurrency.get(beneficiary.bank.currency) ?? []), beneficiary]);

  const pickStatus = random.weightedPicker(STATUSES.map(([statusId, status, weight]) => [[statusId, status] as const, weight] as const));
  const pickSenderCurrency = random.weightedPicker([['USD', 70], ['GBP', 15], ['EUR', 15]] as const);
  const pickReceiverCurrency = random.weightedPicker([['NGN', 85], ['GHS', 10], ['KES', 5]] as const);
  const pickPayoutChannel = random.weightedPicker([['SWIFT', 60], ['NIP', 40]] as const);
  // 30 columns: 500 rows keep a batch under SQLite's 32,766 parameters.
  const remittances = new BatchWriter<NewRemittance>(db, 'remittances', REMITTANCE_COLUMNS, 500);
  const ledger = new BatchWriter<LedgerRow>(db, 'bank_ledger', LEDGER_COLUMNS, 2000);
  let sequence = 0;
  for (const [planIndex, plan] of present.entries()) {
    const tenant = tenants.find((candidate) => candidate.id === plan.id);
    if (!tenant) continue;
    const count = planIndex === present.length - 1 ? total - sequence : Math.round((total * plan.share) / shares);
    const offsets = Array.from({ length: count }, () => random.int(60_000, 90 * DAY)).sort((a, b) => b - a);
    const payout = tenant.type === 'payout';
    for (const [index, offset] of offsets.entries()) {
      sequence += 1;
      const at = now.getTime() - offset;
      const iso = new Date(at).toISOString();
      const day = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
      const [statusId, status] = pickStatus();
      // RP §2 pay-in and pay-out tables: one bunna row in three is sent from the tenant's currency, the rest received
      // in it (no extra draw, so the other tenants' rows stay as they were).
      const outgoing = tenant.type === 'bunna' && index % 3 === 2;
      const drawnSender = pickSenderCurrency();
      const senderCurrency = outgoing ? (tenant.currency ?? 'ETB') : drawnSender;
      const receiverCurrency = tenant.type === 'bunna' ? (outgoing ? (index % 2 === 0 ? 'NGN' : 'KES') : (tenant.currency ?? 'ETB')) : pickReceiverCurrency();
      const beneficiary = random.pick(byCurrency.get(receiverCurrency) ?? beneficiaries);
      const unknownAccount = random.chance(0.03);
      const senderMinor = random.int(20, 2000) * 100 + random.int(0, 99);
      const [low, high] = FX[senderCurrency]?.[receiverCurrency] ?? [100, 100];
      const fxHundredths = random.int(low, high);
      const receiverMinor = Math.round((senderMinor * fxHundredths) / 100);
      const reference = `${plan.prefix}${day.slice(2)}${String(index + 1).padStart(6, '0')}`;
      const payoutExternalId = random.chance(0.25) ? `${reference}|${random.pick(PARTNERS)}` : reference;
      const loan = random.chance(0.06);
      const account = unknownAccount ? `9${String(random.int(100_000_000, 999_999_999))}` : beneficiary.account;
      await remittances.add({
        tenant_id: tenant.id,
        payout_external_id: payoutExternalId,
        reference_number: `RP${day}${String(sequence).padStart(6, '0')}`,
        original_id: null,
        payin_id: `pi-${random.int(0, 0xffffff).toString(16).padStart(6, '0')}`,
        card_payment_reference: random.chance(0.6) ? `CP-${random.int(10_000, 99_999)}` : null,
        transaction_date: iso,
        type_name: loan ? 'Loan' : 'Remittance',
        external_id: loan ? `LN-${random.int(10_000, 99_999)}` : null,
        payout_channel: payout ? pickPayoutChannel() : random.pick(PAYIN_CHANNELS),
        payout_partner: beneficiary.bank.name,
        sender_name: personName(random, SENDERS_FIRST, SENDERS_LAST),
        sender_amount_minor: senderMinor,
        sender_currency: senderCurrency,
        receiver_name: unknownAccount ? personName(random, RECEIVERS_FIRST, RECEIVERS_LAST) : beneficiary.name,
        receiver_amount_minor: receiverMinor,
        receiver_currency: receiverCurrency,
        beneficiary_bank_bic: beneficiary.bank.bic,
        beneficiary_bank_code: beneficiary.bank.code,
        beneficiary_account: account,
        transaction_fee_minor: Math.round(senderMinor * 0.015) + 100,
        transaction_fx_micro: fxHundredths * 10_000,
        status_id: statusId,
        status,
        purpose: random.chance(0.8) ? random.pick(PURPOSES) : null,
        sender_remarks: random.chance(0.5) ? random.pick(REMARKS) : null,
        admin_notes: null,
        version: 0,
        created: iso,
        updated: iso,
      });
      const code = demoBankCode(statusId, payoutExternalId);
      if (code !== null) {
        await ledger.add({
          reference: bankReference(payoutExternalId),
          code,
          message: BANK_MESSAGE[code] ?? 'System malfunction',
          amount_minor: receiverMinor,
          currency: receiverCurrency,
          bank_code: beneficiary.bank.code,
          account_number: account,
          at: new Date(at + 30_000).toISOString(),
        });
      }
    }
  }
  await remittances.flush();
  await ledger.flush();

  const upt = tenants.filter((tenant) => UPT_TENANTS.includes(tenant.id));
  let uptTransactions = 0;
  const synced = now.toISOString();
  for (const tenant of upt) {
    const received = uptServiceTransactions(tenant.id, lastDays(now, 90), now);
    uptTransactions += received.length;
    await insertMany(
      db,
      'upt_transactions',
      received.map((row) => ({
        tenant_id: tenant.id,
        reference: row.reference,
        tu_reference: row.tuReference,
        sender_name: row.senderName,
        beneficiary_name: row.beneficiaryName,
        transaction_date: row.transactionDate,
        amount_minor: row.amountMinor,
        amount_currency: row.amountCurrency,
        status: row.status,
        details_json: JSON.stringify(row.details),
        synced,
      })),
      1000,
    );
  }
  return { remittances: remittances.written, uptTransactions };
}
