// How the catalogue tables (schemas/tables/products.json, currencies.json, fee-details.json) fetch their rows. The app
// passes these to every table (src/app/table-sources.ts).
import { tableSource, type TableSources } from '../../render/table/table-sources';
import { getFeeDetailsQueryOptions } from './api/list-fee-details';
import { getCurrenciesQueryOptions } from './api/list-currencies';
import { getProductsQueryOptions } from './api/list-products';

export const catalogueTableSources: TableSources = {
  listProducts: tableSource(getProductsQueryOptions),
  listCurrencies: tableSource(getCurrenciesQueryOptions),
  listFeeDetails: tableSource(getFeeDetailsQueryOptions),
};
