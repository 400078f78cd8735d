// Whether a saved view still fits its table: its columns are the table file's (schemas/tables/<id>.json), and its
// filters, sort and page size are list parameters its operation takes, checked by the operation's own query
// validation (http/list-queries.ts), so a view can never make its list refuse what its address would not.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Table } from '../../src/generated/config-types.ts';
import type { TellerContext } from '../context.ts';
import type { ViewState } from '../domain/views/table-views.ts';
import type { ListQueries } from '../http/list-queries.ts';

/** A part of a view's state its table no longer takes: where (a JSON pointer into the state), what, and why. */
export interface ViewFault {
  pointer: string;
  value: string;
  detail: string;
}

const tables = new Map<string, { modified: number; table: Table }>();

/** The table file `id` as it is now (re-read when it changes), undefined when there is none. */
function tableFile(configDir: string, id: string): Table | undefined {
  const path = join(configDir, 'schemas', 'tables', `${id}.json`);
  let modified: number;
  try {
    modified = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  const known = tables.get(path);
  if (known?.modified === modified) return known.table;
  const table = JSON.parse(readFileSync(path, 'utf8')) as Table;
  tables.set(path, { modified, table });
  return table;
}

export interface ViewRules {
  table: Table;
  faults: (state: ViewState) => ViewFault[];
  /** The state without its faulty parts: a dropped sort or page size falls back to the table's own. */
  without: (state: ViewState, faults: readonly ViewFault[]) => ViewState;
}

/** The rules of table `id`'s views, undefined when there is no such table file. */
export function viewRules(teller: Pick<TellerContext, 'configDir' | 'listQueries'>, id: string): ViewRules | undefined {
  const table = tableFile(teller.configDir, id);
  if (!table) return undefined;
  const queries: ListQueries = teller.listQueries;
  const operation = table.operation;
  const columnIds = new Set(table.columns.map((column) => column.id));
  return {
    table,
    faults(state) {
      const found: ViewFault[] = [];
      (state.columns ?? []).forEach((column, index) => {
        if (!columnIds.has(column)) found.push({ pointer: `/columns/${index}`, value: column, detail: `${table.id} has no column '${column}'` });
      });
      // As the list's address would send them.
      const params: Record<string, string> = { 'page[size]': String(state.pageSize) };
      const pointers: Record<string, string> = { 'page[size]': '/pageSize' };
      for (const [key, value] of Object.entries(state.filters)) {
        const name = `filter[${key}]`;
        if (queries.takes(operation, name)) {
          params[name] = value;
          pointers[name] = `/filters/${key}`;
        } else found.push({ pointer: `/filters/${key}`, value, detail: `${operation} takes no ${name}` });
      }
      if (state.sort !== null) {
        if (queries.takes(operation, 'sort')) {
          params.sort = state.sort;
          pointers.sort = '/sort';
        } else found.push({ pointer: '/sort', value: state.sort, detail: `${operation} takes no sort` });
      }
      for (const [name, message] of queries.faults(operation, params)) {
        found.push({ pointer: pointers[name] ?? `/${name}`, value: params[name] ?? '', detail: `${name} ${message}` });
      }
      return found.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
    },
    without(state, faults) {
      const dropped = new Set(faults.map((fault) => fault.pointer));
      const columns = state.columns?.filter((_, index) => !dropped.has(`/columns/${index}`)) ?? null;
      const filters = Object.fromEntries(Object.entries(state.filters).filter(([key]) => !dropped.has(`/filters/${key}`)));
      const listDefault = queries.defaultOf(operation, 'page[size]');
      const pageSize = table.pageSize ?? (typeof listDefault === 'number' ? listDefault : state.pageSize);
      return {
        columns: columns && columns.length > 0 ? columns : null,
        filters,
        sort: dropped.has('/sort') ? (table.defaultSort ?? null) : state.sort,
        pageSize: dropped.has('/pageSize') ? pageSize : state.pageSize,
      };
    },
  };
}

/** A refusal's fields (`/data/attributes/<field>`) for the faults of a view's state, each saying what the list refuses. */
export function faultFields(faults: readonly ViewFault[]): Record<string, string> {
  return Object.fromEntries(faults.map((fault) => [`state${fault.pointer}`, `The list does not take '${fault.value}' here: ${fault.detail}`]));
}
