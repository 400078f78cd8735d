// The reference lists a table's select filters offer (a filterOptions naming an operation, e.g. listGroups), loaded
// per tenant under the keys the app prefetches them with (src/api/reference-lists), so a prefetched list is at hand.
import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import {
  getListCountriesQueryOptions,
  getListGroupsQueryOptions,
  getListRolesQueryOptions,
  getListStatusesQueryOptions,
  getTransactionTypesQueryOptions,
  type ReferenceListOperation,
} from '../../api/reference-lists';
import type { TableConfig } from '../../config/types';

const LIST_QUERIES = {
  listRoles: getListRolesQueryOptions,
  listGroups: getListGroupsQueryOptions,
  listStatuses: getListStatusesQueryOptions,
  listCountries: getListCountriesQueryOptions,
  listTransactionTypes: getTransactionTypesQueryOptions,
} satisfies Record<ReferenceListOperation, (tenant: string | null) => unknown>;

type RowsOf<Options> = Options extends { queryFn?: infer Fetch } ? (Fetch extends (...args: never[]) => infer Rows ? Awaited<Rows> : never) : never;

/** The rows of each reference list loaded so far, by operationId. */
export type ReferenceLists = { readonly [K in ReferenceListOperation]?: RowsOf<ReturnType<(typeof LIST_QUERIES)[K]>> };

function isReferenceList(operation: string): operation is ReferenceListOperation {
  return Object.hasOwn(LIST_QUERIES, operation);
}

/** The reference lists the table file's column and toolbar filters take their options from. */
export function filterListOperations(table: TableConfig): ReferenceListOperation[] {
  const sources = [...table.columns.map((column) => column.filterOptions), ...(table.toolbarFilters ?? []).map((filter) => filter.filterOptions)];
  const operations = sources.flatMap((source) => (source && !Array.isArray(source) && isReferenceList(source.operation) ? [source.operation] : []));
  return [...new Set(operations)];
}

export function useReferenceLists(table: TableConfig, tenant: string | null): ReferenceLists {
  const operations = useMemo(() => filterListOperations(table), [table]);
  const combine = useCallback(
    (results: UseQueryResult<unknown>[]): ReferenceLists => {
      const lists: Partial<Record<ReferenceListOperation, unknown>> = {};
      results.forEach((result, index) => {
        const operation = operations[index];
        if (operation && result.data !== undefined) lists[operation] = result.data;
      });
      // Each result is the list its operation's query options load (LIST_QUERIES).
      return lists as ReferenceLists;
    },
    [operations],
  );
  return useQueries({ queries: operations.map((operation) => LIST_QUERIES[operation](tenant)), combine });
}
