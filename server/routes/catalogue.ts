// The catalogue of the token's tenant (identity-and-catalogue §2 to §7): products and their settings lists, payment
// methods, fee details and the fee selection, forex pairs.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import { attributesOf } from '../domain/users/rules.ts';
import type { CatalogueActor } from '../domain/catalogue/access.ts';
import { formatScaled } from '../domain/catalogue/decimal.ts';
import {
  createFeeDetail,
  deleteFeeDetail,
  getFeeDetail,
  listFeeDetails,
  selectFees,
  settingsCurrenciesByIds,
  updateFeeDetail,
  type FeeDetailRecord,
} from '../domain/catalogue/fees.ts';
import { listForex, saveForex, type ForexRecord } from '../domain/catalogue/forex.ts';
import { createProduct, getProduct, listProducts, productsByIds, PRODUCT_MESSAGES, updateProduct, type ProductDetail, type ProductRecord } from '../domain/catalogue/products.ts';
import {
  createPaymentOption,
  createProductCurrency,
  createService,
  deletePaymentOption,
  deleteProductCurrency,
  deleteService,
  listPaymentMethods,
} from '../domain/catalogue/settings.ts';
import { HttpError, filterText, listDocument, listMeta, parseInclude, parsePaging, parseSort, resource, textFilters } from '../http/jsonapi.ts';
import type { BodyChecks, Handlers, Schema } from './types.ts';

const FEE_INCLUDES = ['product', 'currency'] as const;
/** IC §9: settings tables use page size 20. */
const SETTINGS_PAGE_SIZE = 20;

function actorOf(request: FastifyRequest): CatalogueActor {
  const session = sessionOf(request);
  return { userId: session.userId, tenantId: session.tenantId, roles: session.roles, now: request.server.teller.now() };
}

function productResource(product: ProductRecord): Schema<'Product'> {
  return resource('product', product.id, { title: product.title, subTitle: product.subTitle, type: product.type, backgroundUrl: product.backgroundUrl });
}

function productDetailDocument(product: ProductDetail): Schema<'ProductDetailDocument'> {
  return {
    data: resource('product', product.id, {
      title: product.title,
      subTitle: product.subTitle,
      type: product.type,
      backgroundUrl: product.backgroundUrl,
      // IC §2: the settings keys as the spec names them.
      SendingCurrency: product.sendingCurrencies,
      ReceivingCurrency: product.receivingCurrencies,
      PaymentOption: product.paymentOptions,
      Service: product.services,
    }),
  };
}

const money = (minor: number) => formatScaled(BigInt(minor), 2);

function feeResource(fee: FeeDetailRecord, include: ReadonlySet<string>): Schema<'FeeDetail'> {
  const relationships: NonNullable<Schema<'FeeDetail'>['relationships']> = {
    ...(include.has('product') ? { product: { data: { type: 'product', id: fee.productId } } } : {}),
    ...(include.has('currency') ? { currency: { data: { type: 'currency', id: fee.currencyId } } } : {}),
  };
  return resource(
    'feedetail',
    fee.id,
    {
      minAmount: money(fee.minAmount),
      maxAmount: money(fee.maxAmount),
      isPercent: fee.isPercent,
      defaultValue: money(fee.defaultValue),
      partnerValue: money(fee.partnerValue),
      productId: fee.productId,
      currencyId: fee.currencyId,
      created: fee.created,
    },
    include.size > 0 ? relationships : undefined,
  );
}

/** The product and settings currency resources the fee details name, for `included`. */
async function feeIncluded(request: FastifyRequest, tenantId: string, fees: readonly FeeDetailRecord[], include: ReadonlySet<string>): Promise<Schema<'FeeDetailIncluded'>[]> {
  const included: Schema<'FeeDetailIncluded'>[] = [];
  if (include.has('product')) {
    const products = await productsByIds(request.server.db, tenantId, fees.map((fee) => Number(fee.productId)));
    included.push(...products.map(productResource));
  }
  if (include.has('currency')) {
    const currencies = await settingsCurrenciesByIds(request.server.db, fees.map((fee) => Number(fee.currencyId)));
    included.push(...currencies.map((row) => resource('currency', row.id, { name: row.name, code: row.code, symbol: row.symbol })));
  }
  return included;
}

