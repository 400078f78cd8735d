// The universal payment service's reference data (remittances-and-payouts §2 countries and banks): countries with
// payment limits, banks with branches, some banks with none ('- No Branches -'), one closed and one deleted.
import type { Db } from '../db/connection.ts';

interface CountrySeed {
  code: string;
  name: string;
  currency: string;
  telephone: string;
  minAge: number | null;
  /** Whole units. */
  marketing: number | null;
  reporter: number | null;
  iban: boolean;
  securityQuestion: boolean;
  deleted?: boolean;
  /** [currency, min, max] in whole units. */
  limits: ReadonlyArray<readonly [string, number, number]>;
}

export const UPT_COUNTRIES: readonly CountrySeed[] = [
  { code: 'NG', name: 'Nigeria', currency: 'NGN', telephone: '234', minAge: 18, marketing: 0.5, reporter: 0.25, iban: false, securityQuestion: false, limits: [['USD', 10, 5000], ['NGN', 5000, 7_500_000]] },
  { code: 'GM', name: 'Gambia', currency: 'GMD', telephone: '220', minAge: 18, marketing: 0.4, reporter: 0.2, iban: false, securityQuestion: true, limits: [['USD', 5, 3000], ['EUR', 5, 3000]] },
  { code: 'GH', name: 'Ghana', currency: 'GHS', telephone: '233', minAge: 18, marketing: 0.5, reporter: 0.25, iban: false, securityQuestion: false, limits: [['USD', 10, 4000]] },
  { code: 'KE', name: 'Kenya', currency: 'KES', telephone: '254', minAge: 18, marketing: 0.6, reporter: 0.3, iban: false, securityQuestion: false, limits: [['USD', 10, 5000], ['KES', 1000, 650_000]] },
  { code: 'SO', name: 'Somalia', currency: 'USD', telephone: '252', minAge: 16, marketing: 0.3, reporter: 0.15, iban: false, securityQuestion: true, limits: [['USD', 5, 10_000]] },
  { code: 'ET', name: 'Ethiopia', currency: 'ETB', telephone: '251', minAge: 18, marketing: 0.5, reporter: 0.25, iban: false, securityQuestion: false, limits: [['USD', 10, 3000]] },
  { code: 'SN', name: 'Senegal', currency: 'XOF', telephone: '221', minAge: 18, marketing: 0.4, reporter: 0.2, iban: true, securityQuestion: false, limits: [['EUR', 10, 3000]] },
  { code: 'TR', name: 'Turkey', currency: 'TRY', telephone: '90', minAge: 18, marketing: 0.7, reporter: 0.35, iban: true, securityQuestion: false, limits: [['USD', 10, 10_000], ['EUR', 10, 10_000], ['TRY', 100, 300_000]] },
  { code: 'DE', name: 'Germany', currency: 'EUR', telephone: '49', minAge: 18, marketing: null, reporter: null, iban: true, securityQuestion: false, limits: [['EUR', 1, 15_000]] },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', telephone: '44', minAge: 18, marketing: null, reporter: null, iban: true, securityQuestion: false, limits: [['GBP', 1, 15_000]] },
  { code: 'SE', name: 'Sweden', currency: 'SEK', telephone: '46', minAge: 18, marketing: null, reporter: null, iban: true, securityQuestion: false, limits: [] },
  { code: 'SL', name: 'Sierra Leone', currency: 'SLE', telephone: '232', minAge: null, marketing: 0.5, reporter: 0.25, iban: false, securityQuestion: true, limits: [['USD', 10, 2000]] },
  { code: 'GN', name: 'Guinea', currency: 'GNF', telephone: '224', minAge: 18, marketing: 0.5, reporter: 0.25, iban: false, securityQuestion: false, deleted: true, limits: [] },
];

interface BankSeed {
  code: string;
  name: string;
  country: string;
  cardCenter?: string;
  closed?: string;
  deleted?: boolean;
  created: string;
  modified?: string;
  /** [code, name, city, address] */
  branches: ReadonlyArray<readonly [string, string, string | null, string | null]>;
}

