// Fee details (bands) per product and settings currency (identity-and-catalogue §2 fees screen, §3, §5, §7).
import type { Db } from '../../db/connection.ts';
import { unitOfWork } from '../unit-of-work.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { DomainRefusal, type RefusalReason } from '../refusal.ts';
import { parseRowId } from '../users/ids.ts';
import { requireCatalogueEditor, type CatalogueActor } from './access.ts';
import { readDecimal } from './decimal.ts';
import { findProduct } from './products.ts';

/** Hundredths: fee amounts and values have at most 2 decimals. */
const FEE_SCALE = 2;
/** IC §5 and §9: fee values are at least 1. */
const MIN_FEE = 100n;
/** The gateway's money bound (1,000,000,000,000.00), which keeps minor units exact as numbers. */
const MAX_FEE = 100_000_000_000_000n;
const MAX_PERCENT = 10_000n;

export const FEE_VALUE_MESSAGE = 'A number of at least 1 with at most 2 decimals is required';

export interface FeeDetailRecord {
  id: string;
  /** Minor units (hundredths). */
  minAmount: number;
  maxAmount: number;
  isPercent: boolean;
  defaultValue: number;
  partnerValue: number;
  productId: string;
  currencyId: string;
  created: string;
}

export type FeeSortColumn = 'min_minor' | 'max_minor' | 'created';

const FEE_COLUMNS = ['id', 'product_id', 'currency_id', 'min_minor', 'max_minor', 'is_percent', 'default_minor', 'partner_minor', 'created'] as const;

interface FeeRow {
  id: number;
  product_id: number;
  currency_id: number;
  min_minor: number;
  max_minor: number;
  is_percent: number;
  default_minor: number;
  partner_minor: number;
  created: string;
}

function record(row: FeeRow): FeeDetailRecord {
  return {
    id: String(row.id),
    minAmount: Number(row.min_minor),
    maxAmount: Number(row.max_minor),
    isPercent: row.is_percent === 1,
    defaultValue: Number(row.default_minor),
    partnerValue: Number(row.partner_minor),
    productId: String(row.product_id),
    currencyId: String(row.currency_id),
    created: row.created,
  };
}

const notFound = () => new DomainRefusal('not_found', { message: 'Fee detail not found' });

/** The fee details of the tenant, paged; narrowed to a product and a currency when given. */
export async function listFeeDetails(
  db: Db,
  tenantId: string,
  query: { productId?: string | undefined; currencyId?: string | undefined; paging: Paging; sort: Sort<FeeSortColumn> },
): Promise<Page<FeeDetailRecord>> {
  let base = db.selectFrom('fee_details').where('tenant_id', '=', tenantId);
  if (query.productId !== undefined) base = base.where('product_id', '=', parseRowId(query.productId) ?? -1);
  if (query.currencyId !== undefined) base = base.where('currency_id', '=', parseRowId(query.currencyId) ?? -1);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select([...FEE_COLUMNS])
    .orderBy(query.sort.column, query.sort.direction)
    .orderBy('id', query.sort.direction)
    .offset(query.paging.offset)
    .limit(query.paging.size)
    .execute();
  return { rows: rows.map(record), total: Number(count) };
}

async function findFeeRow(db: Db, tenantId: string, id: string): Promise<FeeRow | undefined> {
  const key = parseRowId(id);
  if (key === undefined) return undefined;
  return db.selectFrom('fee_details').select([...FEE_COLUMNS]).where('id', '=', key).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function getFeeDetail(db: Db, tenantId: string, id: string): Promise<FeeDetailRecord> {
  const row = await findFeeRow(db, tenantId, id);
  if (!row) throw notFound();
  return record(row);
}

/** The settings currencies (listCurrencies) by id, for a list's `included`. */
export async function settingsCurrenciesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('currencies').select(['id', 'name', 'code', 'symbol']).where('id', 'in', [...new Set(ids)]).where('product_id', 'is', null).orderBy('id').execute();
}

