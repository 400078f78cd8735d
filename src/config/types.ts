// The shapes of the config files; schemas/meta/*.schema.json is the authority, checked by `npm run check:config`.
import type { Rule, TenantType } from './rules.ts';
import type { ReferenceListOperation } from '../api/reference-lists/index.ts';

export type LabelKey = 'users' | 'admins';
export type MenuGroupName = 'default' | 'Admins';

export interface Tenant {
  id: string;
  name: string;
  type: TenantType;
  clientId: string;
  grantType: string;
  scope: string;
  claim?: string;
  admin?: boolean;
  main?: boolean;
  menu: string;
  labels?: Partial<Record<LabelKey, string>>;
  hiddenColumns?: Record<string, string[]>;
  logo?: string;
  theme?: string;
  creditUnion?: { groupLabel: string; memberIdLabel: string };
  payoutAdmin?: boolean;
  currency?: string;
  /** The reference lists loaded after login or a switch into this tenant (users-and-wallets §3). */
  referenceLists?: ReferenceListOperation[];
}

export interface MenuItem {
  key?: LabelKey;
  label: string;
  route?: string;
  icon?: string;
  visible?: Rule;
  children?: MenuItem[];
}

export interface Menu {
  id: string;
  banner?: string;
  activeWhen?: Rule;
  groups: { default: MenuItem[]; Admins?: MenuItem[] };
}

export interface RoleGroups {
  groups: { group: MenuGroupName; when: Rule }[];
  otherwise: MenuGroupName;
  whenMenuLacksGroup: MenuGroupName;
}

export interface OptionsSource {
  operation: string;
  value: string;
  label: string;
}

export interface FieldRules {
  visible?: Rule;
  disabled?: Rule;
  required?: Rule;
  options?: Record<string, Rule>;
}

export interface FormConfig {
  id: string;
  title?: string;
  submitLabel?: string;
  disableSubmitUntilValid?: boolean;
  /** JSON Schema draft-07 with ajv-errors messages. */
  schema: Record<string, unknown>;
  /** RJSF uiSchema. */
  uiSchema: Record<string, unknown>;
  rules?: Record<string, FieldRules>;
}

/** The options of a select filter: a contract list, or fixed values. */
export type FilterOptions = OptionsSource | { value: string | number; label: string }[];

export type ColumnFormat = 'text' | 'email' | 'number' | 'money' | 'date' | 'badge' | 'rowNumber' | 'avatarName' | 'boolean' | 'actions';

export interface TableColumn {
  id: string;
  field?: string;
  header: string;
  format?: ColumnFormat;
  avatarField?: string;
  colorMap?: string;
  filter?: 'text' | 'select' | 'dateRange';
  filterKey?: string;
  filterOptions?: FilterOptions;
  sortable?: boolean;
  sortKey?: string;
  visible?: Rule;
  width?: number;
}

export interface RowAction {
  id: string;
  label: string;
  icon?: string;
  visible?: Rule;
  visibleForRow?: Rule;
}

export interface ToolbarAction {
  id: string;
  label: string;
  icon?: string;
  visible?: Rule;
}

/** A select filter above the table that is not a column (users-and-wallets §6: the admin lists' role filter). */
export interface ToolbarFilter {
  id: string;
  label: string;
  filterKey: string;
  filterOptions: FilterOptions;
  visible?: Rule;
}

export interface TableConfig {
  id: string;
  title?: string;
  labelKey?: LabelKey;
  operation: string;
  rowKey: string;
  fixedFilters?: Record<string, string>;
  defaultSort?: string;
  pageSize?: number;
  toolbarActions?: ToolbarAction[];
  toolbarFilters?: ToolbarFilter[];
  columns: TableColumn[];
  rowActions?: RowAction[];
}

export type SemanticColor = 'primary' | 'success' | 'info' | 'warning' | 'danger' | 'inactive' | 'red' | 'green';

export interface ColorMap {
  colors: Record<string, SemanticColor>;
  default?: SemanticColor;
}

/** A part of a screen the screen's code draws only when `visible` holds (schemas/meta/screen.schema.json). */
export interface ScreenPart {
  visible: Rule;
}

export interface ScreenConfig {
  id: string;
  parts: Record<string, ScreenPart>;
}

/** Every config file, parsed, keyed as Vite's import.meta.glob keys them ('/tenants/naccug.json'). */
export type ConfigFiles = Record<string, unknown>;

export interface ConfigSet {
  /** Sorted by id, so the tenant selector's order does not depend on how files were listed. */
  tenants: Tenant[];
  menus: Record<string, Menu>;
  roleGroups: RoleGroups;
  forms: Record<string, FormConfig>;
  tables: Record<string, TableConfig>;
  colorMaps: Record<string, ColorMap>;
  screens: Record<string, ScreenConfig>;
}
