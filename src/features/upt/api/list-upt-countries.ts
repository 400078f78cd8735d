// GET api/v1/upt/country-data (listUptCountries): the universal payment service's countries with their payment limits,
// paged, sorted and filtered (remittances-and-payouts §2, §7); the same for every tenant.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../../../api/jsonapi';

type ListUptCountriesQuery = NonNullable<operations['listUptCountries']['parameters']['query']>;

export type UptCountryRow = { id: string } & components['schemas']['UptCountry']['attributes'];

/** The contract types the flattened resource; this only names that type. */
export function asUptCountryRow(row: FlatRecord): UptCountryRow {
  return row as unknown as UptCountryRow;
}

export async function listUptCountries(params: Record<string, string>, signal?: AbortSignal): Promise<{ rows: FlatRecord[]; meta: ListMeta }> {
  const query = params as unknown as ListUptCountriesQuery;
  return flattenList(unwrap(await api.GET('/api/v1/upt/country-data', { params: { query }, signal })));
}

export function getUptCountriesQueryOptions(key?: { tenant: string | null; params: Record<string, string> }) {
  return queryOptions({
    // Reference data of the service, the same for every tenant.
    queryKey: key ? ['upt-countries', key.params] : ['upt-countries'],
    queryFn: ({ signal }) => listUptCountries(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
