// How the universal payment tables (schemas/tables/upt-transactions.json, upt-countries.json, upt-banks.json) fetch
// their rows. The app passes these to every table (src/app/table-sources.ts).
import { tableSource, type TableSources } from '../../render/table/table-sources';
import { getUptBanksQueryOptions } from './api/list-upt-banks';
import { getUptCountriesQueryOptions } from './api/list-upt-countries';
import { getUptTransactionsQueryOptions } from './api/list-upt-transactions';

export const uptTableSources: TableSources = {
  listUptTransactions: tableSource(getUptTransactionsQueryOptions),
  listUptCountries: tableSource(getUptCountriesQueryOptions),
  listUptBanks: tableSource(getUptBanksQueryOptions),
};
