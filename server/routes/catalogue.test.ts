import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();

/** teller and naccug each have the demo catalogue (server/seed/catalogue.ts); officer@ is role 64 in naccug. */
async function start() {
  const gw = await startGateway();
  const session = await signIn(gw.app, 'super@demo.test');
  return { ...gw, teller: await tenantToken(gw.app, session, 'teller'), naccug: await tenantToken(gw.app, session, 'naccug') };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(app: FastifyInstance, token: string, method: Method, url: string, operationId: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  expectMatchesContract(res, operationId);
  return res;
}

function errors(res: LightMyRequestResponse): Array<[string, string]> {
  return (res.json() as { errors: Array<{ title: string; source?: { pointer?: string } }> }).errors
    .map((error): [string, string] => [error.source?.pointer ?? '', error.title])
    .sort(([a], [b]) => a.localeCompare(b));
}

async function productId(app: FastifyInstance, tenantId: string, title: string): Promise<string> {
  const row = await app.db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('title', '=', title).executeTakeFirstOrThrow();
  return String(row.id);
}

async function settingsCurrencyId(app: FastifyInstance, code: string): Promise<string> {
  const row = await app.db.selectFrom('currencies').select('id').where('code', '=', code).where('product_id', 'is', null).executeTakeFirstOrThrow();
  return String(row.id);
}

async function auditCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function lastAudit(app: FastifyInstance) {
  return app.db.selectFrom('audit_log').select(['action', 'entity', 'tenant_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe('products and their settings (identity-and-catalogue §2, §3, §5, §7)', () => {
  it('[IC-7.20] [IC-7.19] [IC-3.22] [IC-8.21] creates a product with empty settings lists and reads it with them', async () => {
    const gw = await start();
    const res = await call(gw.app, gw.teller, 'POST', '/api/v1/product', 'createProduct', { data: { type: 'Product', attributes: { title: 'Mobile Money Transfer', subTitle: 'Send to any mobile wallet', type: 'Remittance' } } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toEqual({ title: 'Mobile Money Transfer', subTitle: 'Send to any mobile wallet', type: 'Remittance', backgroundUrl: null, SendingCurrency: [], ReceivingCurrency: [], PaymentOption: [], Service: [] });
    expect(await lastAudit(gw.app)).toEqual({ action: 'product.create', entity: 'product', tenant_id: 'teller' });

    const cash = await call(gw.app, gw.teller, 'GET', `/api/v1/product/${await productId(gw.app, 'teller', 'Cash Pickup')}`, 'getProduct');
    const attributes = cash.json().data.attributes;
    expect(attributes.SendingCurrency.map((entry: { code: string }) => entry.code)).toEqual(['USD', 'EUR']);
    expect(attributes.ReceivingCurrency.map((entry: { code: string }) => entry.code)).toEqual(['GMD', 'NGN', 'SLE']);
    expect(attributes.PaymentOption.map((entry: { paymentMethod: string }) => entry.paymentMethod)).toEqual(['Bank Transfer', 'Cash']);
    expect(attributes.Service.map((entry: { name: string }) => entry.name)).toEqual(['Express', 'Scheduled']);
  });

  it('[IC-5.17] [IC-5.18] [IC-5.19] refuses a product with the spec\'s words per field and writes nothing', async () => {
    const gw = await start();
    const before = await auditCount(gw.app);
    const blank = await call(gw.app, gw.teller, 'POST', '/api/v1/product', 'createProduct', { data: { type: 'Product', attributes: { title: ' ', subTitle: 5 } } });
    expect(blank.statusCode).toBe(422);
    expect(errors(blank)).toEqual([['/data/attributes/subTitle', 'Invalid Subtitle'], ['/data/attributes/title', 'Invalid Title'], ['/data/attributes/type', 'Invalid Type']]);
    const unknownType = await call(gw.app, gw.teller, 'POST', '/api/v1/product', 'createProduct', { data: { type: 'Product', attributes: { title: 'A', subTitle: 'B', type: 'Lottery' } } });
    expect(errors(unknownType)).toEqual([['/data/attributes/type', 'Invalid Type']]);
    expect(await auditCount(gw.app)).toBe(before);
  });

  it('[IC-7.21] [IC-2.61] updates title, subtitle and background; the type is read-only; another tenant\'s product is not found', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Cash Pickup');
    const updated = await call(gw.app, gw.teller, 'PATCH', `/api/v1/product/${id}`, 'updateProduct', { data: { type: 'Product', id, attributes: { subTitle: 'Collect cash at any agent', backgroundUrl: '/images/cash.png' } } });
    expect(updated.json().data.attributes).toMatchObject({ title: 'Cash Pickup', subTitle: 'Collect cash at any agent', type: 'Payout', backgroundUrl: '/images/cash.png' });
    expect(await lastAudit(gw.app)).toEqual({ action: 'product.update', entity: 'product', tenant_id: 'teller' });
    const typed = await call(gw.app, gw.teller, 'PATCH', `/api/v1/product/${id}`, 'updateProduct', { data: { type: 'Product', attributes: { type: 'Loan', title: '' } } });
    expect(errors(typed)).toEqual([['/data/attributes/title', 'Invalid Title'], ['/data/attributes/type', 'The product type cannot change']]);
    expect((await call(gw.app, gw.naccug, 'GET', `/api/v1/product/${id}`, 'getProduct')).statusCode).toBe(404);
    expect((await call(gw.app, gw.naccug, 'PATCH', `/api/v1/product/${id}`, 'updateProduct', { data: { type: 'Product', attributes: { title: 'Mine' } } })).statusCode).toBe(404);
  });

  it('[IC-1.03] only roles 4 and 64 change the catalogue; every staff role reads it', async () => {
    const gw = await start();
    const body = { data: { type: 'Product', attributes: { title: 'Savings', subTitle: 'Member savings', type: 'Wallet' } } };
    const group = await signIn(gw.app, 'group@demo.test');
    const refused = await call(gw.app, group, 'POST', '/api/v1/product', 'createProduct', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('role_not_allowed');
    expect((await call(gw.app, group, 'GET', '/api/v1/product', 'listProducts')).json().meta.itemTotal).toBe(5);
    const officer = await signIn(gw.app, 'officer@demo.test');
    expect((await call(gw.app, officer, 'POST', '/api/v1/product', 'createProduct', body)).statusCode).toBe(201);
  });

  it('[IC-7.23] [IC-7.24] [IC-7.25] [IC-7.26] [IC-3.23] [IC-5.10] [IC-5.11] [IC-5.12] [IC-4.05] [IC-4.06] adds and removes sending and receiving currencies', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Mobile Wallet');
    const invalid = await call(gw.app, gw.teller, 'POST', '/api/v1/sendingcurrency', 'createSendingCurrency', { data: { type: 'SendingCurrency', attributes: { name: '', code: 'usd', symbol: ' ', productId: id } } });
    expect(errors(invalid).map(([pointer]) => pointer)).toEqual(['/data/attributes/code', '/data/attributes/name', '/data/attributes/symbol']);
    const sending = await call(gw.app, gw.teller, 'POST', '/api/v1/sendingcurrency', 'createSendingCurrency', { data: { type: 'SendingCurrency', attributes: { name: 'Euro', code: 'EUR', symbol: '€', productId: id } } });
    expect(sending.statusCode).toBe(201);
    expect(sending.json().data.attributes).toEqual({ name: 'Euro', code: 'EUR', symbol: '€', productId: id });
    const again = await call(gw.app, gw.teller, 'POST', '/api/v1/sendingcurrency', 'createSendingCurrency', { data: { type: 'SendingCurrency', attributes: { name: 'Euro', code: 'EUR', symbol: '€', productId: id } } });
    expect(again.json().errors[0].code).toBe('currency_exists');
    const receiving = await call(gw.app, gw.teller, 'POST', '/api/v1/receivingcurrency', 'createReceivingCurrency', { data: { type: 'ReceivingCurrency', attributes: { name: 'Naira', code: 'NGN', symbol: '₦', productId: id } } });
    expect(receiving.statusCode).toBe(201);

    expect((await call(gw.app, gw.naccug, 'DELETE', `/api/v1/sendingcurrency/${sending.json().data.id}`, 'deleteSendingCurrency')).statusCode).toBe(404);
    expect((await call(gw.app, gw.teller, 'DELETE', `/api/v1/receivingcurrency/${sending.json().data.id}`, 'deleteReceivingCurrency')).statusCode).toBe(404);
    expect((await call(gw.app, gw.teller, 'DELETE', `/api/v1/sendingcurrency/${sending.json().data.id}`, 'deleteSendingCurrency')).statusCode).toBe(204);
    expect(await lastAudit(gw.app)).toEqual({ action: 'sendingcurrency.delete', entity: 'sendingcurrency', tenant_id: 'teller' });
    expect((await call(gw.app, gw.teller, 'DELETE', `/api/v1/receivingcurrency/${receiving.json().data.id}`, 'deleteReceivingCurrency')).statusCode).toBe(204);

    const usedByForex = await gw.app.db.selectFrom('forex_pairs').innerJoin('products', 'products.id', 'forex_pairs.product_id').select('forex_pairs.sending_currency_id').where('products.tenant_id', '=', 'teller').executeTakeFirstOrThrow();
    const inUse = await call(gw.app, gw.teller, 'DELETE', `/api/v1/sendingcurrency/${usedByForex.sending_currency_id}`, 'deleteSendingCurrency');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errors[0].code).toBe('in_use');
  });

  it('[IC-7.27] [IC-7.28] [IC-7.29] [IC-3.24] [IC-5.13] [IC-5.14] lists payment methods and adds and removes payment options', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Send Money');
    const all = await call(gw.app, gw.teller, 'GET', '/api/v1/paymentmethod', 'listPaymentMethods');
    expect(all.json().data.map((entry: { attributes: { name: string } }) => entry.attributes.name)).toEqual(['Bank Transfer', 'Card', 'Cash', 'Mobile Money', 'Wallet']);
    const offered = await call(gw.app, gw.teller, 'GET', `/api/v1/paymentmethod?filter[productId]=${id}`, 'listPaymentMethods');
    expect(offered.json().data.map((entry: { attributes: { name: string } }) => entry.attributes.name)).toEqual(['Bank Transfer', 'Card']);
    expect((await call(gw.app, gw.naccug, 'GET', `/api/v1/paymentmethod?filter[productId]=${id}`, 'listPaymentMethods')).json().data).toEqual([]);

    const invalid = await call(gw.app, gw.teller, 'POST', '/api/v1/paymentoption', 'createPaymentOption', { data: { type: 'PaymentOption', attributes: { paymentMethod: ' ', description: '' } } });
    expect(errors(invalid).map(([pointer]) => pointer)).toEqual(['/data/attributes/description', '/data/attributes/paymentMethod', '/data/attributes/productId']);
    expect(errors(invalid)[0]?.[1]).toBe('Description Required');
    const barter = await call(gw.app, gw.teller, 'POST', '/api/v1/paymentoption', 'createPaymentOption', { data: { type: 'PaymentOption', attributes: { paymentMethod: 'Barter', description: 'Goats', productId: id } } });
    expect(errors(barter)).toEqual([['/data/attributes/paymentMethod', 'Choose a payment method']]);
    const created = await call(gw.app, gw.teller, 'POST', '/api/v1/paymentoption', 'createPaymentOption', { data: { type: 'PaymentOption', attributes: { paymentMethod: 'Mobile Money', description: 'Any network', productId: id } } });
    expect(created.json().data.attributes).toEqual({ paymentMethod: 'Mobile Money', description: 'Any network', productId: id });
    const twice = await call(gw.app, gw.teller, 'POST', '/api/v1/paymentoption', 'createPaymentOption', { data: { type: 'PaymentOption', attributes: { paymentMethod: 'Card', description: 'Again', productId: id } } });
    expect(twice.json().errors[0].code).toBe('payment_option_exists');
    const foreign = await call(gw.app, gw.naccug, 'POST', '/api/v1/paymentoption', 'createPaymentOption', { data: { type: 'PaymentOption', attributes: { paymentMethod: 'Cash', description: 'x', productId: id } } });
    expect(errors(foreign)).toEqual([['/data/attributes/productId', 'No such product']]);
    expect((await call(gw.app, gw.naccug, 'DELETE', `/api/v1/paymentoption/${created.json().data.id}`, 'deletePaymentOption')).statusCode).toBe(404);
    expect((await call(gw.app, gw.teller, 'DELETE', `/api/v1/paymentoption/${created.json().data.id}`, 'deletePaymentOption')).statusCode).toBe(204);
    expect(await lastAudit(gw.app)).toEqual({ action: 'paymentoption.delete', entity: 'paymentoption', tenant_id: 'teller' });
  });

  it('[IC-7.30] [IC-7.31] [IC-5.15] [IC-5.16] [IC-3.25] adds and removes services; one wallet transactions name stays', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Send Money');
    const invalid = await call(gw.app, gw.teller, 'POST', '/api/v1/service', 'createService', { data: { type: 'Service', attributes: { name: '', description: ' ', productId: id } } });
    expect(errors(invalid)).toEqual([['/data/attributes/description', 'Description is required'], ['/data/attributes/name', 'Name Required']]);
    const created = await call(gw.app, gw.teller, 'POST', '/api/v1/service', 'createService', { data: { type: 'Service', attributes: { name: 'Same Day', description: 'Paid out today', icon: 'sun', productId: id } } });
    expect(created.json().data.attributes).toEqual({ name: 'Same Day', description: 'Paid out today', icon: 'sun', productId: id });
    expect((await call(gw.app, gw.teller, 'POST', '/api/v1/service', 'createService', { data: { type: 'Service', attributes: { name: 'same day', description: 'x', productId: id } } })).json().errors[0].code).toBe('service_exists');
    const serviceId = Number(created.json().data.id);
    await gw.app.db.updateTable('wallet_transactions').set({ service_id: serviceId }).where('id', '=', 1).execute();
    const inUse = await call(gw.app, gw.teller, 'DELETE', `/api/v1/service/${serviceId}`, 'deleteService');
    expect(inUse.json().errors[0].code).toBe('in_use');
    await gw.app.db.updateTable('wallet_transactions').set({ service_id: null }).where('id', '=', 1).execute();
    expect((await call(gw.app, gw.naccug, 'DELETE', `/api/v1/service/${serviceId}`, 'deleteService')).statusCode).toBe(404);
    expect((await call(gw.app, gw.teller, 'DELETE', `/api/v1/service/${serviceId}`, 'deleteService')).statusCode).toBe(204);
    expect(await lastAudit(gw.app)).toEqual({ action: 'service.delete', entity: 'service', tenant_id: 'teller' });
  });
});

