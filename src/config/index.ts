// The app's config, bundled by Vite: every tenant, menu, table, colour-map and screen file the globs find, so
// onboarding a tenant is adding tenants/<id>.json with no code change. Forms load with their screens (./forms.ts).
import { buildConfigSet, configApi } from './catalogue.ts';
import { loadedForms, preloadForms } from './forms.ts';
import type { ConfigSet } from './types.ts';

const files = import.meta.glob(['/tenants/*.json', '/schemas/menus/*.json', '/schemas/tables/*.json', '/schemas/screens/*.json'], {
  eager: true,
  import: 'default',
});

/** The bundled config; `forms` fills as forms load (loadForm, preloadForms). */
export const config: ConfigSet = { ...buildConfigSet(files), forms: loadedForms };

// Unit tests render feature screens without the app's loading steps; they start with every form at hand.
if (import.meta.env.MODE === 'test') await preloadForms();

export const { loadTenants, getTenant, adminTenant, menuFor, getForm, getTable, colorFor } = configApi(config);

export { formIds, loadForm, preloadForms } from './forms.ts';
export { contextFor, firstMenuRoute } from './catalogue.ts';
export type { ResolvedMenu, ResolvedMenuItem } from './catalogue.ts';
export { evaluateRule, ruleContext } from './rules.ts';
export type { Rule, RuleContext } from './rules.ts';
export type * from './types.ts';