async function settingsCurrencyKey(db: Db, id: string): Promise<number | undefined> {
  const key = parseRowId(id);
  if (key === undefined) return undefined;
  return (await db.selectFrom('currencies').select('id').where('id', '=', key).where('product_id', 'is', null).executeTakeFirst())?.id;
}

/** Fee values as sent: JSON numbers or decimal strings (the contract), read exactly. */
export interface FeeValuesInput {
  minAmount?: unknown;
  maxAmount?: unknown;
  isPercent?: boolean | undefined;
  defaultValue?: unknown;
  partnerValue?: unknown;
}

const VALUE_FIELDS = ['minAmount', 'maxAmount', 'defaultValue', 'partnerValue'] as const;
type ValueField = (typeof VALUE_FIELDS)[number];
type FeeValues = Record<ValueField, bigint> & { isPercent: boolean };

function readFeeValue(value: unknown): bigint | undefined {
  const scaled = readDecimal(value, FEE_SCALE);
  return scaled !== undefined && scaled >= MIN_FEE && scaled <= MAX_FEE ? scaled : undefined;
}

/** IC §5 on the values a fee detail ends with: each a number of at least 1, min not above max, percentages at most 100. */
function feeValues(input: FeeValuesInput, current: FeeValues | undefined, reasons: RefusalReason[]): FeeValues | undefined {
  const values: Partial<Record<ValueField, bigint>> = {};
  for (const field of VALUE_FIELDS) {
    if (input[field] === undefined && current) {
      values[field] = current[field];
      continue;
    }
    const value = readFeeValue(input[field]);
    if (value === undefined) reasons.push({ field, message: FEE_VALUE_MESSAGE });
    else values[field] = value;
  }
  const isPercent = input.isPercent ?? current?.isPercent ?? false;
  const { minAmount, maxAmount, defaultValue, partnerValue } = values;
  if (minAmount === undefined || maxAmount === undefined || defaultValue === undefined || partnerValue === undefined) return undefined;
  if (minAmount > maxAmount) reasons.push({ field: 'maxAmount', message: 'The maximum amount may not be below the minimum amount' });
  if (isPercent) {
    if (defaultValue > MAX_PERCENT) reasons.push({ field: 'defaultValue', message: 'A percentage is at most 100' });
    if (partnerValue > MAX_PERCENT) reasons.push({ field: 'partnerValue', message: 'A percentage is at most 100' });
  }
  return { minAmount, maxAmount, defaultValue, partnerValue, isPercent };
}

async function refuseOverlap(db: Db, band: { tenantId: string; productId: number; currencyId: number; min: bigint; max: bigint; except?: number }): Promise<void> {
  let query = db
    .selectFrom('fee_details')
    .select(['id', 'min_minor', 'max_minor'])
    .where('tenant_id', '=', band.tenantId)
    .where('product_id', '=', band.productId)
    .where('currency_id', '=', band.currencyId)
    .where('min_minor', '<=', Number(band.max))
    .where('max_minor', '>=', Number(band.min));
  if (band.except !== undefined) query = query.where('id', '!=', band.except);
  const other = await query.executeTakeFirst();
  if (other) {
    throw new DomainRefusal('conflict', { field: 'minAmount', message: `The band overlaps fee detail ${other.id}`, code: 'fee_band_overlap' });
  }
}

export interface CreateFeeDetailInput extends FeeValuesInput {
  ProductId: string;
  CurrencyId: string;
}

