// A table's query in the address: ?page=&pageSize=&sort=&filter[<key>]=&columns=&view=, so a reload, coming Back or
// a link sent to a colleague shows the same page, columns and saved view. What equals the table file's defaults is
// left out, so a list opened plainly has a plain address; an empty `sort=` is "no sort" where the file has a default
// one. Other parameters (a date range) are the screen's.
import type { TableQuery } from './table-query';

const PAGE = 'page';
const PAGE_SIZE = 'pageSize';
const SORT = 'sort';
const COLUMNS = 'columns';
const VIEW = 'view';
const FILTER = /^filter\[(.+)\]$/;

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

function isTableParam(name: string): boolean {
  return name === PAGE || name === PAGE_SIZE || name === SORT || name === COLUMNS || name === VIEW || FILTER.test(name);
}

export function hasTableQuery(search: URLSearchParams): boolean {
  return [...search.keys()].some(isTableParam);
}

export function queryFromSearch(search: URLSearchParams, initial: TableQuery): TableQuery {
  const filters: Record<string, string> = {};
  for (const [name, value] of search) {
    const key = FILTER.exec(name)?.[1];
    if (key && value) filters[key] = value;
  }
  const columns = search.get(COLUMNS);
  return {
    page: positiveInteger(search.get(PAGE)) ?? initial.page,
    pageSize: positiveInteger(search.get(PAGE_SIZE)) ?? initial.pageSize,
    sort: search.has(SORT) ? search.get(SORT) || null : initial.sort,
    filters,
    columns: columns ? columns.split(',').filter((id) => id !== '') : null,
    view: search.get(VIEW) || null,
  };
}

/** `search` with the table's parameters replaced by `query`'s, the others kept. */
export function searchWithQuery(search: URLSearchParams, query: TableQuery, initial: TableQuery): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([name]) => !isTableParam(name)));
  if (query.page !== initial.page) next.set(PAGE, String(query.page));
  if (query.pageSize !== initial.pageSize) next.set(PAGE_SIZE, String(query.pageSize));
  if (query.sort !== initial.sort) next.set(SORT, query.sort ?? '');
  for (const [key, value] of Object.entries(query.filters)) {
    if (value) next.set(`filter[${key}]`, value);
  }
  if (query.columns) next.set(COLUMNS, query.columns.join(','));
  if (query.view) next.set(VIEW, query.view);
  return next;
}
