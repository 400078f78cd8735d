// The config the users screens draw from: the bundled schemas/ and tenants/ files, or another set (a test renders
// the screens from edited copies of the files, built with buildConfigSet).
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { config as bundledConfig } from '../../config';
import { configApi } from '../../config/catalogue';
import type { ConfigSet, FormConfig, TableConfig } from '../../config/types';

const UsersConfigContext = createContext<ConfigSet>(bundledConfig);

export function UsersConfigProvider({ config, children }: { config: ConfigSet; children: ReactNode }) {
  return <UsersConfigContext.Provider value={config}>{children}</UsersConfigContext.Provider>;
}

export function useUsersConfig() {
  const set = useContext(UsersConfigContext);
  return useMemo(() => ({ set, ...configApi(set) }), [set]);
}

/** A file the users screens cannot work without; its absence is a build mistake, so say which file. */
export function requireTable(table: TableConfig | undefined, id: string): TableConfig {
  if (!table) throw new Error(`The users screens need schemas/tables/${id}.json; restore it or run npm run check:config`);
  return table;
}

export function requireForm(form: FormConfig | undefined, id: string): FormConfig {
  if (!form) throw new Error(`The users screens need schemas/forms/${id}.json; restore it or run npm run check:config`);
  return form;
}
