// What a server-paged table asks the gateway for (users-and-wallets §7 and §9, the contract's paging conventions):
// 1-based page[number], page[size], one sort field with '-' for descending, filter[<key>] per column.
import type { TableColumn, TableConfig } from '../../config/types';

export interface TableQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** A server sort field, '-' prefixed for descending; null for the server's own order. */
  sort: string | null;
  /** Server filter key (a column's filterKey, else its field) to value; empty values are left out. */
  filters: Record<string, string>;
  /** The column ids shown, in order; null or absent for the table file's columns. */
  columns?: readonly string[] | null;
  /** The saved view this query came from (src/api/views), if any. */
  view?: string | null;
}

/** users-and-wallets §9: page 1, size 10 unless the table says otherwise. */
export const DEFAULT_PAGE_SIZE = 10;

export function initialTableQuery(config: Pick<TableConfig, 'pageSize' | 'defaultSort'>): TableQuery {
  return { page: 1, pageSize: config.pageSize ?? DEFAULT_PAGE_SIZE, sort: config.defaultSort ?? null, filters: {} };
}

export function sortKeyOf(column: TableColumn): string | undefined {
  return column.sortable ? (column.sortKey ?? column.field) : undefined;
}

export function filterKeyOf(column: TableColumn): string | undefined {
  return column.filter ? (column.filterKey ?? column.field) : undefined;
}

export type SortDirection = 'ascending' | 'descending' | 'none';

export function sortDirection(sort: string | null, key: string | undefined): SortDirection {
  if (!key || !sort) return 'none';
  if (sort === key) return 'ascending';
  return sort === `-${key}` ? 'descending' : 'none';
}

/** A header click cycles ascending, descending, then no sort of its own. */
export function nextSort(sort: string | null, key: string): string | null {
  switch (sortDirection(sort, key)) {
    case 'none':
      return key;
    case 'ascending':
      return `-${key}`;
    default:
      return null;
  }
}

/** The query as list parameters, with the table's fixed filters (e.g. account.roles 256 for end users). A value chosen
 * for a key the table fixes follows the fixed one, comma-separated: both must hold, so a filter only narrows
 * (the admin lists' role filter, users-and-wallets §6: `-256,64`). */
export function listParams(config: Pick<TableConfig, 'fixedFilters'>, query: TableQuery): Record<string, string> {
  const params: Record<string, string> = { 'page[number]': String(query.page), 'page[size]': String(query.pageSize) };
  if (query.sort) params.sort = query.sort;
  const fixed = config.fixedFilters ?? {};
  for (const key of new Set([...Object.keys(query.filters), ...Object.keys(fixed)])) {
    const values = new Set([fixed[key], query.filters[key]].filter((value): value is string => value !== undefined && value !== ''));
    if (values.size > 0) params[`filter[${key}]`] = [...values].join(',');
  }
  return params;
}
