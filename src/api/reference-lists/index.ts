// The reference lists a tenant may load after login or a tenant switch (users-and-wallets §3, identity-and-catalogue §4),
// by the operationId tenants/*.json names them with (`referenceLists`). The query options are the ones the screens use,
// so a prefetched list is the screens' cached list.
import type { QueryClient } from '@tanstack/react-query';
import { getListCountriesQueryOptions } from './list-countries';
import { getListGroupsQueryOptions } from './list-groups';
import { getListRolesQueryOptions } from './list-roles';
import { getListStatusesQueryOptions } from './list-statuses';
import { getTransactionTypesQueryOptions } from './list-transaction-types';

type Prefetch = (queryClient: QueryClient, tenant: string | null) => Promise<void>;

/** Each list's prefetch into `queryClient`, under the key its screens read. */
export const REFERENCE_LIST_PREFETCHES = {
  listRoles: (queryClient, tenant) => queryClient.prefetchQuery(getListRolesQueryOptions(tenant)),
  listGroups: (queryClient, tenant) => queryClient.prefetchQuery(getListGroupsQueryOptions(tenant)),
  listStatuses: (queryClient, tenant) => queryClient.prefetchQuery(getListStatusesQueryOptions(tenant)),
  listCountries: (queryClient, tenant) => queryClient.prefetchQuery(getListCountriesQueryOptions(tenant)),
  listTransactionTypes: (queryClient, tenant) => queryClient.prefetchQuery(getTransactionTypesQueryOptions(tenant)),
} satisfies Record<string, Prefetch>;

export type ReferenceListOperation = keyof typeof REFERENCE_LIST_PREFETCHES;

export const REFERENCE_LIST_OPERATIONS = Object.keys(REFERENCE_LIST_PREFETCHES) as ReferenceListOperation[];

export * from './list-channels';
export * from './list-countries';
export * from './list-groups';
export * from './list-roles';
export * from './list-statuses';
export * from './list-transaction-types';
