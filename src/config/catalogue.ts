// Pure functions over the loaded config: which tenants exist, which menu and table a tenant and role get.
// Files are validated by `npm run check:config` before every build, so shapes are trusted here.
import { baseName, kindOf } from './files.ts';
import { evaluateRule, ruleContext } from './rules.ts';
import type { RuleContext } from './rules.ts';
import type {
  ColorMap,
  ConfigFiles,
  ConfigSet,
  FormConfig,
  Menu,
  MenuGroupName,
  MenuItem,
  RoleGroups,
  ScreenConfig,
  SemanticColor,
  TableConfig,
  Tenant,
} from './types.ts';

/** Used when a config has no role-groups file, e.g. a test fixture: everyone sees the default group. */
const ALL_DEFAULT: RoleGroups = { groups: [], otherwise: 'default', whenMenuLacksGroup: 'default' };

export function buildConfigSet(files: ConfigFiles): ConfigSet {
  const set: ConfigSet = { tenants: [], menus: {}, roleGroups: ALL_DEFAULT, forms: {}, tables: {}, colorMaps: {}, screens: {}, approvalTenants: [] };
  for (const path of Object.keys(files).sort()) {
    const json = files[path];
    const id = baseName(path);
    switch (kindOf(path, json)) {
      case 'tenant':
        set.tenants.push(json as Tenant);
        break;
      case 'menu':
        set.menus[id] = json as Menu;
        break;
      case 'role-groups':
        set.roleGroups = json as RoleGroups;
        break;
      case 'form':
        set.forms[id] = json as FormConfig;
        break;
      case 'table':
        set.tables[id] = json as TableConfig;
        break;
      case 'color-maps':
        set.colorMaps = (json as { maps: Record<string, ColorMap> }).maps;
        break;
      case 'screen':
        set.screens[id] = json as ScreenConfig;
        break;
      case 'approvals': {
        // The app's bundle holds each file's `tenant` alone (src/config/index.ts); the checker passes whole files.
        const tenant = typeof json === 'string' ? json : (json as { tenant?: unknown }).tenant;
        if (typeof tenant === 'string') set.approvalTenants.push(tenant);
        break;
      }
      default:
        break;
    }
  }
  // Tenant ids are kebab-case ASCII (schemas/meta/tenant.schema.json): code-unit order, without setting up ICU's
  // collator, which localeCompare would do in the first task of every page.
  set.tenants.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return set;
}

/** The rule context of a user with `role` working in `tenant`; `known` adds what the session and screen know. */
export function contextFor(tenant: Tenant | null, role: number | null, known: Partial<RuleContext> = {}): RuleContext {
  return ruleContext({
    role,
    roles: role === null ? [] : [role],
    tenant: tenant?.id ?? null,
    tenantType: tenant?.type ?? null,
    isMainTenant: tenant?.main === true,
    ...known,
  });
}

export function menuGroupFor(roleGroups: RoleGroups, ctx: RuleContext): MenuGroupName {
  return roleGroups.groups.find((entry) => evaluateRule(entry.when, ctx))?.group ?? roleGroups.otherwise;
}

export interface ResolvedMenuItem {
  label: string;
  route?: string;
  icon?: string;
  children?: ResolvedMenuItem[];
}

export interface ResolvedMenu {
  id: string;
  group: MenuGroupName;
  banner?: string;
  items: ResolvedMenuItem[];
}

/** Whether the tenant has the file an item's `enabledBy` names (an item that names none is enabled). */
function enabledIn(set: ConfigSet, tenant: Tenant, item: MenuItem): boolean {
  return item.enabledBy !== 'approvals' || set.approvalTenants.includes(tenant.id);
}

function resolveItems(set: ConfigSet, items: MenuItem[], tenant: Tenant, ctx: RuleContext): ResolvedMenuItem[] {
  const resolved: ResolvedMenuItem[] = [];
  for (const item of items) {
    if (!enabledIn(set, tenant, item) || !evaluateRule(item.visible, ctx)) continue;
    const label = (item.key && tenant.labels?.[item.key]) || item.label;
    const children = item.children ? resolveItems(set, item.children, tenant, ctx) : undefined;
    if (!item.route && !children?.length) continue;
    resolved.push({
      label,
      ...(item.route ? { route: item.route } : {}),
      ...(item.icon ? { icon: item.icon } : {}),
      ...(children?.length ? { children } : {}),
    });
  }
  return resolved;
}

/** The menu shown in `tenant` for `ctx`: a menu whose activeWhen holds, else the tenant's own; the role's group;
 * items whose rules hold, relabelled by the tenant's labels (identity-and-catalogue §2 "Per-tenant menus"). */
