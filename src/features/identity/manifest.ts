// The Control Panel's identity part (src/config/routes.ts ScreenManifest, render/table TableSources): its screens,
// identity-and-catalogue §2, each route its own chunk, and the sources of its tables' rows (schemas/tables/tenants.json,
// api-scopes.json, api-resources.json).
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const screens: ScreenManifest = {
  tenants: { module: './tenants/TenantsScreen', component: 'TenantsScreen', routes: [{ path: '/admin/tenants', title: 'Tenant list' }] },
  tenantForm: {
    module: './tenants/TenantFormScreen',
    component: 'TenantFormScreen',
    routes: [
      { path: '/admin/tenants/create', title: 'Create tenant' },
      { path: '/admin/tenants/:action/:id', title: 'Tenant form' },
      { path: '/admin/tenants/:action', title: 'Tenant form' },
    ],
  },
  scopes: { module: './scopes/ScopesScreen', component: 'ScopesScreen', routes: [{ path: '/admin/scopes', title: 'Scope list' }] },
  scopeForm: {
    module: './scopes/ScopeFormScreen',
    component: 'ScopeFormScreen',
    routes: [
      { path: '/admin/scopes/add-scope', title: 'Create scope' },
      { path: '/admin/scopes/:resourceId/:id', title: 'Scope form' },
      { path: '/admin/scopes/:id', title: 'Scope form' },
    ],
  },
  resources: { module: './resources/ResourcesScreen', component: 'ResourcesScreen', routes: [{ path: '/admin/Resources', title: 'Resource list' }] },
  resourceForm: {
    module: './resources/ResourceFormScreen',
    component: 'ResourceFormScreen',
    routes: [
      { path: '/admin/resources/add-resource', title: 'Create resource' },
      { path: '/admin/resources/:id', title: 'Resource form' },
    ],
  },
};

export const tableSources = {
  listTenants: tableSource(tablePageQuery('listTenants')),
  listApiScopes: tableSource(tablePageQuery('listApiScopes')),
  listApiResources: tableSource(tablePageQuery('listApiResources')),
} satisfies TableSources;
