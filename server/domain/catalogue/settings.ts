// A product's settings entries (identity-and-catalogue §2: sending and receiving currencies, payment options and
// services; each is created, then confirmed, and deleted through a dialog): create and delete, each with its audit row.
import type { Db } from '../../db/connection.ts';
import type { CurrencyDirection } from '../../db/schema.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { DomainRefusal, type RefusalReason } from '../refusal.ts';
import { parseRowId } from '../users/ids.ts';
import { isBlank, requireCatalogueEditor, type CatalogueActor } from './access.ts';
import { findProduct } from './products.ts';

/** The audit entity of each settings kind, as the contract names them. */
const CURRENCY_ENTITY: Record<CurrencyDirection, 'sendingcurrency' | 'receivingcurrency'> = {
  sending: 'sendingcurrency',
  receiving: 'receivingcurrency',
};

export interface ProductCurrencyRecord {
  id: string;
  name: string;
  code: string;
  symbol: string;
  productId: string;
}

export interface PaymentOptionRecord {
  id: string;
  paymentMethod: string;
  description: string;
  productId: string;
}

export interface ServiceRecord {
  id: string;
  name: string;
  description: string;
  icon: string | null;
  productId: string;
}

const notFound = (what: string) => new DomainRefusal('not_found', { message: `${what} not found` });

/** The key of the tenant's product `productId`, once every rule of the body holds; else one refusal naming each field. */
async function productKey(db: Db, tenantId: string, productId: string, reasons: RefusalReason[]): Promise<number> {
  const product = await findProduct(db, tenantId, productId);
  if (!product) reasons.push({ field: 'productId', message: 'No such product' });
  if (reasons.length > 0 || !product) throw new DomainRefusal('invalid', reasons);
  return Number(product.id);
}

// ---------- currencies ----------

export interface ProductCurrencyInput {
  name: string;
  code: string;
  symbol: string;
  productId: string;
}

/** POST sendingcurrency / receivingcurrency (IC §5: name, code and symbol required); one entry per code. */
export async function createProductCurrency(db: Db, actor: CatalogueActor, direction: CurrencyDirection, input: ProductCurrencyInput): Promise<ProductCurrencyRecord> {
  requireCatalogueEditor(actor);
  const reasons: RefusalReason[] = [];
  if (isBlank(input.name)) reasons.push({ field: 'name', message: 'Name is required' });
  if (!/^[A-Z]{3}$/.test(input.code)) reasons.push({ field: 'code', message: 'Code is required (ISO 4217, e.g. USD)' });
  if (isBlank(input.symbol)) reasons.push({ field: 'symbol', message: 'Symbol is required' });
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const productId = await productKey(trx, actor.tenantId, input.productId, reasons);
    const taken = await trx
      .selectFrom('product_currencies')
      .select('id')
      .where('product_id', '=', productId)
      .where('direction', '=', direction)
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (taken) {
      throw new DomainRefusal('conflict', { field: 'code', message: `The product already has the ${direction} currency ${input.code}`, code: 'currency_exists' });
    }
    const { id } = await trx
      .insertInto('product_currencies')
      .values({ product_id: productId, direction, name: input.name.trim(), code: input.code, symbol: input.symbol.trim(), created: actor.now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after: ProductCurrencyRecord = { id: String(id), name: input.name.trim(), code: input.code, symbol: input.symbol.trim(), productId: String(productId) };
    const entity = CURRENCY_ENTITY[direction];
    await change({ action: `${entity}.create`, entity, entityId: id, after });
    return after;
  });
}

/** DELETE sendingcurrency/{id} / receivingcurrency/{id}: not while a forex pair of the product uses it. */
export async function deleteProductCurrency(db: Db, actor: CatalogueActor, direction: CurrencyDirection, id: string): Promise<void> {
  requireCatalogueEditor(actor);
  const key = parseRowId(id);
  await unitOfWork(db, actor, async ({ db: trx, change }) => {
    const row =
      key === undefined
        ? undefined
        : await trx
            .selectFrom('product_currencies')
            .innerJoin('products', 'products.id', 'product_currencies.product_id')
            .select(['product_currencies.id', 'product_currencies.name', 'product_currencies.code', 'product_currencies.symbol', 'product_currencies.product_id'])
            .where('product_currencies.id', '=', key)
            .where('product_currencies.direction', '=', direction)
            .where('products.tenant_id', '=', actor.tenantId)
            .executeTakeFirst();
    if (!row) throw notFound('Currency');
    const column = direction === 'sending' ? 'sending_currency_id' : 'receiving_currency_id';
    if (await trx.selectFrom('forex_pairs').select('id').where(column, '=', row.id).executeTakeFirst()) {
      throw new DomainRefusal('conflict', { message: `A forex pair uses ${row.code}; remove the pair first`, code: 'in_use' });
    }
    await trx.deleteFrom('product_currencies').where('id', '=', row.id).execute();
    const entity = CURRENCY_ENTITY[direction];
    const before: ProductCurrencyRecord = { id: String(row.id), name: row.name, code: row.code, symbol: row.symbol, productId: String(row.product_id) };
    await change({ action: `${entity}.delete`, entity, entityId: row.id, before });
  });
}

// ---------- payment methods and options ----------

/** The shared payment methods sorted by name; with a product, only those its options name (none for another tenant's). */
export async function listPaymentMethods(db: Db, tenantId: string, productId?: string): Promise<Array<{ id: string; name: string }>> {
  let query = db.selectFrom('payment_methods').select(['payment_methods.id', 'payment_methods.name']);
  if (productId !== undefined) {
    const key = parseRowId(productId) ?? -1;
    query = query
      .innerJoin('payment_options', 'payment_options.payment_method_id', 'payment_methods.id')
      .innerJoin('products', 'products.id', 'payment_options.product_id')
      .where('payment_options.product_id', '=', key)
      .where('products.tenant_id', '=', tenantId);
  }
  const rows = await query.orderBy('payment_methods.name').execute();
  return rows.map((row) => ({ id: String(row.id), name: row.name }));
}