describe('fee details (identity-and-catalogue §2, §3, §5, §7, §9)', () => {
  function fee(attributes: Record<string, unknown>) {
    return { data: { type: 'FeeDetail', attributes } };
  }

  it('[IC-7.33] [IC-9.01] [IC-2.66] lists the tenant\'s fee details 20 a page, narrowed to a product and currency, with include', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Send Money');
    const usd = await settingsCurrencyId(gw.app, 'USD');
    const all = await call(gw.app, gw.teller, 'GET', '/api/v1/feedetail', 'listFeeDetails');
    expect(all.json().meta).toMatchObject({ pageSize: 20, itemTotal: 30, pageTotal: 2 });
    const chosen = await call(gw.app, gw.teller, 'GET', `/api/v1/feedetail?filter[productId]=${id}&filter[currencyId]=${usd}&include=product,currency&sort=-maxAmount`, 'listFeeDetails');
    const body = chosen.json();
    expect(body.data.map((row: { attributes: { minAmount: string } }) => row.attributes.minAmount)).toEqual(['2001.00', '501.00', '1.00']);
    expect(body.data[2].attributes).toMatchObject({ maxAmount: '500.00', isPercent: false, defaultValue: '5.00', partnerValue: '2.00', productId: id, currencyId: usd });
    expect(body.data[0].relationships).toEqual({ product: { data: { type: 'product', id } }, currency: { data: { type: 'currency', id: usd } } });
    expect(body.included.map((entry: { type: string }) => entry.type)).toEqual(['product', 'currency']);
    expect((await call(gw.app, gw.naccug, 'GET', `/api/v1/feedetail?filter[productId]=${id}`, 'listFeeDetails')).json().meta.itemTotal).toBe(0);
  });

  it('[IC-7.34] [IC-3.26] [IC-5.20] [IC-5.21] [IC-5.22] [IC-5.23] creates a fee detail from numbers or decimal strings, never coerced, at least 1, min not above max', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Bank Payout');
    const gmd = await settingsCurrencyId(gw.app, 'GMD');
    const before = await auditCount(gw.app);
    const zero = await call(gw.app, gw.teller, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 0, maxAmount: '1e3', defaultValue: true, partnerValue: '0.5', ProductId: id, CurrencyId: gmd }));
    expect(zero.statusCode).toBe(422);
    expect(errors(zero).map(([pointer]) => pointer)).toEqual(['/data/attributes/defaultValue', '/data/attributes/maxAmount', '/data/attributes/minAmount', '/data/attributes/partnerValue']);
    // IC-5.21: a maximum below 1 is refused, as a number or as a decimal string.
    for (const below of [0, 0.5, '0.99']) {
      const small = await call(gw.app, gw.teller, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 1, maxAmount: below, defaultValue: 1, partnerValue: 1, ProductId: id, CurrencyId: gmd }));
      expect(small.statusCode, String(below)).toBe(422);
      expect(errors(small).map(([pointer]) => pointer), String(below)).toEqual(['/data/attributes/maxAmount']);
    }
    const inverted = await call(gw.app, gw.teller, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 600, maxAmount: 500, defaultValue: 1, partnerValue: 1, ProductId: id, CurrencyId: gmd }));
    expect(errors(inverted).map(([pointer]) => pointer)).toEqual(['/data/attributes/maxAmount']);
    const foreign = await call(gw.app, gw.naccug, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 1, maxAmount: 5, defaultValue: 1, partnerValue: 1, ProductId: id, CurrencyId: '9999' }));
    expect(errors(foreign)).toEqual([['/data/attributes/CurrencyId', 'No such currency'], ['/data/attributes/ProductId', 'Please select a Product']]);
    expect(await auditCount(gw.app)).toBe(before);

    const created = await call(gw.app, gw.teller, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 501, maxAmount: '2000', isPercent: true, defaultValue: 1.5, partnerValue: '1', ProductId: id, CurrencyId: gmd }));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toEqual({
      minAmount: '501.00', maxAmount: '2000.00', isPercent: true, defaultValue: '1.50', partnerValue: '1.00', productId: id, currencyId: gmd, created: expect.any(String),
    });
    const overlap = await call(gw.app, gw.teller, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 1500, maxAmount: 3000, defaultValue: 1, partnerValue: 1, ProductId: id, CurrencyId: gmd }));
    expect(overlap.json().errors[0].code).toBe('fee_band_overlap');
    const percent = await call(gw.app, gw.teller, 'POST', '/api/v1/feedetail', 'createFeeDetail', fee({ minAmount: 3000, maxAmount: 4000, isPercent: true, defaultValue: 101, partnerValue: 1, ProductId: id, CurrencyId: gmd }));
    expect(errors(percent).map(([pointer]) => pointer)).toEqual(['/data/attributes/defaultValue']);
    expect(await lastAudit(gw.app)).toEqual({ action: 'feedetail.create', entity: 'feedetail', tenant_id: 'teller' });
  });

  it('[IC-7.35] [IC-7.36] [IC-2.30] reads, updates and deletes a fee detail of the tenant only', async () => {
    const gw = await start();
    const row = await gw.app.db.selectFrom('fee_details').select('id').where('tenant_id', '=', 'teller').orderBy('id').executeTakeFirstOrThrow();
    const url = `/api/v1/feedetail/${row.id}`;
    const read = await call(gw.app, gw.teller, 'GET', `${url}?include=currency`, 'getFeeDetail');
    expect(read.json().included[0].type).toBe('currency');
    const updated = await call(gw.app, gw.teller, 'PATCH', url, 'updateFeeDetail', fee({ defaultValue: '6.50' }));
    expect(updated.json().data.attributes).toMatchObject({ minAmount: '1.00', maxAmount: '500.00', defaultValue: '6.50' });
    const broken = await call(gw.app, gw.teller, 'PATCH', url, 'updateFeeDetail', fee({ minAmount: '900' }));
    expect(errors(broken).map(([pointer]) => pointer)).toEqual(['/data/attributes/maxAmount']);
    const moved = await call(gw.app, gw.teller, 'PATCH', url, 'updateFeeDetail', fee({ ProductId: '1' }));
    expect(moved.statusCode).toBe(422);
    for (const [method, operationId] of [['GET', 'getFeeDetail'], ['PATCH', 'updateFeeDetail'], ['DELETE', 'deleteFeeDetail']] as const) {
      const res = await call(gw.app, gw.naccug, method, url, operationId, method === 'PATCH' ? fee({ defaultValue: 2 }) : undefined);
      expect(res.statusCode, operationId).toBe(404);
    }
    expect((await call(gw.app, gw.teller, 'DELETE', url, 'deleteFeeDetail')).statusCode).toBe(204);
    expect(await lastAudit(gw.app)).toEqual({ action: 'feedetail.delete', entity: 'feedetail', tenant_id: 'teller' });
    expect((await call(gw.app, gw.teller, 'GET', url, 'getFeeDetail')).statusCode).toBe(404);
  });

  it('[IC-7.37] the fee selection answers the pair\'s fee details in one page and writes nothing', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Send Money');
    const gbp = await settingsCurrencyId(gw.app, 'GBP');
    const before = await auditCount(gw.app);
    const res = await call(gw.app, gw.teller, 'POST', '/api/v1/fees', 'selectFees', { data: { type: 'Fee', attributes: { ProductId: id, CurrencyId: gbp } } });
    expect(res.json().meta).toEqual({ itemTotal: 3, pageNumber: 1, pageSize: 3, pageTotal: 1 });
    const missing = await call(gw.app, gw.teller, 'POST', '/api/v1/fees', 'selectFees', { data: { type: 'Fee', attributes: { CurrencyId: gbp } } });
    expect(errors(missing)).toEqual([['/data/attributes/ProductId', 'Please select a Product']]);
    expect((await call(gw.app, gw.naccug, 'POST', '/api/v1/fees', 'selectFees', { data: { type: 'Fee', attributes: { ProductId: id, CurrencyId: gbp } } })).statusCode).toBe(422);
    expect(await auditCount(gw.app)).toBe(before);
  });
});

