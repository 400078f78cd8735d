// The countries list's fetcher and query options live in src/api/reference-lists, where the app prefetches the
// reference lists after login (users-and-wallets §3); this path keeps the users screens' imports and hook.
import { useQuery } from '@tanstack/react-query';
import { getListCountriesQueryOptions } from '../../../api/reference-lists/list-countries';

export { getListCountriesQueryOptions, listCountries, type CountryRow } from '../../../api/reference-lists/list-countries';

export function useCountries(tenant: string | null) {
  return useQuery(getListCountriesQueryOptions(tenant));
}
