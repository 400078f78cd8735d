// How the identity tables (schemas/tables/tenants.json, api-scopes.json, api-resources.json) fetch their rows. The app
// passes these to every table (src/app/table-sources.ts).
import { tableSource, type TableSources } from '../../render/table/table-sources';
import { getApiResourcesQueryOptions } from './api/list-api-resources';
import { getApiScopesQueryOptions } from './api/list-api-scopes';
import { getTenantsQueryOptions } from './api/list-tenants';

export const identityTableSources: TableSources = {
  listTenants: tableSource(getTenantsQueryOptions),
  listApiScopes: tableSource(getApiScopesQueryOptions),
  listApiResources: tableSource(getApiResourcesQueryOptions),
};