describe('forex (identity-and-catalogue §2, §3, §5, §7)', () => {
  it('[IC-7.38] [IC-3.27] [IC-2.68] lists one pair per currency pair of the product, by base then quote code', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Send Money');
    const res = await call(gw.app, gw.teller, 'GET', `/api/v1/fx?productId=${id}`, 'listForex');
    const pairs = res.json().data.map((pair: { attributes: { baseCurrency: { code: string }; quoteCurrency: { code: string } } }) => `${pair.attributes.baseCurrency.code}/${pair.attributes.quoteCurrency.code}`);
    expect(pairs).toEqual(['EUR/GMD', 'EUR/NGN', 'GBP/GMD', 'GBP/NGN', 'USD/GMD', 'USD/NGN']);
    expect(res.json().data[4].attributes).toMatchObject({ marketFx: '67.50', defaultMarkup: '1.50', partnerMarkup: '0.75', isPercent: true, productId: id });
    expect((await call(gw.app, gw.naccug, 'GET', `/api/v1/fx?productId=${id}`, 'listForex')).statusCode).toBe(404);
  });

  it('[IC-7.39] [IC-7.42] [IC-5.24] [IC-5.25] [IC-5.26] [IC-8.17] saves a pair: 201 new, 200 updated, decimals read exactly', async () => {
    const gw = await start();
    const id = await productId(gw.app, 'teller', 'Cash Pickup');
    const currencies = await gw.app.db.selectFrom('product_currencies').select(['id', 'code', 'direction']).where('product_id', '=', Number(id)).execute();
    const idOf = (code: string, direction: string) => String(currencies.find((row) => row.code === code && row.direction === direction)?.id);
    const body = (attributes: Record<string, unknown>) => ({ data: { type: 'Forex', attributes: { productId: id, sendingCurrencyId: idOf('EUR', 'sending'), receivingCurrencyId: idOf('SLE', 'receiving'), ...attributes } } });

    const bad = await call(gw.app, gw.teller, 'POST', '/api/v1/fx', 'saveForex', body({ MarketFx: '1e3', DefaultMarkup: '0.1234567', PartnerMarkup: '1', IsPercent: 'true' }));
    expect(bad.statusCode).toBe(422);
    expect(errors(bad).map(([pointer]) => pointer)).toEqual(['/data/attributes/DefaultMarkup', '/data/attributes/IsPercent', '/data/attributes/MarketFx']);
    const wrongPair = await call(gw.app, gw.teller, 'POST', '/api/v1/fx', 'saveForex', body({ sendingCurrencyId: idOf('SLE', 'receiving'), MarketFx: 0, DefaultMarkup: 0, PartnerMarkup: 101, IsPercent: true }));
    expect(errors(wrongPair).map(([pointer]) => pointer)).toEqual(['/data/attributes/MarketFx', '/data/attributes/PartnerMarkup', '/data/attributes/sendingCurrencyId']);

    const updated = await call(gw.app, gw.teller, 'POST', '/api/v1/fx', 'saveForex', body({ MarketFx: 24.673913, DefaultMarkup: '0.1', PartnerMarkup: 0.2, IsPercent: true, IsAutoUpdate: true }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.attributes).toMatchObject({ marketFx: '24.673913', defaultMarkup: '0.10', partnerMarkup: '0.20', isAutoUpdate: true });
    expect(await lastAudit(gw.app)).toEqual({ action: 'forex.update', entity: 'forex', tenant_id: 'teller' });

    await gw.app.db.deleteFrom('forex_pairs').where('product_id', '=', Number(id)).execute();
    const created = await call(gw.app, gw.teller, 'POST', '/api/v1/fx', 'saveForex', body({ MarketFx: '24.5', DefaultMarkup: 1, PartnerMarkup: '0' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ marketFx: '24.50', isPercent: false, isAutoUpdate: false });
    expect(await lastAudit(gw.app)).toEqual({ action: 'forex.create', entity: 'forex', tenant_id: 'teller' });
    const foreign = await call(gw.app, gw.naccug, 'POST', '/api/v1/fx', 'saveForex', body({ MarketFx: 1, DefaultMarkup: 1, PartnerMarkup: 1 }));
    expect(errors(foreign).map(([pointer]) => pointer)).toEqual(['/data/attributes/productId']);
  });
});
