// GET api/v1/um/countries (listCountries): a reference list of users-and-wallets §3.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { REFERENCE_STALE_MS, referenceRows } from './reference-list';

export type CountryRow = { id: string } & components['schemas']['Country']['attributes'];

export async function listCountries(signal?: AbortSignal): Promise<CountryRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/um/countries', { signal })).data);
}

export function getListCountriesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: tenant === undefined ? ['countries'] : ['countries', tenant],
    queryFn: ({ signal }) => listCountries(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCountries(tenant: string | null) {
  return useQuery(getListCountriesQueryOptions(tenant));
}
