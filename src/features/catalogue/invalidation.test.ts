// What each catalogue change makes stale, now that the resource layer invalidates by JSON:API type
// (src/api/resource.ts, src/api/resource-types.ts): the same screens are read again as when each call had its own file.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfter, listQuery, readQuery, tablePageQuery, type OperationId } from '../../api/resource';
import { FEE_DETAIL_INCLUDE } from './fees/fee-routes';

/** A query's key, untagged: the cache is filled with a placeholder, only its staleness is read. */
const keyOf = (options: { queryKey: readonly unknown[] }): readonly unknown[] => options.queryKey;

/** One query of each catalogue screen, as the screens key them. */
const SHOWN = {
  productsTable: keyOf(tablePageQuery('listProducts')({ params: { 'page[number]': '1', 'page[size]': '10' } })),
  productChoices: keyOf(listQuery('listProducts', { query: { 'page[size]': 100, sort: 'title' } })),
  product: keyOf(readQuery('getProduct', { path: { id: '4' } })),
  feeList: keyOf(tablePageQuery('listFeeDetails')({ params: { include: FEE_DETAIL_INCLUDE, 'filter[productId]': '4', 'filter[currencyId]': '1' } })),
  fee: keyOf(readQuery('getFeeDetail', { path: { id: '7' }, query: { include: FEE_DETAIL_INCLUDE } })),
  forex: keyOf(listQuery('listForex', { query: { productId: '4' } })),
  currencies: keyOf(listQuery('listCurrencies', {})),
  productTypes: keyOf(listQuery('listProductTypes', {})),
  paymentMethods: keyOf(listQuery('listPaymentMethods', {})),
} as const;
type Shown = keyof typeof SHOWN;

async function staleAfter(operation: OperationId): Promise<Shown[]> {
  const client = new QueryClient();
  for (const key of Object.values(SHOWN)) client.setQueryData(key, {});
  await invalidateAfter(client, operation);
  return (Object.keys(SHOWN) as Shown[]).filter((name) => client.getQueryState(SHOWN[name])?.isInvalidated === true);
}

describe('a catalogue change is shown where the catalogue shows it (identity-and-catalogue §2, §7)', () => {
  it.each([
    // A fee detail created, changed or deleted shows in the fee list; a change shows in its form too.
    ['createFeeDetail', ['feeList']],
    ['updateFeeDetail', ['feeList', 'fee']],
    ['deleteFeeDetail', ['feeList']],
    // A product created or updated shows in the products table, the product selectors and its detail.
    ['createProduct', ['productsTable', 'productChoices', 'product']],
    ['updateProduct', ['productsTable', 'productChoices', 'product']],
    // A saved pair shows on the forex cards.
    ['saveForex', ['forex']],
  ] as const)('%s marks stale %j, and not the reference lists it does not change', async (operation, shown) => {
    const stale = await staleAfter(operation);
    expect(stale).toEqual(expect.arrayContaining([...shown]));
    expect(stale).not.toContain('currencies');
    expect(stale).not.toContain('productTypes');
    expect(stale).not.toContain('paymentMethods');
  });

  // IC-2.62, IC-2.64: the settings lists come inside the product (getProduct), so an entry added or removed reads
  // the product again (its side pane and the forex cards' pairs), by RELATED_TYPES.
  it.each([
    'createSendingCurrency',
    'deleteSendingCurrency',
    'createReceivingCurrency',
    'deleteReceivingCurrency',
    'createPaymentOption',
    'deletePaymentOption',
    'createService',
    'deleteService',
  ] as const)('[IC-2.62] [IC-2.64] %s reads the product with its settings lists again', async (operation) => {
    expect(await staleAfter(operation)).toContain('product');
  });
});
