// GET api/v1/config/health (getConfigHealth): every config file the gateway reads with check:config's verdict.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type ConfigFileVerdict = components['schemas']['ConfigFileVerdict']['attributes'];
export type ConfigHealth = { files: ConfigFileVerdict[] } & components['schemas']['ConfigHealthDocument']['meta'];

export async function getConfigHealth(signal?: AbortSignal): Promise<ConfigHealth> {
  // The admin's own session: the gateway asks who they are, whatever tenant is selected.
  const document = unwrap(await api.GET('/api/v1/config/health', { signal, headers: credentialHeaders('own') }));
  return { files: document.data.map((entry) => entry.attributes), ...document.meta };
}

export function getConfigHealthQueryOptions() {
  return queryOptions({ queryKey: ['config-health'], queryFn: ({ signal }) => getConfigHealth(signal) });
}

export function useConfigHealth() {
  return useQuery(getConfigHealthQueryOptions());
}
