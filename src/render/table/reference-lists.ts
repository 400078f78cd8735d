// The reference lists a table's select filters offer (a filterOptions naming an operation, e.g. listGroups), loaded
// per tenant under the keys the app prefetches them with (src/api/reference-lists), so a prefetched list is at hand.
import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { REFERENCE_LIST_OPERATIONS, referenceListQuery, type ReferenceListOperation, type ReferenceRow } from '../../api/reference-lists';
import { useSessionState } from '../../api/session';
import type { TableConfig } from '../../config/types';

/** The rows of each reference list loaded so far, by operationId. */
export type ReferenceLists = { readonly [K in ReferenceListOperation]?: ReferenceRow<K>[] };

function isReferenceList(operation: string): operation is ReferenceListOperation {
  return (REFERENCE_LIST_OPERATIONS as readonly string[]).includes(operation);
}

/** The reference lists the table file's column and toolbar filters take their options from. */
export function filterListOperations(table: TableConfig): ReferenceListOperation[] {
  const sources = [...table.columns.map((column) => column.filterOptions), ...(table.toolbarFilters ?? []).map((filter) => filter.filterOptions)];
  const operations = sources.flatMap((source) => (source && !Array.isArray(source) && isReferenceList(source.operation) ? [source.operation] : []));
  return [...new Set(operations)];
}

/** The lists of the tenant whose token asks: re-rendered when it changes, so the keys follow the token. */
export function useReferenceLists(table: TableConfig): ReferenceLists {
  useSessionState();
  const operations = useMemo(() => filterListOperations(table), [table]);
  const combine = useCallback(
    (results: UseQueryResult<unknown>[]): ReferenceLists => {
      const lists: Partial<Record<ReferenceListOperation, unknown>> = {};
      results.forEach((result, index) => {
        const operation = operations[index];
        if (operation && result.data !== undefined) lists[operation] = result.data;
      });
      // Each result is the list its operation's query loads (referenceListQuery).
      return lists as ReferenceLists;
    },
    [operations],
  );
  return useQueries({ queries: operations.map((operation) => referenceListQuery(operation)), combine });
}
