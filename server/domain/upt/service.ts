// The reference gateway's simulated universal payment service (remittances-and-payouts §2, §4 force sync): for a
// tenant and a date range it answers the same transactions every time, each derived from (tenant, day, index), with
// a status that follows the transaction's age at `now` (PENDING for six hours, then READY or final after two days),
// so a later sync updates what moved on and adds what is new, and a repeated sync changes nothing.
import { mulberry32, type Random } from '../../seed/prng.ts';
import { daysBefore, nextDay } from '../wallet/query.ts';
import type { UptExportDetails, UptServiceTransaction } from './fields.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** FNV-1a of a text: the per-day seed. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

const SENDER_FIRST = ['Mehmet', 'Ayse', 'Hasan', 'Fatma', 'Ali', 'Zeynep', 'Omar', 'Hodan', 'Abdi', 'Amina', 'Yusuf', 'Leyla'];
const SENDER_LAST = ['Yilmaz', 'Kaya', 'Demir', 'Celik', 'Sahin', 'Warsame', 'Farah', 'Abdullahi', 'Aydin', 'Ozturk'];
const BENEFICIARY_FIRST = ['Fatou', 'Lamin', 'Chinedu', 'Ngozi', 'Abdirahman', 'Sahra', 'Ebrima', 'Awa', 'Tunde', 'Khadija'];
const BENEFICIARY_LAST = ['Jallow', 'Ceesay', 'Okafor', 'Adeyemi', 'Hassan', 'Mohamed', 'Bah', 'Touray', 'Balogun', 'Ali'];
const SENDER_COUNTRIES = [
  { code: 'TR', nationality: 'Turkish', gsm: '90', city: 'Istanbul' },
  { code: 'DE', nationality: 'German', gsm: '49', city: 'Berlin' },
  { code: 'GB', nationality: 'British', gsm: '44', city: 'London' },
  { code: 'SE', nationality: 'Swedish', gsm: '46', city: 'Stockholm' },
] as const;
const BENEFICIARIES = [
  { country: 'GM', gsm: '220', bank: 'TRUST', bic: 'TBGMGMGM', branch: '001' },
  { country: 'NG', gsm: '234', bank: '101', bic: 'PROVNGLA', branch: '001' },
  { country: 'SO', gsm: '252', bank: 'DAHAB', bic: 'DABOSOMM', branch: '010' },
  { country: 'KE', gsm: '254', bank: 'KCB', bic: 'KCBLKENX', branch: '100' },
] as const;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'TRY'] as const;
const NARRATIVES = ['Family support', 'School fees', 'Medical bills', 'Gift', 'Business payment', 'Rent'];

/** PAID 85 %, CANCELLED 8 %, REJECTED 7 % once final. */
function finalStatus(roll: number): string {
  return roll < 0.85 ? 'PAID' : roll < 0.93 ? 'CANCELLED' : 'REJECTED';
}

const DESCRIPTIONS: Record<string, string> = {
  PENDING: 'Awaiting compliance check',
  READY: 'Ready for payment',
  PAID: 'Paid to beneficiary',
  CANCELLED: 'Cancelled by sender',
  REJECTED: 'Rejected by compliance',
};

const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

