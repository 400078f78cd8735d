// Forex pairs of a product (identity-and-catalogue §2 forex cards, §3, §5, §7): one pair per sending (base) and
// receiving (quote) currency of the product; POST fx saves a pair, creating or updating it (the only update path).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { DomainRefusal, type RefusalReason } from '../refusal.ts';
import { parseRowId } from '../users/ids.ts';
import { requireCatalogueEditor, type CatalogueActor } from './access.ts';
import { formatScaled, readDecimal } from './decimal.ts';
import { findProduct } from './products.ts';

/** Rates and markups keep up to 6 decimals and are shown with 2 to 6. */
const RATE_SCALE = 6;
const RATE_MIN_DECIMALS = 2;
const MAX_RATE = 999_999_999_999_999_999n;
const HUNDRED = 100_000_000n;

export const DECIMAL_MESSAGE = 'A decimal number is required';

export interface ForexCurrency {
  id: string;
  symbol: string;
  code: string;
}

export interface ForexRecord {
  id: string;
  productId: string;
  baseCurrency: ForexCurrency;
  quoteCurrency: ForexCurrency;
  /** Decimal text with 2 to 6 decimals. */
  marketFx: string;
  defaultMarkup: string;
  partnerMarkup: string;
  isPercent: boolean;
  isAutoUpdate: boolean;
  created: string;
}

function pairQuery(db: Db) {
  return db
    .selectFrom('forex_pairs')
    .innerJoin('product_currencies as base', 'base.id', 'forex_pairs.sending_currency_id')
    .innerJoin('product_currencies as quote', 'quote.id', 'forex_pairs.receiving_currency_id')
    .select([
      'forex_pairs.id',
      'forex_pairs.product_id',
      'forex_pairs.market_fx',
      'forex_pairs.default_markup',
      'forex_pairs.partner_markup',
      'forex_pairs.is_percent',
      'forex_pairs.is_auto_update',
      'forex_pairs.created',
      'base.id as base_id',
      'base.code as base_code',
      'base.symbol as base_symbol',
      'quote.id as quote_id',
      'quote.code as quote_code',
      'quote.symbol as quote_symbol',
    ]);
}

type PairRow = Awaited<ReturnType<ReturnType<typeof pairQuery>['execute']>>[number];

function record(row: PairRow): ForexRecord {
  return {
    id: String(row.id),
    productId: String(row.product_id),
    baseCurrency: { id: String(row.base_id), symbol: row.base_symbol, code: row.base_code },
    quoteCurrency: { id: String(row.quote_id), symbol: row.quote_symbol, code: row.quote_code },
    marketFx: row.market_fx,
    defaultMarkup: row.default_markup,
    partnerMarkup: row.partner_markup,
    isPercent: row.is_percent === 1,
    isAutoUpdate: row.is_auto_update === 1,
    created: row.created,
  };
}

/** GET api/v1/fx?productId=: the product's pairs by base then quote code; another tenant's product is not found. */
export async function listForex(db: Db, tenantId: string, productId: string): Promise<ForexRecord[]> {
  const product = await findProduct(db, tenantId, productId);
  if (!product) throw new DomainRefusal('not_found', { message: 'Product not found' });
  const rows = await pairQuery(db)
    .where('forex_pairs.product_id', '=', Number(product.id))
    .orderBy(sql`base.code`)
    .orderBy(sql`quote.code`)
    .orderBy('forex_pairs.id')
    .execute();
  return rows.map(record);
}

export interface SaveForexInput {
  productId: string;
  sendingCurrencyId: string;
  receivingCurrencyId: string;
  MarketFx: unknown;
  DefaultMarkup: unknown;
  PartnerMarkup: unknown;
  IsPercent?: boolean | undefined;
  IsAutoUpdate?: boolean | undefined;
}

function rate(value: unknown, field: string, reasons: RefusalReason[]): bigint | undefined {
  const scaled = readDecimal(value, RATE_SCALE);
  if (scaled === undefined || scaled > MAX_RATE) {
    reasons.push({ field, message: DECIMAL_MESSAGE });
    return undefined;
  }
  return scaled;
}

