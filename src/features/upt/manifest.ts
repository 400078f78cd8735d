// The Universal Payment Transfer part (src/config/routes.ts ScreenManifest, render/table TableSources): its screens and
// the sources of its tables' rows (schemas/tables/upt-transactions.json, upt-countries.json, upt-banks.json).
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const screens: ScreenManifest = {
  uptTransactions: { module: './transactions/UptTransactionsScreen', routes: [{ path: '/upt/transactions/remittances', title: 'Universal payment transactions' }] },
  uptCountries: { module: './countries/UptCountriesScreen', routes: [{ path: '/upt/settings/countries', title: 'Countries' }] },
  uptBanks: { module: './banks/UptBanksScreen', routes: [{ path: '/upt/settings/banks', title: 'Banks' }] },
};

export const tableSources = {
  listUptTransactions: tableSource(tablePageQuery('listUptTransactions')),
  listUptCountries: tableSource(tablePageQuery('listUptCountries')),
  listUptBanks: tableSource(tablePageQuery('listUptBanks')),
} satisfies TableSources;