export const UPT_BANKS: readonly BankSeed[] = [
  { code: '101', name: 'Providus Bank', country: 'NG', created: '2023-06-01T08:00:00.000Z', branches: [['001', 'Victoria Island', 'Lagos', '54 Adeola Odeku Street'], ['002', 'Ikeja', 'Lagos', '12 Allen Avenue'], ['003', 'Wuse II', 'Abuja', '7 Aminu Kano Crescent']] },
  { code: '044', name: 'Access Bank', country: 'NG', cardCenter: '990', created: '2023-06-01T08:00:00.000Z', modified: '2024-01-10T09:30:00.000Z', branches: [['001', 'Oniru', 'Lagos', 'Plot 999c Danmole Street'], ['014', 'Port Harcourt Main', 'Port Harcourt', '1 Aba Road']] },
  { code: '057', name: 'Zenith Bank', country: 'NG', created: '2023-06-01T08:00:00.000Z', branches: [['001', 'Head Office', 'Lagos', 'Plot 84 Ajose Adeogun Street']] },
  { code: '058', name: 'Guaranty Trust Bank', country: 'NG', created: '2023-06-01T08:00:00.000Z', branches: [] },
  { code: '033', name: 'United Bank for Africa', country: 'NG', created: '2023-06-01T08:00:00.000Z', branches: [['001', 'Marina', 'Lagos', '57 Marina'], ['020', 'Kano Main', 'Kano', '9 Bank Road']] },
  { code: '214', name: 'First City Monument Bank', country: 'NG', closed: '2024-09-30', created: '2023-06-01T08:00:00.000Z', modified: '2024-09-30T17:00:00.000Z', branches: [['001', 'Lekki', 'Lagos', 'Admiralty Way']] },
  { code: 'TRUST', name: 'Trust Bank Gambia', country: 'GM', created: '2023-07-15T10:00:00.000Z', branches: [['001', 'Banjul', 'Banjul', '3-4 Ecowas Avenue'], ['002', 'Serrekunda', 'Serrekunda', 'Kairaba Avenue'], ['003', 'Brikama', 'Brikama', null]] },
  { code: 'GTBGM', name: 'Guaranty Trust Bank Gambia', country: 'GM', created: '2023-07-15T10:00:00.000Z', branches: [] },
  { code: 'ECOGM', name: 'Ecobank Gambia', country: 'GM', cardCenter: '100', created: '2023-07-15T10:00:00.000Z', branches: [['001', 'Kairaba', 'Serrekunda', '42 Kairaba Avenue']] },
  { code: 'GCB', name: 'GCB Bank', country: 'GH', created: '2023-08-01T09:00:00.000Z', branches: [['001', 'High Street', 'Accra', 'Thorpe Road'], ['031', 'Kumasi Main', 'Kumasi', null]] },
  { code: 'KCB', name: 'Kenya Commercial Bank', country: 'KE', created: '2023-08-01T09:00:00.000Z', branches: [['100', 'Moi Avenue', 'Nairobi', 'Moi Avenue'], ['101', 'Mombasa', 'Mombasa', 'Nkrumah Road']] },
  { code: 'EQTY', name: 'Equity Bank Kenya', country: 'KE', created: '2023-08-01T09:00:00.000Z', branches: [] },
  { code: 'DAHAB', name: 'Dahabshil Bank', country: 'SO', created: '2023-09-01T09:00:00.000Z', branches: [['010', 'Mogadishu Main', 'Mogadishu', 'Maka Al Mukarama Road'], ['020', 'Hargeisa', 'Hargeisa', null]] },
  { code: 'PREMIER', name: 'Premier Bank Somalia', country: 'SO', created: '2023-09-01T09:00:00.000Z', deleted: true, modified: '2024-05-02T11:00:00.000Z', branches: [] },
  { code: 'BUNNA', name: 'Bunna Bank', country: 'ET', created: '2023-09-20T09:00:00.000Z', branches: [['001', 'Bole', 'Addis Ababa', 'Bole Road'], ['002', 'Piassa', 'Addis Ababa', null]] },
  { code: 'CBE', name: 'Commercial Bank of Ethiopia', country: 'ET', created: '2023-09-20T09:00:00.000Z', branches: [['001', 'Head Office', 'Addis Ababa', 'Gambia Street']] },
  { code: 'CBAO', name: 'CBAO Groupe Attijariwafa', country: 'SN', created: '2023-10-01T09:00:00.000Z', branches: [] },
  { code: 'ZIRAAT', name: 'Ziraat Bankasi', country: 'TR', cardCenter: '500', created: '2023-10-01T09:00:00.000Z', branches: [['001', 'Kizilay', 'Ankara', 'Ataturk Bulvari'], ['002', 'Eminonu', 'Istanbul', null], ['003', 'Konak', 'Izmir', null]] },
  { code: 'ROKEL', name: 'Rokel Commercial Bank', country: 'SL', created: '2023-11-01T09:00:00.000Z', branches: [['001', 'Siaka Stevens Street', 'Freetown', '25-27 Siaka Stevens Street']] },
];

const minor = (whole: number | null) => (whole === null ? null : Math.round(whole * 100));

/** Inserts the countries, their payment limits, the banks and their branches. */
export async function insertUptReference(db: Db): Promise<void> {
  await db
    .insertInto('upt_countries')
    .values(
      UPT_COUNTRIES.map((country) => ({
        code: country.code,
        name: country.name,
        is_deleted: country.deleted ? 1 : 0,
        is_used_security_question: country.securityQuestion ? 1 : 0,
        currency_code: country.currency,
        paymen_min_age: country.minAge,
        marketing_expense_minor: minor(country.marketing),
        reporter_expense_minor: minor(country.reporter),
        telephone_code: country.telephone,
        is_iban_mandatory_for_swift: country.iban ? 1 : 0,
      })),
    )
    .execute();
  const limits = UPT_COUNTRIES.flatMap((country) =>
    country.limits.map(([currency, min, max]) => ({ country_code: country.code, currency_code: currency, min_minor: min * 100, max_minor: max * 100 })),
  );
  if (limits.length > 0) await db.insertInto('upt_payment_limits').values(limits).execute();
  await db
    .insertInto('upt_banks')
    .values(
      UPT_BANKS.map((bank) => ({
        code: bank.code,
        name: bank.name,
        is_deleted: bank.deleted ? 1 : 0,
        country_code: bank.country,
        credit_card_center_branch_code: bank.cardCenter ?? null,
        closed_date: bank.closed ?? null,
        created_on: bank.created,
        modified_on: bank.modified ?? null,
      })),
    )
    .execute();
  const branches = UPT_BANKS.flatMap((bank) =>
    bank.branches.map(([code, name, city, address]) => ({ bank_code: bank.code, code, name, city, address, is_deleted: 0 })),
  );
  if (branches.length > 0) await db.insertInto('upt_branches').values(branches).execute();
}
