// The values a table file names for its list operation, against the values the contract says it takes: what the
// table always filters by (fixedFilters), what a select filter offers (fixed filterOptions), and the column the list
// starts sorted by (defaultSort). A value the operation never takes lists nothing; a default sort with no column
// leaves staff a list in an order no heading shows.
import type { FilterOptions, TableConfig } from '../types.ts';
import type { Contract } from './contract.ts';
import { listOf, pointer, type Problem } from './problems.ts';

/** Each value a table sends as filter[key] that the operation's filter parameter never takes (its enum). */
export function filterValueProblems(file: string, table: TableConfig, contract: Contract): Problem[] {
  const operation = table.operation;
  const refused = (at: string, key: string, values: readonly string[]): Problem[] => {
    const allowed = contract.parameterEnum(operation, `filter[${key}]`);
    const unknown = allowed ? values.filter((one) => !allowed.includes(one)) : [];
    return unknown.length === 0 ? [] : [{ file, pointer: at, message: `filter[${key}] of ${operation} is never ${listOf(unknown)}`, fix: `use ${listOf(allowed ?? [], 24)}` }];
  };
  const offered = (at: string, key: string, options: FilterOptions | undefined): Problem[] =>
    Array.isArray(options) ? options.flatMap((option, index) => refused(pointer(at, 'filterOptions', index, 'value'), key, [String(option.value)])) : [];
  return [
    ...Object.entries(table.fixedFilters ?? {}).flatMap(([key, value]) => refused(pointer('/fixedFilters', key), key, String(value).split(','))),
    ...table.columns.flatMap((column, index) => {
      const key = column.filterKey ?? column.field;
      return column.filter === 'select' && key ? offered(pointer('/columns', index), key, column.filterOptions) : [];
    }),
    ...(table.toolbarFilters ?? []).flatMap((filter, index) => offered(pointer('/toolbarFilters', index), filter.filterKey, filter.filterOptions)),
  ];
}

/** The default sort names a sortable column (its sortKey, else its field), so the list opens in an order a heading shows. */
export function defaultSortColumnProblem(file: string, table: TableConfig): Problem | undefined {
  if (!table.defaultSort) return undefined;
  const key = table.defaultSort.replace(/^-/, '');
  const sortable = table.columns.flatMap((column) => (column.sortable && (column.sortKey ?? column.field) ? [column.sortKey ?? column.field ?? ''] : []));
  if (sortable.includes(key)) return undefined;
  return {
    file,
    pointer: '/defaultSort',
    message: `no sortable column of this table sorts by '${key}'`,
    fix: sortable.length > 0 ? `use ${listOf(sortable.flatMap((one) => [one, `-${one}`]), 24)}, or make the column that shows ${key} sortable` : `make the column that shows ${key} sortable`,
  };
}