async function productCurrency(db: Db, productId: number, direction: 'sending' | 'receiving', id: string): Promise<number | undefined> {
  const key = parseRowId(id);
  if (key === undefined) return undefined;
  const row = await db.selectFrom('product_currencies').select('id').where('id', '=', key).where('product_id', '=', productId).where('direction', '=', direction).executeTakeFirst();
  return row?.id;
}

/**
 * POST api/v1/fx: IC §5 on the rates (decimals, market rate above 0, markups 0 or more and at most 100 as
 * percentages); creates the pair (`created: true`) or updates it in place.
 */
export async function saveForex(db: Db, actor: CatalogueActor, input: SaveForexInput): Promise<{ created: boolean; forex: ForexRecord }> {
  requireCatalogueEditor(actor);
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const reasons: RefusalReason[] = [];
    const marketFx = rate(input.MarketFx, 'MarketFx', reasons);
    const defaultMarkup = rate(input.DefaultMarkup, 'DefaultMarkup', reasons);
    const partnerMarkup = rate(input.PartnerMarkup, 'PartnerMarkup', reasons);
    if (marketFx === 0n) reasons.push({ field: 'MarketFx', message: 'The market rate is above 0' });
    const isPercent = input.IsPercent ?? false;
    if (isPercent) {
      if (defaultMarkup !== undefined && defaultMarkup > HUNDRED) reasons.push({ field: 'DefaultMarkup', message: 'A percentage is at most 100' });
      if (partnerMarkup !== undefined && partnerMarkup > HUNDRED) reasons.push({ field: 'PartnerMarkup', message: 'A percentage is at most 100' });
    }
    const product = await findProduct(trx, actor.tenantId, input.productId);
    let sending: number | undefined;
    let receiving: number | undefined;
    if (!product) {
      reasons.push({ field: 'productId', message: 'Please select a Product' });
    } else {
      sending = await productCurrency(trx, Number(product.id), 'sending', input.sendingCurrencyId);
      if (sending === undefined) reasons.push({ field: 'sendingCurrencyId', message: 'Not a sending currency of the product' });
      receiving = await productCurrency(trx, Number(product.id), 'receiving', input.receivingCurrencyId);
      if (receiving === undefined) reasons.push({ field: 'receivingCurrencyId', message: 'Not a receiving currency of the product' });
    }
    if (
      reasons.length > 0 ||
      !product ||
      sending === undefined ||
      receiving === undefined ||
      marketFx === undefined ||
      defaultMarkup === undefined ||
      partnerMarkup === undefined
    ) {
      throw new DomainRefusal('invalid', reasons);
    }
    const productId = Number(product.id);
    const values = {
      market_fx: formatScaled(marketFx, RATE_SCALE, RATE_MIN_DECIMALS),
      default_markup: formatScaled(defaultMarkup, RATE_SCALE, RATE_MIN_DECIMALS),
      partner_markup: formatScaled(partnerMarkup, RATE_SCALE, RATE_MIN_DECIMALS),
      is_percent: isPercent ? 1 : 0,
      is_auto_update: input.IsAutoUpdate ? 1 : 0,
      updated: actor.now.toISOString(),
    };
    const existing = await pairQuery(trx)
      .where('forex_pairs.product_id', '=', productId)
      .where('forex_pairs.sending_currency_id', '=', sending)
      .where('forex_pairs.receiving_currency_id', '=', receiving)
      .executeTakeFirst();
    let id: number;
    if (existing) {
      id = existing.id;
      await trx.updateTable('forex_pairs').set(values).where('id', '=', id).execute();
    } else {
      id = (
        await trx
          .insertInto('forex_pairs')
          .values({ ...values, product_id: productId, sending_currency_id: sending, receiving_currency_id: receiving, created: values.updated })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const saved = await pairQuery(trx).where('forex_pairs.id', '=', id).executeTakeFirstOrThrow();
    const forex = record(saved);
    await change({
      action: existing ? 'forex.update' : 'forex.create',
      entity: 'forex',
      entityId: id,
      ...(existing ? { before: record(existing) } : {}),
      after: forex,
    });
    return { created: !existing, forex };
  });
}
