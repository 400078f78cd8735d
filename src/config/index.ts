// The app's config, bundled by Vite: every tenant, menu, table, colour-map and screen file the globs find, so
// onboarding a tenant is adding tenants/<id>.json with no code change. Forms load with their screens (useForm in
// ./context.ts); screens read the config through useConfig (./context.ts), which a test may give another set.
import { buildConfigSet, configApi } from './catalogue.ts';
import type { ConfigSet } from './types.ts';

const files = import.meta.glob(['/tenants/*.json', '/schemas/menus/*.json', '/schemas/tables/*.json', '/schemas/screens/*.json'], {
  eager: true,
  import: 'default',
});

// Of an approvals file only its `tenant` (a JSON named export): which tenants have four-eyes rules, not the rules.
const approvals = import.meta.glob('/schemas/approvals/*.json', { eager: true, import: 'tenant' });

/** The bundled config, without forms (they load with their screens). */
export const config: ConfigSet = buildConfigSet({ ...files, ...approvals });

export const { loadTenants, getTenant, tenantFor, menuFor, colorFor } = configApi(config);

export { formIds, loadForm } from './forms.ts';
export { contextFor, firstMenuRoute } from './catalogue.ts';
export type { ResolvedMenu, ResolvedMenuItem } from './catalogue.ts';
export { evaluateRule, ruleContext } from './rules.ts';
export type { Rule, RuleContext } from './rules.ts';
export type * from './types.ts';
