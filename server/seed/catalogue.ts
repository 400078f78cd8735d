// The demo catalogue (identity-and-catalogue §2): every tenant that has a catalogue gets products of every type,
// each with sending and receiving currencies, payment options and services, fee details per product and sending
// currency, and a forex pair per sending and receiving currency. Fixed lists, so two seeds give the same rows.
import type { Db } from '../db/connection.ts';
import type { CurrencyDirection } from '../db/schema.ts';
import { formatScaled } from '../domain/catalogue/decimal.ts';
import type { PRODUCT_TYPES } from './reference-data.ts';
import { CURRENCIES } from './reference-data.ts';
import type { TenantFile } from './tenants.ts';

/** [title, subtitle, product type]: one product of every type, two payout products. */
export const DEMO_PRODUCTS: ReadonlyArray<readonly [string, string, (typeof PRODUCT_TYPES)[number]]> = [
  ['Send Money', 'International remittances', 'Remittance'],
  ['Mobile Wallet', 'Top up, pay and cash out', 'Wallet'],
  ['Bank Payout', 'Pay out to bank accounts', 'Payout'],
  ['Cash Pickup', 'Collect cash at an agent', 'Payout'],
  ['Credit Union Loan', 'Loans for credit union members', 'Loan'],
];

/** Settings per product type: sending and receiving currency codes, payment options and services. */
const SETTINGS: Record<(typeof PRODUCT_TYPES)[number], { sending: readonly string[]; receiving: readonly string[]; options: ReadonlyArray<readonly [string, string]>; services: ReadonlyArray<readonly [string, string, string]> }> = {
  Remittance: {
    sending: ['USD', 'GBP', 'EUR'],
    receiving: ['GMD', 'NGN'],
    options: [['Card', 'Visa and Mastercard'], ['Bank Transfer', 'From a bank account']],
    services: [['Express', 'Paid out within the hour', 'bolt'], ['Standard', 'Paid out the next working day', 'clock']],
  },
  Wallet: {
    sending: ['GMD', 'USD'],
    receiving: ['GMD'],
    options: [['Mobile Money', 'Pay from a mobile wallet'], ['Cash', 'Cash at an agent']],
    services: [['Airtime', 'Buy airtime for any network', 'phone'], ['Bill Payment', 'Pay electricity and water bills', 'receipt']],
  },
  Payout: {
    sending: ['USD', 'EUR'],
    receiving: ['GMD', 'NGN', 'SLE'],
    options: [['Bank Transfer', 'Straight to the beneficiary bank'], ['Cash', 'Cash at a pay-out agent']],
    services: [['Express', 'Paid out within the hour', 'bolt'], ['Scheduled', 'Paid out on a chosen day', 'calendar']],
  },
  Loan: {
    sending: ['USD'],
    receiving: ['GMD'],
    options: [['Wallet', 'Credited to the member wallet'], ['Cash', 'Paid in cash at the branch']],
    services: [['Disbursement', 'The loan paid to the member', 'building-bank'], ['Repayment', 'Instalments paid back', 'coins']],
  },
};

/** [minimum, maximum, is percent, default value, partner value] in minor units (1–500 flat 5.00, then 1.50 % and 1 %). */
const FEE_BANDS: ReadonlyArray<readonly [number, number, boolean, number, number]> = [
  [100, 50_000, false, 500, 200],
  [50_100, 200_000, true, 150, 75],
  [200_100, 10_000_000, true, 100, 50],
];

/** Units of each currency per US dollar, at 6 decimals (micro-units), for the demo's market rates. */
const PER_USD_MICRO: Readonly<Record<string, bigint>> = {
  USD: 1_000_000n,
  GMD: 67_500_000n,
  NGN: 1_520_350_000n,
  EUR: 920_000n,
  GBP: 790_000n,
  SLE: 22_700_000n,
  XOF: 603_400_000n,
  AED: 3_672_500n,
  SEK: 10_500_000n,
  ETB: 56_800_000n,
};

/** base → quote at 6 decimals, in integers: quote per USD × 10^6 / base per USD. */
function marketRate(base: string, quote: string): string {
  const basePerUsd = PER_USD_MICRO[base] ?? 1_000_000n;
  const quotePerUsd = PER_USD_MICRO[quote] ?? 1_000_000n;
  return formatScaled((quotePerUsd * 1_000_000n) / basePerUsd, 6, 2);
}

/** Tenant types whose menus hold the catalogue (the identity admin tenant has none of its own). */
export function hasCatalogue(tenant: Pick<TenantFile, 'type'>): boolean {
  return tenant.type !== 'identity';
}

