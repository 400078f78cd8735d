// How the universal payment tables (schemas/tables/upt-transactions.json, upt-countries.json, upt-banks.json) fetch
// their rows. The app passes these to every table (src/app/table-sources.ts).
import { tablePageQuery } from '../../api/resource';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const uptTableSources: TableSources = {
  listUptTransactions: tableSource(tablePageQuery('listUptTransactions')),
  listUptCountries: tableSource(tablePageQuery('listUptCountries')),
  listUptBanks: tableSource(tablePageQuery('listUptBanks')),
};
