// Where each kind of config file lives and which meta-schema it names; shared by the loaders and the checker.

export const CONFIG_KINDS = ['tenant', 'menu', 'role-groups', 'form', 'table', 'color-maps', 'screen', 'approvals'] as const;

export type ConfigKind = (typeof CONFIG_KINDS)[number];

export interface ConfigFolder {
  /** Folder relative to the repository root, posix separators. */
  dir: string;
  /** The first kind is the folder's usual one; others are single files that name their meta-schema. */
  kinds: readonly ConfigKind[];
}

export const CONFIG_FOLDERS: readonly ConfigFolder[] = [
  { dir: 'tenants', kinds: ['tenant'] },
  { dir: 'schemas/menus', kinds: ['menu', 'role-groups'] },
  { dir: 'schemas/forms', kinds: ['form'] },
  { dir: 'schemas/tables', kinds: ['table', 'color-maps'] },
  { dir: 'schemas/screens', kinds: ['screen'] },
  { dir: 'schemas/approvals', kinds: ['approvals'] },
];

export const META_DIR = 'schemas/meta';

/** The `$schema` value a file of this kind in this folder must carry. */
export function metaSchemaRef(dir: string, kind: ConfigKind): string {
  return dir === 'tenants' ? `../${META_DIR}/${kind}.schema.json` : `../meta/${kind}.schema.json`;
}

export function folderOf(path: string): ConfigFolder | undefined {
  const normalized = path.replace(/^\/+/, '');
  return CONFIG_FOLDERS.find((folder) => normalized.startsWith(`${folder.dir}/`) && !normalized.slice(folder.dir.length + 1).includes('/'));
}

/** The kind of a parsed config file: the folder's kind its `$schema` names, else the folder's usual kind. */
export function kindOf(path: string, json: unknown): ConfigKind | undefined {
  const folder = folderOf(path);
  if (!folder) return undefined;
  const named = json !== null && typeof json === 'object' ? (json as { $schema?: unknown }).$schema : undefined;
  return folder.kinds.find((kind) => metaSchemaRef(folder.dir, kind) === named) ?? folder.kinds[0];
}

/** The file name without folder and `.json`, which is the id of tenants, menus, forms, tables and screens. */
export function baseName(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.json$/, '');
}
