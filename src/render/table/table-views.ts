// A table's query as a saved view's state and back (src/api/views): columns, filters, sort and page size.
import type { TableView, TableViewState } from '../../api/views';
import type { TableQuery } from './table-query';

/** The contract's largest page size of a saved view. */
export const MAX_VIEW_PAGE_SIZE = 100;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function viewState(query: TableQuery): TableViewState {
  return {
    columns: query.columns ? [...query.columns] : null,
    filters: { ...query.filters },
    sort: query.sort,
    pageSize: Math.min(query.pageSize, MAX_VIEW_PAGE_SIZE),
  };
}

export function queryOfView(view: Pick<TableView, 'id' | 'state'>): TableQuery {
  const { state } = view;
  return { page: 1, pageSize: state.pageSize, sort: state.sort, filters: { ...state.filters }, columns: state.columns, view: view.id };
}

/** Moves column `id` one place up (-1) or down (+1) among `order`. */
export function moveColumn(order: readonly string[], id: string, step: -1 | 1): string[] {
  const next = [...order];
  const from = next.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}
