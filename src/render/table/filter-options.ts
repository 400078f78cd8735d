// The choices of a select filter (a column's or the toolbar's): fixed in the table file, or rows of a contract list.
import type { FilterOptions, OptionsSource } from '../../config/types';

/** Rows of list operations by operationId (reference lists), as select filters read them. */
export type FilterLists = Readonly<Partial<Record<string, readonly Record<string, unknown>[]>>>;

export function filterOptions(source: FilterOptions | undefined, lists: FilterLists | undefined): { value: string; label: string }[] {
  if (Array.isArray(source)) return source.map((option) => ({ value: String(option.value), label: option.label }));
  if (!source) return [];
  const { operation, value, label } = source as OptionsSource;
  return (lists?.[operation] ?? []).map((row) => ({ value: String(row[value] ?? ''), label: String(row[label] ?? row[value] ?? '') }));
}