function transaction(tenantId: string, day: string, index: number, now: Date): UptServiceTransaction | null {
  const random: Random = mulberry32(hash(`${tenantId}|${day}|${index}`));
  const at = new Date(Date.parse(`${day}T00:00:00.000Z`) + random.int(0, DAY - 1000));
  if (at.getTime() > now.getTime()) return null;
  const age = now.getTime() - at.getTime();
  const roll = random.next();
  const status = age < 6 * HOUR ? 'PENDING' : age < 2 * DAY && roll < 0.5 ? 'READY' : finalStatus(roll);

  const sender = random.pick(SENDER_COUNTRIES);
  const beneficiary = random.pick(BENEFICIARIES);
  const senderFirstName = random.pick(SENDER_FIRST);
  const senderSurname = random.pick(SENDER_LAST);
  const beneficiaryFirstName = random.pick(BENEFICIARY_FIRST);
  const beneficiarySurname = random.pick(BENEFICIARY_LAST);
  const currency = random.pick(CURRENCIES);
  const amountMinor = random.int(50, 3000) * 100 + random.int(0, 99);
  const commissionMinor = Math.round(amountMinor * 0.015);
  const deposit = random.chance(0.4);
  const compact = day.replace(/-/g, '');
  const details: UptExportDetails = {
    transferId: `T${compact}${String(index).padStart(4, '0')}`,
    txNo: String(random.int(10_000_000, 99_999_999)),
    statusDescription: DESCRIPTIONS[status] ?? null,
    senderCountryCode: sender.code,
    senderCustomerId: `C${random.int(100_000, 999_999)}`,
    senderCitizenshipNo: random.chance(0.7) ? String(random.int(10_000_000_000, 99_999_999_999)) : null,
    senderNationality: sender.nationality,
    senderIdProviderCountry: sender.code,
    senderIdType: random.pick(['PASSPORT', 'ID_CARD', 'RESIDENCE_PERMIT']),
    senderIdNo: `${sender.code}${random.int(1_000_000, 9_999_999)}`,
    senderFirstName,
    senderSurname,
    senderBirthdate: `${random.int(1955, 2004)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    senderBirthplace: random.chance(0.8) ? sender.city : null,
    senderGsmCountryCode: sender.gsm,
    senderGsmNumber: String(random.int(500_000_000, 599_999_999)),
    senderAddress: `${random.int(1, 200)} ${random.pick(['Main Street', 'Station Road', 'Park Avenue', 'Market Square'])}, ${sender.city}`,
    beneficiaryCountryCode: beneficiary.country,
    beneficiaryFirstName,
    beneficiarySurname,
    beneficiaryGsmCountryCode: beneficiary.gsm,
    beneficiaryGsmNumber: String(random.int(3_000_000, 9_999_999)),
    beneficiaryBirthdate: random.chance(0.5)
      ? `${random.int(1950, 2005)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`
      : null,
    beneficiaryFatherName: random.chance(0.3) ? random.pick(BENEFICIARY_FIRST) : null,
    beneficiaryBankBicCode: deposit ? beneficiary.bic : null,
    beneficiaryBankCode: deposit ? beneficiary.bank : null,
    beneficiaryBranchCode: deposit ? beneficiary.branch : null,
    beneficiaryIban: deposit && beneficiary.country !== 'NG' ? `${beneficiary.country}${random.int(10, 99)}${random.int(100_000_000, 999_999_999)}` : null,
    narrative: random.pick(NARRATIVES),
    transactionType: deposit ? 'ACCOUNT_DEPOSIT' : 'CASH_PAYMENT',
    moneyTaken: decimal(amountMinor + commissionMinor),
    moneyTakenCurrency: currency,
    eftType: deposit ? random.pick(['SWIFT', 'LOCAL']) : null,
    officeReferenceCode: `OF-${random.int(100, 999)}`,
    accountingAmount: decimal(amountMinor),
    accountingCurrency: 'USD',
    accountingExchangeRate: currency === 'USD' ? '1.00' : `${random.int(0, 1)}.${String(random.int(10, 99))}`,
    expenseAmount: decimal(Math.round(amountMinor * 0.002)),
    expenseCurrency: currency,
    commissionAmount: decimal(commissionMinor),
    commissionCurrency: currency,
    receivedPaymentAmount: status === 'PAID' ? decimal(amountMinor) : null,
    receivedPaymentCurrency: status === 'PAID' ? currency : null,
  };
  return {
    reference: `U${compact}${String(index).padStart(4, '0')}`,
    tuReference: random.chance(0.9) ? `TU${random.int(100_000_000, 999_999_999)}` : null,
    senderName: `${senderFirstName} ${senderSurname}`,
    beneficiaryName: `${beneficiaryFirstName} ${beneficiarySurname}`,
    transactionDate: at.toISOString(),
    amountMinor,
    amountCurrency: currency,
    status,
    details,
  };
}

/** How many transactions the service holds for a tenant's day: 10 to 25. */
function dayCount(tenantId: string, day: string): number {
  return 10 + (hash(`${tenantId}|${day}|count`) % 16);
}

/** The service's transactions of the tenant in [startDate, endDate] (UTC days) as it answers at `now`. */
export function uptServiceTransactions(tenantId: string, range: { startDate: string; endDate: string }, now: Date): UptServiceTransaction[] {
  const rows: UptServiceTransaction[] = [];
  for (let day = range.startDate; day <= range.endDate; day = nextDay(day)) {
    const count = dayCount(tenantId, day);
    for (let index = 1; index <= count; index += 1) {
      const row = transaction(tenantId, day, index, now);
      if (row) rows.push(row);
    }
  }
  return rows;
}

/** The last `days` days up to `now`'s day, as a range. */
export function lastDays(now: Date, days: number): { startDate: string; endDate: string } {
  const today = now.toISOString().slice(0, 10);
  return { startDate: daysBefore(today, days - 1), endDate: today };
}
