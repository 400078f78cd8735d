// How the catalogue tables (schemas/tables/products.json, currencies.json, fee-details.json) fetch their rows. The app
// passes these to every table (src/app/table-sources.ts).
import { listQuery, tablePageQuery } from '../../api/resource';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const catalogueTableSources: TableSources = {
  listProducts: tableSource(tablePageQuery('listProducts')),
  // listCurrencies takes no parameters: one unpaged list, the table's paging is not sent.
  listCurrencies: tableSource(() => listQuery('listCurrencies', {})),
  listFeeDetails: tableSource(tablePageQuery('listFeeDetails')),
};
