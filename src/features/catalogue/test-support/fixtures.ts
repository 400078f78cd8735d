// Test support: catalogue documents as the gateway answers them (openapi/gateway.yaml), for the fake gateway.
import type { components } from '../../../api/gateway';

type Schemas = components['schemas'];

export function productResource(id: string, title: string, type = 'Remittance', backgroundUrl: string | null = null): Schemas['Product'] {
  return { type: 'product', id, attributes: { title, subTitle: `${title} subtitle`, type, backgroundUrl } };
}

export function pageOf<T>(data: T[], meta: Partial<Schemas['PageMeta']> = {}) {
  return { data, meta: { itemTotal: data.length, pageNumber: 1, pageSize: 10, pageTotal: 1, ...meta } };
}

export function currencyEntry(id: string, code: string, name = code, symbol = code): Schemas['ProductCurrencyEntry'] {
  return { id, name, code, symbol };
}

export function productDetail(id: string, title: string, lists: Partial<Pick<Schemas['ProductDetail']['attributes'], 'SendingCurrency' | 'ReceivingCurrency' | 'PaymentOption' | 'Service'>> = {}): Schemas['ProductDetailDocument'] {
  return {
    data: {
      type: 'product',
      id,
      attributes: { title, subTitle: `${title} subtitle`, type: 'Payout', backgroundUrl: null, SendingCurrency: [], ReceivingCurrency: [], PaymentOption: [], Service: [], ...lists },
    },
  };
}

export const productTypes = { data: ['Remittance', 'Payout', 'Wallet'].map((name, index) => ({ type: 'producttype' as const, id: String(index + 1), attributes: { name } })) };

export const settingsCurrencies = {
  data: [
    { type: 'currency' as const, id: '1', attributes: { name: 'Gambian Dalasi', code: 'GMD', symbol: 'D' } },
    { type: 'currency' as const, id: '2', attributes: { name: 'US Dollar', code: 'USD', symbol: '$' } },
  ],
};

export function feeDetail(id: string, minAmount: string, maxAmount: string, attributes: Partial<Schemas['FeeDetail']['attributes']> = {}): Schemas['FeeDetail'] {
  return {
    type: 'feedetail',
    id,
    attributes: { minAmount, maxAmount, isPercent: false, defaultValue: '5.00', partnerValue: '2.00', productId: '4', currencyId: '2', created: '2024-03-01T09:30:00Z', ...attributes },
  };
}

export function forexResource(id: string, base: Schemas['ForexCurrency'], quote: Schemas['ForexCurrency'], attributes: Partial<Schemas['Forex']['attributes']> = {}): Schemas['Forex'] {
  return {
    type: 'forex',
    id,
    attributes: {
      productId: '4',
      baseCurrency: base,
      quoteCurrency: quote,
      marketFx: '1520.35',
      defaultMarkup: '1.50',
      partnerMarkup: '0.75',
      isPercent: true,
      isAutoUpdate: false,
      created: '2024-03-01T09:30:00Z',
      ...attributes,
    },
  };
}

export function errorDocument(status: number, title: string) {
  return { status, body: { errors: [{ status: String(status), title }] } };
}
