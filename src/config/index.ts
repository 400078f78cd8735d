// The app's config, bundled by Vite: every tenant, menu, form, table and colour-map file the globs find, so
// onboarding a tenant is adding tenants/<id>.json with no code change. The only module that knows about the globs.
import { buildConfigSet, configApi } from './catalogue.ts';

const files = import.meta.glob(['/tenants/*.json', '/schemas/menus/*.json', '/schemas/forms/*.json', '/schemas/tables/*.json'], {
  eager: true,
  import: 'default',
});

export const config = buildConfigSet(files);

export const { loadTenants, getTenant, adminTenant, mainTenant, menuFor, getForm, getTable, colorFor } = configApi(config);

export { contextFor, firstMenuRoute, menuGroupFor, resolveMenu, tableView } from './catalogue.ts';
export type { ResolvedMenu, ResolvedMenuItem } from './catalogue.ts';
export { evaluateRule, ruleContext, RULE_CONTEXT_KEYS, EMPTY_RULE_CONTEXT } from './rules.ts';
export type { Rule, RuleContext, TenantType, OpenedFrom } from './rules.ts';
export { SCREEN_ROUTES, findScreenRoute, matchesRoute } from './routes.ts';
export type { ScreenRoute, RouteAccess } from './routes.ts';
export type * from './types.ts';
