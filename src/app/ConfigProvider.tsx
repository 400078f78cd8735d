// The app's one config context (src/config/context.ts: useConfig, useForm): the bundled files, or the set a test
// builds from edited copies of them.
import type { ReactNode } from 'react';
import { config as bundledConfig, type ConfigSet } from '../config';
import { ConfigContext } from '../config/context';

export function ConfigProvider({ config = bundledConfig, children }: { config?: ConfigSet; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}
