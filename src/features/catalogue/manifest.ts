// The catalogue screens (src/config/routes.ts ScreenManifest): identity-and-catalogue §2, each route its own chunk.
import type { ScreenManifest } from '../../config/routes';

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
