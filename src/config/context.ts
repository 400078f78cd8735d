// The config the screens draw from, one context for the whole app: src/app/ConfigProvider gives it the bundled files,
// a test gives it a set built from edited copies of them (loadConfigSet). Forms are not in the bundled set: they load
// with the screens that show them, and useForm suspends until the form is there.
import { createContext, useContext, useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { configApi } from './catalogue.ts';
import { loadForm, loadedForm } from './forms.ts';
import { config as bundledConfig } from './index.ts';
import type { FormId } from './registry.ts';
import type { ConfigSet, FormConfig } from './types.ts';

export const ConfigContext = createContext<ConfigSet>(bundledConfig);

export type ConfigView = ReturnType<typeof configApi> & { set: ConfigSet };

/** The config set in use and the functions over it (tenants, menus, tables, screens, colour maps). */
export function useConfig(): ConfigView {
  const set = useContext(ConfigContext);
  return useMemo(() => ({ set, ...configApi(set) }), [set]);
}

/** The form file `schemas/forms/<id>.json`: the set's own when it carries forms (a test's edited copy), else loaded
 * with its precompiled validator. Suspends until it has loaded once, so render it under a Suspense boundary. */
export function useForm(id: FormId): FormConfig {
  const own = useContext(ConfigContext).forms[id];
  const { data } = useSuspenseQuery({
    queryKey: ['config-form', id, own ? 'own' : 'bundled'],
    queryFn: () => own ?? loadForm(id),
    initialData: own ?? loadedForm(id),
    staleTime: Infinity,
  });
  return data;
}
