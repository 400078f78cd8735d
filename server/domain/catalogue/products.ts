// Products of a tenant's catalogue and their settings lists (identity-and-catalogue §2, §3, §5, §7).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CurrencyDirection } from '../../db/schema.ts';
import { containsInsensitive } from '../../db/text.ts';
import { unitOfWork } from '../unit-of-work.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { DomainRefusal, type RefusalReason } from '../refusal.ts';
import { parseRowId } from '../users/ids.ts';
import { isBlank, requireCatalogueEditor, type CatalogueActor } from './access.ts';

export interface ProductRecord {
  id: string;
  title: string;
  subTitle: string;
  /** The product type's name. */
  type: string;
  backgroundUrl: string | null;
  created: string;
}

export interface CurrencyEntry {
  id: string;
  name: string;
  code: string;
  symbol: string;
}

export interface PaymentOptionEntry {
  id: string;
  paymentMethod: string;
  description: string;
}

export interface ServiceEntry {
  id: string;
  name: string;
  description: string;
  icon: string | null;
}

/** IC §2 settings lists, under the spec's keys' meaning, each in creation order. */
export interface ProductSettings {
  sendingCurrencies: CurrencyEntry[];
  receivingCurrencies: CurrencyEntry[];
  paymentOptions: PaymentOptionEntry[];
  services: ServiceEntry[];
}

export type ProductDetail = ProductRecord & ProductSettings;

export type ProductSortColumn = 'title' | 'type' | 'created';

/** IC §5 messages, as the spec words them. */
export const PRODUCT_MESSAGES = { title: 'Invalid Title', subTitle: 'Invalid Subtitle', type: 'Invalid Type' } as const;

const notFound = () => new DomainRefusal('not_found', { message: 'Product not found' });

function productQuery(db: Db, tenantId: string) {
  return db
    .selectFrom('products')
    .innerJoin('product_types', 'product_types.id', 'products.product_type_id')
    .where('products.tenant_id', '=', tenantId);
}

const PRODUCT_COLUMNS = [
  'products.id',
  'products.title',
  'products.sub_title',
  'products.background_url',
  'products.created',
  'product_types.name as type_name',
] as const;

function record(row: { id: number; title: string; sub_title: string | null; background_url: string | null; created: string; type_name: string }): ProductRecord {
  return { id: String(row.id), title: row.title, subTitle: row.sub_title ?? '', type: row.type_name, backgroundUrl: row.background_url, created: row.created };
}

/** GET api/v1/product (IC §7): the tenant's products, paged, sorted and filtered. */
export async function listProducts(
  db: Db,
  tenantId: string,
  query: { filters: { title?: string | undefined; type?: string | undefined }; paging: Paging; sort: Sort<ProductSortColumn> },
): Promise<Page<ProductRecord>> {
  let base = productQuery(db, tenantId);
  if (query.filters.title) base = base.where(containsInsensitive(sql.ref('products.title'), query.filters.title));
  if (query.filters.type) base = base.where('product_types.name', '=', query.filters.type);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const sortColumn = { title: 'products.title', type: 'product_types.name', created: 'products.created' } as const;
  const rows = await base
    .select([...PRODUCT_COLUMNS])
    .orderBy(sortColumn[query.sort.column], query.sort.direction)
    .orderBy('products.id', query.sort.direction)
    .offset(query.paging.offset)
    .limit(query.paging.size)
    .execute();
  return { rows: rows.map(record), total: Number(count) };
}

/** The tenant's product with this wire id, or undefined (another tenant's is not found, as if it did not exist). */
export async function findProduct(db: Db, tenantId: string, id: string): Promise<ProductRecord | undefined> {
  const key = parseRowId(id);
  if (key === undefined) return undefined;
  const row = await productQuery(db, tenantId).select([...PRODUCT_COLUMNS]).where('products.id', '=', key).executeTakeFirst();
  return row ? record(row) : undefined;
}

/** The tenant's products by id (for a list's `included`). */
export async function productsByIds(db: Db, tenantId: string, ids: readonly number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await productQuery(db, tenantId).select([...PRODUCT_COLUMNS]).where('products.id', 'in', [...new Set(ids)]).orderBy('products.id').execute();
  return rows.map(record);
}

