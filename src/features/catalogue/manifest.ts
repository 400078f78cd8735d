// The catalogue (src/config/routes.ts ScreenManifest, render/table TableSources): its screens, identity-and-catalogue
// §2, each route its own chunk, and the sources of its tables' rows (schemas/tables/products.json, currencies.json,
// fee-details.json).
import { listQuery, tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const screens: ScreenManifest = {
  products: { module: './products/ProductsScreen', component: 'ProductsScreen', routes: [{ path: '/products/list', title: 'Products' }] },
  productForm: { module: './products/NewProductScreen', component: 'NewProductScreen', routes: [{ path: '/products/new', title: 'New product' }] },
  productDetail: { module: './products/ProductDetailScreen', component: 'ProductDetailScreen', routes: [{ path: '/products/:id', title: 'Product detail' }] },
  currencies: { module: './currencies/CurrenciesScreen', component: 'CurrenciesScreen', routes: [{ path: '/currencies/list', title: 'Currencies' }] },
  currencyForm: { module: './currencies/NewCurrencyScreen', component: 'NewCurrencyScreen', routes: [{ path: '/currencies/new', title: 'New currency' }] },
  fees: { module: './fees/FeesScreen', component: 'FeesScreen', routes: [{ path: '/fees', title: 'Fee details' }] },
  feeForm: { module: './fees/NewFeeScreen', component: 'NewFeeScreen', routes: [{ path: '/fees/new/:productId/:currencyId', title: 'New fee' }] },
  feeDetail: { module: './fees/FeeDetailScreen', component: 'FeeDetailScreen', routes: [{ path: '/fees/:id', title: 'Fee detail' }] },
  forex: { module: './forex/ForexScreen', component: 'ForexScreen', routes: [{ path: '/forex', title: 'Forex' }] },
};

export const tableSources = {
  listProducts: tableSource(tablePageQuery('listProducts')),
  // listCurrencies takes no parameters: one unpaged list, the table's paging is not sent.
  listCurrencies: tableSource(() => listQuery('listCurrencies', {})),
  listFeeDetails: tableSource(tablePageQuery('listFeeDetails')),
} satisfies TableSources;
