// The Universal Payment Transfer screens (src/config/routes.ts ScreenManifest).
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  uptTransactions: { module: './transactions/UptTransactionsScreen', routes: [{ path: '/upt/transactions/remittances', title: 'Universal payment transactions' }] },
  uptCountries: { module: './countries/UptCountriesScreen', routes: [{ path: '/upt/settings/countries', title: 'Countries' }] },
  uptBanks: { module: './banks/UptBanksScreen', routes: [{ path: '/upt/settings/banks', title: 'Banks' }] },
};