/** Inserts the demo catalogue of each tenant (payment methods and settings currencies must exist). */
export async function insertCatalogue(db: Db, tenants: ReadonlyArray<Pick<TenantFile, 'id' | 'type'>>, now: Date): Promise<void> {
  const owners = tenants.filter(hasCatalogue);
  if (owners.length === 0) return;
  const created = now.toISOString();
  const types = new Map((await db.selectFrom('product_types').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
  const methods = new Map((await db.selectFrom('payment_methods').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
  const settingsCurrencies = new Map(
    (await db.selectFrom('currencies').select(['id', 'code']).where('product_id', 'is', null).execute()).map((row) => [row.code, row.id]),
  );
  const names = new Map(CURRENCIES.map(([code, name, symbol]) => [code, { name, symbol }]));

  const products = await db
    .insertInto('products')
    .values(
      owners.flatMap((tenant) =>
        DEMO_PRODUCTS.map(([title, subTitle, type]) => {
          const typeId = types.get(type);
          if (typeId === undefined) throw new Error(`Unknown product type ${type}`);
          return { tenant_id: tenant.id, title, sub_title: subTitle, product_type_id: typeId, background_url: null, created };
        }),
      ),
    )
    .returning(['id', 'tenant_id', 'product_type_id'])
    .execute();
  const typeName = new Map([...types].map(([name, id]) => [id, name as (typeof PRODUCT_TYPES)[number]]));

  const currencyRows: Array<{ product_id: number; direction: CurrencyDirection; name: string; code: string; symbol: string; created: string }> = [];
  const optionRows: Array<{ product_id: number; payment_method_id: number; description: string; created: string }> = [];
  const serviceRows: Array<{ product_id: number; name: string; description: string; icon: string; transaction_type: null }> = [];
  const feeRows: Array<{ tenant_id: string; product_id: number; currency_id: number; min_minor: number; max_minor: number; is_percent: number; default_minor: number; partner_minor: number; created: string; updated: string }> = [];
  for (const product of products) {
    const type = typeName.get(product.product_type_id);
    if (!type || !product.tenant_id) continue;
    const settings = SETTINGS[type];
    for (const [direction, codes] of [['sending', settings.sending], ['receiving', settings.receiving]] as const) {
      for (const code of codes) {
        const currency = names.get(code);
        if (currency) currencyRows.push({ product_id: product.id, direction, name: currency.name, code, symbol: currency.symbol, created });
      }
    }
    for (const [method, description] of settings.options) {
      const methodId = methods.get(method);
      if (methodId !== undefined) optionRows.push({ product_id: product.id, payment_method_id: methodId, description, created });
    }
    for (const [name, description, icon] of settings.services) serviceRows.push({ product_id: product.id, name, description, icon, transaction_type: null });
    for (const code of settings.sending) {
      const currencyId = settingsCurrencies.get(code);
      if (currencyId === undefined) continue;
      for (const [min, max, isPercent, value, partner] of FEE_BANDS) {
        feeRows.push({
          tenant_id: product.tenant_id,
          product_id: product.id,
          currency_id: currencyId,
          min_minor: min,
          max_minor: max,
          is_percent: isPercent ? 1 : 0,
          default_minor: value,
          partner_minor: partner,
          created,
          updated: created,
        });
      }
    }
  }
  const currencies = await db.insertInto('product_currencies').values(currencyRows).returning(['id', 'product_id', 'direction', 'code']).execute();
  if (optionRows.length > 0) await db.insertInto('payment_options').values(optionRows).execute();
  if (serviceRows.length > 0) await db.insertInto('services').values(serviceRows).execute();
  if (feeRows.length > 0) await db.insertInto('fee_details').values(feeRows).execute();

  const forexRows = products.flatMap((product) => {
    const own = currencies.filter((currency) => currency.product_id === product.id);
    return own
      .filter((base) => base.direction === 'sending')
      .flatMap((base) =>
        own
          .filter((quote) => quote.direction === 'receiving' && quote.code !== base.code)
          .map((quote, index) => ({
            product_id: product.id,
            sending_currency_id: base.id,
            receiving_currency_id: quote.id,
            market_fx: marketRate(base.code, quote.code),
            default_markup: '1.50',
            partner_markup: '0.75',
            is_percent: 1,
            is_auto_update: index === 0 ? 1 : 0,
            created,
            updated: created,
          })),
      );
  });
  if (forexRows.length > 0) await db.insertInto('forex_pairs').values(forexRows).execute();
}
