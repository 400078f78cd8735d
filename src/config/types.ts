// The config file shapes are generated from schemas/meta/*.schema.json into src/generated/config-types.ts
// (npm run gen:config-types); this module names them as the app uses them and adds the loaded config set.
import type * as Files from '../generated/config-types.ts';

export type {
  ColorMap,
  FilterOptions,
  MenuGroupName,
  MenuItem,
  OptionsSource,
  RowAction,
  SemanticColor,
  SubmitBinding,
  TableColumn,
  ToolbarFilter,
} from '../generated/config-types.ts';

/** A config file as the app reads it: `$schema` only names the file's meta-schema, for editors and the checker. */
type Loaded<File> = Omit<File, '$schema'>;

export type Tenant = Loaded<Files.Tenant>;
export type Menu = Loaded<Files.Menu>;
export type RoleGroups = Loaded<Files.RoleGroups>;
export type FormConfig = Loaded<Files.Form>;
export type TableConfig = Loaded<Files.Table>;
export type ScreenConfig = Loaded<Files.Screen>;

/** Every config file, parsed, keyed as Vite's import.meta.glob keys them ('/tenants/naccug.json'). */
export type ConfigFiles = Record<string, unknown>;

export interface ConfigSet {
  /** Sorted by id, so the tenant selector's order does not depend on how files were listed. */
  tenants: Tenant[];
  menus: Record<string, Menu>;
  roleGroups: RoleGroups;
  forms: Record<string, FormConfig>;
  tables: Record<string, TableConfig>;
  colorMaps: Record<string, Files.ColorMap>;
  screens: Record<string, ScreenConfig>;
  /** The tenants that have four-eyes rules (schemas/approvals/<tenant>.json): menu items `enabledBy: "approvals"`
   * show there. The bundle takes only each file's `tenant`, never the rules. */
  approvalTenants: string[];
}
