// How the identity tables (schemas/tables/tenants.json, api-scopes.json, api-resources.json) fetch their rows. The app
// passes these to every table (src/app/table-sources.ts).
import { tablePageQuery } from '../../api/resource';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const identityTableSources: TableSources = {
  listTenants: tableSource(tablePageQuery('listTenants')),
  listApiScopes: tableSource(tablePageQuery('listApiScopes')),
  listApiResources: tableSource(tablePageQuery('listApiResources')),
};