export async function productSettings(db: Db, productId: number): Promise<ProductSettings> {
  const currencies = await db
    .selectFrom('product_currencies')
    .select(['id', 'direction', 'name', 'code', 'symbol'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
  const entry = (direction: CurrencyDirection) =>
    currencies.filter((row) => row.direction === direction).map((row) => ({ id: String(row.id), name: row.name, code: row.code, symbol: row.symbol }));
  const options = await db
    .selectFrom('payment_options')
    .innerJoin('payment_methods', 'payment_methods.id', 'payment_options.payment_method_id')
    .select(['payment_options.id', 'payment_methods.name', 'payment_options.description'])
    .where('payment_options.product_id', '=', productId)
    .orderBy('payment_options.id')
    .execute();
  const services = await db
    .selectFrom('services')
    .select(['id', 'name', 'description', 'icon'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
  return {
    sendingCurrencies: entry('sending'),
    receivingCurrencies: entry('receiving'),
    paymentOptions: options.map((row) => ({ id: String(row.id), paymentMethod: row.name, description: row.description })),
    services: services.map((row) => ({ id: String(row.id), name: row.name, description: row.description ?? '', icon: row.icon })),
  };
}

/** GET api/v1/product/{id}: the product with its settings lists; another tenant's is not found. */
export async function getProduct(db: Db, tenantId: string, id: string): Promise<ProductDetail> {
  const product = await findProduct(db, tenantId, id);
  if (!product) throw notFound();
  return { ...product, ...(await productSettings(db, Number(product.id))) };
}

export interface ProductInput {
  title?: string | undefined;
  subTitle?: string | undefined;
  type?: string | undefined;
  backgroundUrl?: string | null | undefined;
}

async function productTypeId(db: Db, name: string | undefined): Promise<number | undefined> {
  if (name === undefined) return undefined;
  return (await db.selectFrom('product_types').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

/** POST api/v1/product (IC §5: title, subtitle and a product type, in the spec's words); starts with empty settings. */
export async function createProduct(db: Db, actor: CatalogueActor, input: ProductInput): Promise<ProductDetail> {
  requireCatalogueEditor(actor);
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const reasons: RefusalReason[] = [];
    if (isBlank(input.title)) reasons.push({ field: 'title', message: PRODUCT_MESSAGES.title });
    if (isBlank(input.subTitle)) reasons.push({ field: 'subTitle', message: PRODUCT_MESSAGES.subTitle });
    const typeId = await productTypeId(trx, input.type);
    if (typeId === undefined) reasons.push({ field: 'type', message: PRODUCT_MESSAGES.type });
    if (reasons.length > 0 || typeId === undefined) throw new DomainRefusal('invalid', reasons);
    const { id } = await trx
      .insertInto('products')
      .values({
        tenant_id: actor.tenantId,
        title: (input.title ?? '').trim(),
        sub_title: (input.subTitle ?? '').trim(),
        product_type_id: typeId,
        background_url: input.backgroundUrl ?? null,
        created: actor.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getProduct(trx, actor.tenantId, String(id));
    await change({ action: 'product.create', entity: 'product', entityId: id, after });
    return after;
  });
}

/** PATCH api/v1/product/{id}: title, subtitle and background only (IC §2: the type is read-only). */
export async function updateProduct(db: Db, actor: CatalogueActor, id: string, input: Omit<ProductInput, 'type'>): Promise<ProductDetail> {
  requireCatalogueEditor(actor);
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const before = await findProduct(trx, actor.tenantId, id);
    if (!before) throw notFound();
    const reasons: RefusalReason[] = [];
    if (input.title !== undefined && isBlank(input.title)) reasons.push({ field: 'title', message: PRODUCT_MESSAGES.title });
    if (input.subTitle !== undefined && isBlank(input.subTitle)) reasons.push({ field: 'subTitle', message: PRODUCT_MESSAGES.subTitle });
    if (reasons.length > 0) throw new DomainRefusal('invalid', reasons);
    const changes = {
      ...(input.title === undefined ? {} : { title: input.title.trim() }),
      ...(input.subTitle === undefined ? {} : { sub_title: input.subTitle.trim() }),
      ...(input.backgroundUrl === undefined ? {} : { background_url: input.backgroundUrl }),
    };
    if (Object.keys(changes).length > 0) await trx.updateTable('products').set(changes).where('id', '=', Number(before.id)).execute();
    const after = await getProduct(trx, actor.tenantId, id);
    await change({ action: 'product.update', entity: 'product', entityId: before.id, before, after });
    return after;
  });
}
