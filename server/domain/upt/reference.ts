// The universal payment service's reference data (remittances-and-payouts §2 countries and banks tables, §7
// country-data, bank-data, bank-branch-data): the same for every tenant, read by any staff role.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { containsInsensitive } from '../../db/text.ts';
import type { Session } from '../auth/tokens.ts';
import { formatMinor } from '../money.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { DomainRefusal } from '../refusal.ts';
import { assertStaff } from '../remittances/rules.ts';

export const UPT_COUNTRY_SORTS = { name: 'name', code: 'code', currencyCode: 'currency_code' } as const;
export type UptCountrySortColumn = (typeof UPT_COUNTRY_SORTS)[keyof typeof UPT_COUNTRY_SORTS];

export interface UptCountryQuery {
  filters: { name?: string; code?: string; currencyCode?: string };
  sort: Sort<UptCountrySortColumn>;
  page: Paging;
}

export interface UptCountryView {
  id: string;
  attributes: {
    name: string;
    code: string;
    isDeleted: boolean;
    isUsedSecurityQuestion: boolean;
    currencyCode: string;
    paymenMinAge: number | null;
    marketingExpense: string | null;
    reporterExpense: string | null;
    telephoneCode: string | null;
    isIbanMandatoryForSwift: boolean;
    currentPaymentLimits: Array<{ currencyCode: string; minAmount: string; maxAmount: string }>;
  };
}

const money = (minor: number | null) => (minor === null ? null : formatMinor(minor));

export async function listUptCountries(db: Db, session: Session, query: UptCountryQuery): Promise<Page<UptCountryView>> {
  assertStaff(session);
  const where: Array<Expression<SqlBool>> = [];
  if (query.filters.name !== undefined) where.push(containsInsensitive(sql.ref<string>('name'), query.filters.name));
  if (query.filters.code !== undefined) where.push(containsInsensitive(sql.ref<string>('code'), query.filters.code));
  if (query.filters.currencyCode !== undefined) where.push(sql<SqlBool>`${sql.ref('currency_code')} = ${query.filters.currencyCode}`);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('upt_countries')
      .selectAll()
      .where((eb) => eb.and(where))
      .orderBy(query.sort.column, query.sort.direction)
      .orderBy('code', query.sort.direction)
      .limit(query.page.size)
      .offset(query.page.offset)
      .execute(),
    db.selectFrom('upt_countries').select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => eb.and(where)).executeTakeFirstOrThrow(),
  ]);
  const codes = rows.map((row) => row.code);
  const limits =
    codes.length === 0
      ? []
      : await db.selectFrom('upt_payment_limits').selectAll().where('country_code', 'in', codes).orderBy('country_code').orderBy('id').execute();
  return {
    total: Number(count.n),
    rows: rows.map((row) => ({
      id: row.code,
      attributes: {
        name: row.name,
        code: row.code,
        isDeleted: row.is_deleted === 1,
        isUsedSecurityQuestion: row.is_used_security_question === 1,
        currencyCode: row.currency_code,
        paymenMinAge: row.paymen_min_age,
        marketingExpense: money(row.marketing_expense_minor),
        reporterExpense: money(row.reporter_expense_minor),
        telephoneCode: row.telephone_code,
        isIbanMandatoryForSwift: row.is_iban_mandatory_for_swift === 1,
        currentPaymentLimits: limits
          .filter((limit) => limit.country_code === row.code)
          .map((limit) => ({ currencyCode: limit.currency_code, minAmount: formatMinor(limit.min_minor), maxAmount: formatMinor(limit.max_minor) })),
      },
    })),
  };
}

export const UPT_BANK_SORTS = { name: 'name', code: 'code', countryCode: 'country_code', createdOn: 'created_on' } as const;
export type UptBankSortColumn = (typeof UPT_BANK_SORTS)[keyof typeof UPT_BANK_SORTS];

export interface UptBankQuery {
  filters: { name?: string; code?: string; countryCode?: string };
  sort: Sort<UptBankSortColumn>;
  page: Paging;
}

export interface UptBranchFields {
  code: string;
  name: string;
  city: string | null;
  address: string | null;
  isDeleted: boolean;
}

export interface UptBankView {
  id: string;
  attributes: {
    name: string;
    code: string;
    isDeleted: boolean;
    countryCode: string;
    creditCardCenterBranchCode: string | null;
    closedDate: string | null;
    createdOn: string;
    modifiedOn: string | null;
    branches: UptBranchFields[];
  };
}

function branchFields(row: { code: string; name: string; city: string | null; address: string | null; is_deleted: number }): UptBranchFields {
  return { code: row.code, name: row.name, city: row.city, address: row.address, isDeleted: row.is_deleted === 1 };
}

export async function listUptBanks(db: Db, session: Session, query: UptBankQuery): Promise<Page<UptBankView>> {
  assertStaff(session);
  const where: Array<Expression<SqlBool>> = [];
  if (query.filters.name !== undefined) where.push(containsInsensitive(sql.ref<string>('name'), query.filters.name));
  if (query.filters.code !== undefined) where.push(containsInsensitive(sql.ref<string>('code'), query.filters.code));
  if (query.filters.countryCode !== undefined) where.push(sql<SqlBool>`${sql.ref('country_code')} = ${query.filters.countryCode}`);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('upt_banks')
      .selectAll()
      .where((eb) => eb.and(where))
      .orderBy(query.sort.column, query.sort.direction)
      .orderBy('id', query.sort.direction)
      .limit(query.page.size)
      .offset(query.page.offset)
      .execute(),
    db.selectFrom('upt_banks').select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => eb.and(where)).executeTakeFirstOrThrow(),
  ]);
  const codes = rows.map((row) => row.code);
  const branches =
    codes.length === 0 ? [] : await db.selectFrom('upt_branches').selectAll().where('bank_code', 'in', codes).orderBy('bank_code').orderBy('code').execute();
  return {
    total: Number(count.n),
    rows: rows.map((row) => ({
      id: String(row.id),
      attributes: {
        name: row.name,
        code: row.code,
        isDeleted: row.is_deleted === 1,
        countryCode: row.country_code,
        creditCardCenterBranchCode: row.credit_card_center_branch_code,
        closedDate: row.closed_date,
        createdOn: row.created_on,
        modifiedOn: row.modified_on,
        branches: branches.filter((branch) => branch.bank_code === row.code).map(branchFields),
      },
    })),
  };
}

export interface UptBranchView {
  id: string;
  attributes: UptBranchFields & { bankCode: string };
}

/** Every branch of one bank; an unknown bank is not found, a bank without branches an empty list ('- No Branches -'). */
export async function listUptBankBranches(db: Db, session: Session, bankCode: string): Promise<UptBranchView[]> {
  assertStaff(session);
  const bank = await db.selectFrom('upt_banks').select('code').where('code', '=', bankCode).executeTakeFirst();
  if (!bank) throw new DomainRefusal('not_found', { message: 'Bank not found' });
  const rows = await db.selectFrom('upt_branches').selectAll().where('bank_code', '=', bankCode).orderBy('code').execute();
  return rows.map((row) => ({ id: String(row.id), attributes: { ...branchFields(row), bankCode: row.bank_code } }));
}