export interface PaymentOptionInput {
  paymentMethod: string;
  description: string;
  productId: string;
}

/** POST paymentoption (IC §5: a payment method, and a description, else 'Description Required'). */
export async function createPaymentOption(db: Db, actor: CatalogueActor, input: PaymentOptionInput): Promise<PaymentOptionRecord> {
  requireCatalogueEditor(actor);
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const reasons: RefusalReason[] = [];
    const method = isBlank(input.paymentMethod)
      ? undefined
      : await trx.selectFrom('payment_methods').select(['id', 'name']).where('name', '=', input.paymentMethod.trim()).executeTakeFirst();
    if (!method) reasons.push({ field: 'paymentMethod', message: 'Choose a payment method' });
    if (isBlank(input.description)) reasons.push({ field: 'description', message: 'Description Required' });
    const productId = await productKey(trx, actor.tenantId, input.productId, reasons);
    if (!method) throw new DomainRefusal('invalid', reasons);
    const taken = await trx.selectFrom('payment_options').select('id').where('product_id', '=', productId).where('payment_method_id', '=', method.id).executeTakeFirst();
    if (taken) {
      throw new DomainRefusal('conflict', { field: 'paymentMethod', message: `The product already offers ${method.name}`, code: 'payment_option_exists' });
    }
    const description = input.description.trim();
    const { id } = await trx
      .insertInto('payment_options')
      .values({ product_id: productId, payment_method_id: method.id, description, created: actor.now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after: PaymentOptionRecord = { id: String(id), paymentMethod: method.name, description, productId: String(productId) };
    await change({ action: 'paymentoption.create', entity: 'paymentoption', entityId: id, after });
    return after;
  });
}

export async function deletePaymentOption(db: Db, actor: CatalogueActor, id: string): Promise<void> {
  requireCatalogueEditor(actor);
  const key = parseRowId(id);
  await unitOfWork(db, actor, async ({ db: trx, change }) => {
    const row =
      key === undefined
        ? undefined
        : await trx
            .selectFrom('payment_options')
            .innerJoin('products', 'products.id', 'payment_options.product_id')
            .innerJoin('payment_methods', 'payment_methods.id', 'payment_options.payment_method_id')
            .select(['payment_options.id', 'payment_methods.name', 'payment_options.description', 'payment_options.product_id'])
            .where('payment_options.id', '=', key)
            .where('products.tenant_id', '=', actor.tenantId)
            .executeTakeFirst();
    if (!row) throw notFound('Payment option');
    await trx.deleteFrom('payment_options').where('id', '=', row.id).execute();
    const before: PaymentOptionRecord = { id: String(row.id), paymentMethod: row.name, description: row.description, productId: String(row.product_id) };
    await change({ action: 'paymentoption.delete', entity: 'paymentoption', entityId: row.id, before });
  });
}

// ---------- services ----------

export interface ServiceInput {
  name: string;
  description: string;
  icon?: string | undefined;
  productId: string;
}

/** POST service (IC §5: name, else 'Name Required', and description); one service of a name per product. */
export async function createService(db: Db, actor: CatalogueActor, input: ServiceInput): Promise<ServiceRecord> {
  requireCatalogueEditor(actor);
  const reasons: RefusalReason[] = [];
  if (isBlank(input.name)) reasons.push({ field: 'name', message: 'Name Required' });
  if (isBlank(input.description)) reasons.push({ field: 'description', message: 'Description is required' });
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const productId = await productKey(trx, actor.tenantId, input.productId, reasons);
    const name = input.name.trim();
    const siblings = await trx.selectFrom('services').select('name').where('product_id', '=', productId).execute();
    if (siblings.some((row) => row.name.toLowerCase() === name.toLowerCase())) {
      throw new DomainRefusal('conflict', { field: 'name', message: `The product already has the service ${name}`, code: 'service_exists' });
    }
    const description = input.description.trim();
    const icon = input.icon ?? null;
    const { id } = await trx
      .insertInto('services')
      .values({ name, description, icon, transaction_type: null, product_id: productId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after: ServiceRecord = { id: String(id), name, description, icon, productId: String(productId) };
    await change({ action: 'service.create', entity: 'service', entityId: id, after });
    return after;
  });
}

/** DELETE service/{id}: not while wallet transactions name it (they keep their history). */
export async function deleteService(db: Db, actor: CatalogueActor, id: string): Promise<void> {
  requireCatalogueEditor(actor);
  const key = parseRowId(id);
  await unitOfWork(db, actor, async ({ db: trx, change }) => {
    const row =
      key === undefined
        ? undefined
        : await trx
            .selectFrom('services')
            .innerJoin('products', 'products.id', 'services.product_id')
            .select(['services.id', 'services.name', 'services.description', 'services.icon', 'services.product_id'])
            .where('services.id', '=', key)
            .where('products.tenant_id', '=', actor.tenantId)
            .executeTakeFirst();
    if (!row) throw notFound('Service');
    if (await trx.selectFrom('wallet_transactions').select('id').where('service_id', '=', row.id).executeTakeFirst()) {
      throw new DomainRefusal('conflict', { message: `Wallet transactions name the service ${row.name}`, code: 'in_use' });
    }
    await trx.deleteFrom('services').where('id', '=', row.id).execute();
    const before: ServiceRecord = { id: String(row.id), name: row.name, description: row.description ?? '', icon: row.icon, productId: String(row.product_id) };
    await change({ action: 'service.delete', entity: 'service', entityId: row.id, before });
  });
}