export function resolveMenu(set: ConfigSet, tenant: Tenant, ctx: RuleContext): ResolvedMenu {
  const menus = Object.keys(set.menus)
    .sort()
    .map((id) => set.menus[id])
    .filter((menu): menu is Menu => menu !== undefined);
  const override = menus.find((menu) => menu.activeWhen !== undefined && evaluateRule(menu.activeWhen, ctx));
  const menu = override ?? set.menus[tenant.menu];
  if (!menu) {
    throw new Error(`Tenant ${tenant.id} names menu '${tenant.menu}', which has no file schemas/menus/${tenant.menu}.json`);
  }
  const group = menuGroupFor(set.roleGroups, ctx);
  const shown = menu.groups[group] ? group : menu.groups[set.roleGroups.whenMenuLacksGroup] ? set.roleGroups.whenMenuLacksGroup : 'default';
  // The items every menu shares (a file with inEveryMenu) close the group shown.
  const shared = menus.filter((part) => part.inEveryMenu === true && part !== menu).flatMap((part) => part.groups[shown] ?? []);
  const items = [...(menu.groups[shown] ?? menu.groups.default), ...shared];
  return {
    id: menu.id,
    group,
    // IC-2.72, IC-6.03: the banner marks the pages the menu's activeWhen picks (the Control Panel's), not the pages
    // where it is merely the tenant's own menu (the admin tenant on /).
    ...(override?.banner ? { banner: override.banner } : {}),
    items: resolveItems(set, items, tenant, ctx),
  };
}

/** The first route of a resolved menu (identity-and-catalogue §2: where a tenant switch lands). */
export function firstMenuRoute(menu: ResolvedMenu): string | undefined {
  const first = (items: ResolvedMenuItem[]): string | undefined => {
    for (const item of items) {
      const route = item.route ?? (item.children ? first(item.children) : undefined);
      if (route) return route;
    }
    return undefined;
  };
  return first(menu.items);
}

/** A table as `tenant` shows it in `ctx`: hidden and rule-hidden columns removed, rule-hidden (row and toolbar) actions removed,
 * the title relabelled by the tenant's labels. */
export function tableView(table: TableConfig, tenant: Tenant | null, ctx: RuleContext): TableConfig {
  const hidden = new Set(tenant?.hiddenColumns?.[table.id] ?? []);
  const title = (table.labelKey && tenant?.labels?.[table.labelKey]) || table.title;
  return {
    ...table,
    ...(title ? { title } : {}),
    columns: table.columns.filter((column) => !hidden.has(column.id) && evaluateRule(column.visible, ctx)),
    ...(table.rowActions ? { rowActions: table.rowActions.filter((action) => evaluateRule(action.visible, ctx)) } : {}),
    ...(table.toolbarActions ? { toolbarActions: table.toolbarActions.filter((action) => evaluateRule(action.visible, ctx)) } : {}),
  };
}

/** The colour of `value` in colour map `mapId`, or the map's default. */
export function colorFor(set: ConfigSet, mapId: string, value: unknown): SemanticColor | undefined {
  const map = set.colorMaps[mapId];
  if (!map) return undefined;
  return map.colors[String(value)] ?? map.default;
}

/** A tenant the gateway knows by id, name and type (the tenant selection, the chosen tenant). */
export interface KnownTenant {
  id: string;
  name: string;
  type: string;
}

/**
 * `known` as the app shows it: its tenants/<id>.json, else, for a tenant made on the Control Panel (identity-and-
 * catalogue §1, §4), a tenant of its type with the menu that lists the type in forTenantTypes; undefined for a type
 * no menu lists. Such a tenant has no labels, columns hidden or logo of its own; what connect/token needs comes from
 * the tenant selection, so its client fields stay empty here.
 */
export function tenantFor(set: ConfigSet, known: KnownTenant): Tenant | undefined {
  const file = set.tenants.find((tenant) => tenant.id === known.id);
  if (file) return file;
  for (const menu of Object.values(set.menus)) {
    const type = menu.forTenantTypes?.find((listed) => listed === known.type);
    if (type) return { id: known.id, name: known.name, type, clientId: '', grantType: '', scope: '', menu: menu.id };
  }
  return undefined;
}

/** The functions the app uses, bound to one config set (the bundled files, or a directory in tests). */
export function configApi(set: ConfigSet) {
  return {
    loadTenants: (): Tenant[] => set.tenants,
    getTenant: (id: string): Tenant | undefined => set.tenants.find((tenant) => tenant.id === id),
    tenantFor: (known: KnownTenant): Tenant | undefined => tenantFor(set, known),
    adminTenant: (): Tenant | undefined => set.tenants.find((tenant) => tenant.admin === true),
    mainTenant: (): Tenant | undefined => set.tenants.find((tenant) => tenant.main === true),
    menuFor: (tenant: Tenant, role: number | null, known: Partial<RuleContext> = {}): ResolvedMenu =>
      resolveMenu(set, tenant, contextFor(tenant, role, known)),
    getTable: (id: string): TableConfig | undefined => set.tables[id],
    getScreen: (id: string): ScreenConfig | undefined => set.screens[id],
    colorFor: (mapId: string, value: unknown): SemanticColor | undefined => colorFor(set, mapId, value),
  };
}
