// GET api/v1/um/countries (listCountries): a reference list of users-and-wallets §3.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';
import { REFERENCE_STALE_MS, referenceKey, referenceRows } from './reference-rows';

export type CountryRow = { id: string } & components['schemas']['Country']['attributes'];

export async function listCountries(signal?: AbortSignal): Promise<CountryRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/um/countries', { signal })).data);
}

export function getListCountriesQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: referenceKey('countries', tenant),
    queryFn: ({ signal }) => listCountries(signal),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCountries(tenant: string | null) {
  return useQuery(getListCountriesQueryOptions(tenant));
}