/** POST api/v1/feedetail (IC §5): a band of a product of the tenant in a settings currency. */
export async function createFeeDetail(db: Db, actor: CatalogueActor, input: CreateFeeDetailInput): Promise<FeeDetailRecord> {
  requireCatalogueEditor(actor);
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const reasons: RefusalReason[] = [];
    const values = feeValues(input, undefined, reasons);
    const product = await findProduct(trx, actor.tenantId, input.ProductId);
    if (!product) reasons.push({ field: 'ProductId', message: 'Please select a Product' });
    const currencyId = await settingsCurrencyKey(trx, input.CurrencyId);
    if (currencyId === undefined) reasons.push({ field: 'CurrencyId', message: 'No such currency' });
    if (reasons.length > 0 || !values || !product || currencyId === undefined) throw new DomainRefusal('invalid', reasons);
    const productId = Number(product.id);
    await refuseOverlap(trx, { tenantId: actor.tenantId, productId, currencyId, min: values.minAmount, max: values.maxAmount });
    const now = actor.now.toISOString();
    const { id } = await trx
      .insertInto('fee_details')
      .values({
        tenant_id: actor.tenantId,
        product_id: productId,
        currency_id: currencyId,
        min_minor: Number(values.minAmount),
        max_minor: Number(values.maxAmount),
        is_percent: values.isPercent ? 1 : 0,
        default_minor: Number(values.defaultValue),
        partner_minor: Number(values.partnerValue),
        created: now,
        updated: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getFeeDetail(trx, actor.tenantId, String(id));
    await change({ action: 'feedetail.create', entity: 'feedetail', entityId: id, after });
    return after;
  });
}

/** PATCH feedetail/{id}: only the values sent change; the rules hold for the result. */
export async function updateFeeDetail(db: Db, actor: CatalogueActor, id: string, input: FeeValuesInput): Promise<FeeDetailRecord> {
  requireCatalogueEditor(actor);
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const row = await findFeeRow(trx, actor.tenantId, id);
    if (!row) throw notFound();
    const before = record(row);
    const current: FeeValues = {
      minAmount: BigInt(before.minAmount),
      maxAmount: BigInt(before.maxAmount),
      defaultValue: BigInt(before.defaultValue),
      partnerValue: BigInt(before.partnerValue),
      isPercent: before.isPercent,
    };
    const reasons: RefusalReason[] = [];
    const values = feeValues(input, current, reasons);
    if (reasons.length > 0 || !values) throw new DomainRefusal('invalid', reasons);
    await refuseOverlap(trx, { tenantId: actor.tenantId, productId: row.product_id, currencyId: row.currency_id, min: values.minAmount, max: values.maxAmount, except: row.id });
    await trx
      .updateTable('fee_details')
      .set({
        min_minor: Number(values.minAmount),
        max_minor: Number(values.maxAmount),
        is_percent: values.isPercent ? 1 : 0,
        default_minor: Number(values.defaultValue),
        partner_minor: Number(values.partnerValue),
        updated: actor.now.toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    const after = await getFeeDetail(trx, actor.tenantId, id);
    await change({ action: 'feedetail.update', entity: 'feedetail', entityId: row.id, before, after });
    return after;
  });
}

export async function deleteFeeDetail(db: Db, actor: CatalogueActor, id: string): Promise<void> {
  requireCatalogueEditor(actor);
  await unitOfWork(db, actor, async ({ db: trx, change }) => {
    const row = await findFeeRow(trx, actor.tenantId, id);
    if (!row) throw notFound();
    await trx.deleteFrom('fee_details').where('id', '=', row.id).execute();
    await change({ action: 'feedetail.delete', entity: 'feedetail', entityId: row.id, before: record(row) });
  });
}

/** POST api/v1/fees (IC §2, §7): every fee detail of the chosen product and currency, by minimum amount; writes nothing. */
export async function selectFees(db: Db, tenantId: string, input: { ProductId: string; CurrencyId: string }): Promise<FeeDetailRecord[]> {
  const reasons: RefusalReason[] = [];
  const product = await findProduct(db, tenantId, input.ProductId);
  if (!product) reasons.push({ field: 'ProductId', message: 'Please select a Product' });
  const currencyId = await settingsCurrencyKey(db, input.CurrencyId);
  if (currencyId === undefined) reasons.push({ field: 'CurrencyId', message: 'No such currency' });
  if (reasons.length > 0 || !product || currencyId === undefined) throw new DomainRefusal('invalid', reasons);
  const rows = await db
    .selectFrom('fee_details')
    .select([...FEE_COLUMNS])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', Number(product.id))
    .where('currency_id', '=', currencyId)
    .orderBy('min_minor')
    .orderBy('id')
    .execute();
  return rows.map(record);
}