function forexResource(forex: ForexRecord): Schema<'Forex'> {
  const { id, ...attributes } = forex;
  return resource('forex', id, attributes);
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * The IC §5 rules that have the spec's words, checked before the schema so the 422 says them: each field is
 * `required` (present and not blank) or `optional` (not blank when present).
 */
function spokenRules(rules: Record<string, { message: string; when: 'required' | 'optional' | 'absent' }>) {
  return async (body: unknown): Promise<void> => {
    const attributes = attributesOf(body);
    const broken: Record<string, string> = {};
    for (const [field, rule] of Object.entries(rules)) {
      const value = attributes[field];
      if (rule.when === 'absent') {
        if (value !== undefined) broken[field] = rule.message;
        continue;
      }
      if (rule.when === 'optional' && value === undefined) continue;
      if (!filled(value)) broken[field] = rule.message;
    }
    if (Object.keys(broken).length > 0) throw HttpError.invalidAttributes(broken);
  };
}

export const bodyChecks: BodyChecks = {
  createProduct: spokenRules({
    title: { message: PRODUCT_MESSAGES.title, when: 'required' },
    subTitle: { message: PRODUCT_MESSAGES.subTitle, when: 'required' },
    type: { message: PRODUCT_MESSAGES.type, when: 'required' },
  }),
  // IC §2, §7: the type is read-only, so an update that sends one is refused, not silently ignored.
  updateProduct: spokenRules({
    type: { message: 'The product type cannot change', when: 'absent' },
    title: { message: PRODUCT_MESSAGES.title, when: 'optional' },
    subTitle: { message: PRODUCT_MESSAGES.subTitle, when: 'optional' },
  }),
  createPaymentOption: spokenRules({ description: { message: 'Description Required', when: 'required' } }),
  createService: spokenRules({
    name: { message: 'Name Required', when: 'required' },
    description: { message: 'Description is required', when: 'required' },
  }),
  selectFees: spokenRules({ ProductId: { message: 'Please select a Product', when: 'required' } }),
};

export const handlers: Handlers = {
  async listProducts(request) {
    const session = sessionOf(request);
    const { query } = request;
    const paging = parsePaging(query);
    const sort = parseSort(query.sort, { title: 'title', type: 'type', created: 'created' } as const, 'title');
    const filters = textFilters({ title: query['filter[title]'], type: query['filter[type]'] });
    const { rows, total } = await listProducts(request.server.db, session.tenantId, { filters, paging, sort });
    return listDocument(rows.map(productResource), listMeta(paging, total));
  },

  async createProduct(request, reply) {
    const { data } = request.body;
    const product = await createProduct(request.server.db, actorOf(request), data.attributes);
    reply.code(201);
    return productDetailDocument(product);
  },

  async getProduct(request) {
    const session = sessionOf(request);
    return productDetailDocument(await getProduct(request.server.db, session.tenantId, request.params.id));
  },

  async updateProduct(request) {
    const { body } = request;
    const { id } = request.params;
    if (body.data.id !== undefined && body.data.id !== id) throw new HttpError(422, 'The id in the body is not the id in the path', { pointer: '/data/id' });
    return productDetailDocument(await updateProduct(request.server.db, actorOf(request), id, body.data.attributes));
  },

  async createSendingCurrency(request, reply) {
    const { data } = request.body;
    const { id, ...attributes } = await createProductCurrency(request.server.db, actorOf(request), 'sending', data.attributes);
    reply.code(201);
    return { data: resource('sendingcurrency', id, attributes) };
  },

  async deleteSendingCurrency(request, reply) {
    await deleteProductCurrency(request.server.db, actorOf(request), 'sending', request.params.id);
    return reply.code(204).send();
  },

  async createReceivingCurrency(request, reply) {
    const { data } = request.body;
    const { id, ...attributes } = await createProductCurrency(request.server.db, actorOf(request), 'receiving', data.attributes);
    reply.code(201);
    return { data: resource('receivingcurrency', id, attributes) };
  },

  async deleteReceivingCurrency(request, reply) {
    await deleteProductCurrency(request.server.db, actorOf(request), 'receiving', request.params.id);
    return reply.code(204).send();
  },

  async listPaymentMethods(request) {
    const session = sessionOf(request);
    const productId = filterText(request.query['filter[productId]']);
    const methods = await listPaymentMethods(request.server.db, session.tenantId, productId);
    return { data: methods.map((method) => resource('paymentmethod', method.id, { name: method.name })) };
  },

  async createPaymentOption(request, reply) {
    const { data } = request.body;
    const { id, ...attributes } = await createPaymentOption(request.server.db, actorOf(request), data.attributes);
    reply.code(201);
    return { data: resource('paymentoption', id, attributes) };
  },

  async deletePaymentOption(request, reply) {
    await deletePaymentOption(request.server.db, actorOf(request), request.params.id);
    return reply.code(204).send();
  },

  async createService(request, reply) {
    const { data } = request.body;
    const { id, ...attributes } = await createService(request.server.db, actorOf(request), data.attributes);
    reply.code(201);
    return { data: resource('service', id, attributes) };
  },

  async deleteService(request, reply) {
    await deleteService(request.server.db, actorOf(request), request.params.id);
    return reply.code(204).send();
  },

  async listFeeDetails(request) {
    const session = sessionOf(request);
    const { query } = request;
    const include = parseInclude(query.include, FEE_INCLUDES);
    const paging = parsePaging(query, { defaultSize: SETTINGS_PAGE_SIZE });
    const sort = parseSort(query.sort, { minAmount: 'min_minor', maxAmount: 'max_minor', created: 'created' } as const, 'minAmount');
    const filters = textFilters({ productId: query['filter[productId]'], currencyId: query['filter[currencyId]'] });
    const { rows, total } = await listFeeDetails(request.server.db, session.tenantId, { ...filters, paging, sort });
    return listDocument(
      rows.map((fee) => feeResource(fee, include)),
      listMeta(paging, total),
      await feeIncluded(request, session.tenantId, rows, include),
    );
  },

  async createFeeDetail(request, reply) {
    const { data } = request.body;
    const fee = await createFeeDetail(request.server.db, actorOf(request), data.attributes);
    reply.code(201);
    return { data: feeResource(fee, new Set()) };
  },

  async getFeeDetail(request) {
    const session = sessionOf(request);
    const include = parseInclude(request.query.include, FEE_INCLUDES);
    const fee = await getFeeDetail(request.server.db, session.tenantId, request.params.id);
    const included = await feeIncluded(request, session.tenantId, [fee], include);
    return included.length > 0 ? { data: feeResource(fee, include), included } : { data: feeResource(fee, include) };
  },

  async updateFeeDetail(request) {
    const { body } = request;
    const { id } = request.params;
    if (body.data.id !== undefined && body.data.id !== id) throw new HttpError(422, 'The id in the body is not the id in the path', { pointer: '/data/id' });
    return { data: feeResource(await updateFeeDetail(request.server.db, actorOf(request), id, body.data.attributes), new Set()) };
  },

  async deleteFeeDetail(request, reply) {
    await deleteFeeDetail(request.server.db, actorOf(request), request.params.id);
    return reply.code(204).send();
  },

  async selectFees(request) {
    const session = sessionOf(request);
    const { data } = request.body;
    const fees = await selectFees(request.server.db, session.tenantId, data.attributes);
    return listDocument(
      fees.map((fee) => feeResource(fee, new Set())),
      listMeta({ number: 1, size: Math.max(fees.length, 1), offset: 0 }, fees.length),
    );
  },

  async listForex(request) {
    const session = sessionOf(request);
    const pairs = await listForex(request.server.db, session.tenantId, request.query.productId);
    return { data: pairs.map(forexResource) };
  },

  async saveForex(request, reply) {
    const { data } = request.body;
    const { created, forex } = await saveForex(request.server.db, actorOf(request), data.attributes);
    if (created) reply.code(201);
    return { data: forexResource(forex) };
  },
};
