// Who fetches the rows of each list operation. A table file names an operationId (`operation`); the feature that
// owns the operation gives one source for it, built from its query-options factory, and the app passes every
// feature's sources once (TableSourcesProvider in src/app). The renderer so never imports a feature.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { FlatRecord, ListMeta } from '../../api/jsonapi';
import type { TableConfig } from '../../config/types';
import type { ReferenceLists } from './reference-lists';
import type { TableQuery } from './table-query';
import { rowParams, useLivePage } from './live-rows';

export interface ListPage {
  rows: readonly FlatRecord[];
  meta: ListMeta;
}

export interface PageKey {
  /** The tenant whose token asks: a switch must not show the previous tenant's rows. */
  tenant: string | null;
  /** List parameters as text: page[number], page[size], sort, filter[...], and the screen's own. */
  params: Record<string, string>;
}

export interface TableSource {
  /** One page for `key`, and its rows as the table draws them; kept live (./live-rows.ts) when `operation` is given. */
  usePage: (key: PageKey, lists: ReferenceLists, operation?: string) => { page: UseQueryResult<ListPage>; rows: readonly FlatRecord[] };
  /** The reference lists as the select filters offer them (e.g. a status offered only while it is the chosen one). */
  choices?: (lists: ReferenceLists, query: TableQuery) => ReferenceLists;
}

export interface TableSourceOptions<Row> {
  /** The rows as the table draws them, e.g. group ids shown as the groups' names. */
  rows?: (rows: readonly Row[], lists: ReferenceLists) => readonly FlatRecord[];
  choices?: TableSource['choices'];
}

/** Sources by the operationId table files name. */
export type TableSources = Readonly<Record<string, TableSource>>;

/** The source of a list operation, from the feature's query options for one page of it. */
export function tableSource<Page extends ListPage, Key extends QueryKey>(
  pageQuery: (key: PageKey) => UseQueryOptions<Page, Error, Page, Key>,
  { rows, choices }: TableSourceOptions<Page['rows'][number]> = {},
): TableSource {
  return {
    usePage(key, lists, operation) {
      const options = pageQuery(key);
      const client = useQueryClient();
      // Asked for while the screen renders, not once it has committed (when useQuery would ask): the first page is on
      // its way while the rest of the screen, and the shell around it, is still being drawn. A page in the cache, or
      // on its way, is not asked for again.
      const { queryFn } = options;
      if (typeof queryFn === 'function' && !client.getQueryState(options.queryKey)) void client.prefetchQuery({ ...options, queryFn });
      const page = useQuery(options);
      const { data } = page;
      const readRow = async (id: string): Promise<Page> => {
        const row = pageQuery({ ...key, params: rowParams(key.params, id) });
        if (typeof row.queryFn !== 'function') throw new Error(`The page query of ${operation ?? 'this list'} has no queryFn`);
        return row.queryFn({ client, queryKey: row.queryKey, signal: new AbortController().signal, meta: undefined });
      };
      useLivePage({ operation, queryKey: options.queryKey, readRow, data });
      const shown = useMemo(() => (data && rows ? rows(data.rows, lists) : (data?.rows ?? [])), [data, lists]);
      return { page, rows: shown };
    },
    ...(choices ? { choices } : {}),
  };
}

const TableSourcesContext = createContext<TableSources>({});

export function TableSourcesProvider({ sources, children }: { sources: TableSources; children: ReactNode }) {
  return <TableSourcesContext.Provider value={sources}>{children}</TableSourcesContext.Provider>;
}

export function useTableSource(table: TableConfig): TableSource {
  const source = useContext(TableSourcesContext)[table.operation];
  if (!source) {
    throw new Error(
      `schemas/tables/${table.id}.json lists with operation "${table.operation}", which no feature gives a source for: ` +
        `check the operationId (npm run check:config), or add the feature's tableSource to the app's table sources`,
    );
  }
  return source;
}
