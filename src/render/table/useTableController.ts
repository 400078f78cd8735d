// The headless controller of a list screen (react-admin's useListController): the table file by id, its query in
// the address, one page fetched by the table's operation (its source, ./table-sources.tsx), the reference lists its
// select filters offer, loading and the error text, as the props SchemaTable draws. A list screen is this hook plus
// its own parts: `<SchemaTable {...useTableController('users').tableProps} onRowOpen={open} />`.
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTableViews } from '../../api/views';
import { errorText } from '../../api/errors';
import { DEFAULT_META } from '../../api/jsonapi';
import { tableView } from '../../config/catalogue';
import { useConfig } from '../../config/context';
import { EMPTY_RULE_CONTEXT, type RuleContext } from '../../config/rules';
import { useOptionalStaffContext } from '../../config/staff-context';
import { CHECK_COMMAND, ConfigError } from '../../config/config-error';
import type { TableId } from '../../config/registry';
import type { ConfigSet, TableConfig } from '../../config/types';
import { useReferenceLists } from './reference-lists';
import type { SchemaTableProps } from './SchemaTable';
import { initialTableQuery, listParams, type TableQuery } from './table-query';
import { useTableSource } from './table-sources';
import { queryOfView } from './table-views';
import { hasTableQuery } from './url-query';
import { useTableQuery, type SetTableQuery } from './useTableQuery';

export interface TableControllerOptions {
  /** List parameters the screen adds to every page, e.g. filter[userId] or a date range. */
  params?: Readonly<Record<string, string>>;
  /** The rule context the table's rules are evaluated in, and whose tenant asks; the signed-in staff member's by default. */
  ruleContext?: RuleContext;
  /** Keeps the query in the component instead of the address: a table inside a panel, under a list that owns it. */
  disableSyncWithLocation?: boolean;
  /** Toolbar filters shown whatever their visible rule (users-and-wallets §6: "or when forced"). */
  forceFilters?: readonly string[];
  /** The text a failure shows when the server gives no message (a screen's own fallback, e.g. identity-and-catalogue §8). */
  errorFallback?: string;
}

/** The props of SchemaTable the controller gives; the screen adds its handlers (onRowOpen, flows...). */
export type ControlledTableProps = Pick<
  SchemaTableProps,
  'config' | 'title' | 'data' | 'meta' | 'query' | 'onQueryChange' | 'ruleContext' | 'tenant' | 'loading' | 'error' | 'lists' | 'forceFilters' | 'savedViews'
>;

export interface TableController {
  table: TableConfig;
  /** The table file's title as the tenant labels it, else its id. */
  title: string;
  query: TableQuery;
  setQuery: SetTableQuery;
  /** The list parameters of the page shown, the screen's own included (an export asks for the same rows). */
  params: Readonly<Record<string, string>>;
  tableProps: ControlledTableProps;
}

/** A list screen cannot work without its table file; its absence is a build mistake, so say which file. */
function requireTable(set: ConfigSet, id: string): TableConfig {
  const table = set.tables[id];
  const file = `schemas/tables/${id}.json`;
  if (!table) throw new ConfigError(file, `No table "${id}": the screen draws ${file}; restore it, then run ${CHECK_COMMAND}`);
  return table;
}

/** The same object while the parameters are the same, whatever object the screen passed this render. */
function useSameParams(params: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  const text = JSON.stringify(params ?? {});
  const kept = useRef({ text, params: params ?? {} });
  if (kept.current.text !== text) kept.current = { text, params: params ?? {} };
  return kept.current.params;
}

/** A list opened plainly (no table query in the address) opens with the tenant's default view of the table, once. */
function useDefaultView(table: string, tenant: string | null, inAddress: boolean, setQuery: SetTableQuery): void {
  const [search] = useSearchParams();
  const plain = inAddress && !hasTableQuery(search);
  const views = useTableViews({ table, tenant }, inAddress);
  const fallback = views.data?.find((view) => view.isDefault);
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!plain || !fallback || applied.current === `${tenant}:${fallback.id}`) return;
    applied.current = `${tenant}:${fallback.id}`;
    setQuery(queryOfView(fallback));
  }, [plain, fallback, tenant, setQuery]);
}

export function useTableController(tableId: TableId, options: TableControllerOptions = {}): TableController {
  const { set, getTenant } = useConfig();
  const table = requireTable(set, tableId);
  const source = useTableSource(table);
  const staff = useOptionalStaffContext();
  const ruleContext = options.ruleContext ?? staff?.ruleContext ?? EMPTY_RULE_CONTEXT;
  const tenantId = ruleContext.tenant;
  const tenant = useMemo(() => (tenantId ? (getTenant(tenantId) ?? null) : null), [getTenant, tenantId]);

  const initial = useMemo(() => initialTableQuery(table), [table]);
  const inAddress = !options.disableSyncWithLocation;
  const [query, setQuery] = useTableQuery(initial, tenantId, inAddress);
  useDefaultView(table.id, tenantId, inAddress, setQuery);
  const screenParams = useSameParams(options.params);
  const params = useMemo(() => ({ ...listParams(table, query), ...screenParams }), [table, query, screenParams]);
  const lists = useReferenceLists(table);
  const { page, rows } = source.usePage({ tenant: tenantId, params }, lists, table.operation);
  const choices = useMemo(() => (source.choices ? source.choices(lists, query) : lists), [source, lists, query]);
  const title = useMemo(() => tableView(table, tenant, ruleContext).title ?? table.id, [table, tenant, ruleContext]);

  return {
    table,
    title,
    query,
    setQuery,
    params,
    tableProps: {
      config: table,
      title,
      data: rows,
      meta: page.data?.meta ?? DEFAULT_META,
      query,
      onQueryChange: setQuery,
      ruleContext,
      tenant,
      loading: page.isFetching,
      error: page.isError ? errorText(page.error, options.errorFallback) : null,
      lists: choices,
      forceFilters: options.forceFilters,
      savedViews: inAddress,
    },
  };
}
