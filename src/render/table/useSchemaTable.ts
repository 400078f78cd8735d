// The headless part of SchemaTable: which columns and actions show (rules and the tenant's hidden columns), sort
// and filter state turned into query changes, paging from the server's meta, row selection and expansion.
// Fetching is useTableController's job: it passes the rows and meta it got for `query` and refetches on onQueryChange.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type RowSelectionState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import type { FlatRecord, ListMeta } from '../../api/jsonapi';
import { readPath } from '../../api/jsonapi';
import { tableView } from '../../config/catalogue';
import { evaluateRule, type RuleContext } from '../../config/rules';
import type { RowAction, TableColumn, TableConfig, Tenant, ToolbarFilter } from '../../config/types';
import './column-meta';
import { filterKeyOf, nextSort, sortDirection, sortKeyOf, type SortDirection, type TableQuery } from './table-query';
import { useLatest } from '../use-latest';

/** users-and-wallets §9: a column filter is sent after 1000 ms without typing. */
export const FILTER_DELAY_MS = 1000;

export interface SchemaTableOptions {
  data: readonly FlatRecord[];
  meta: ListMeta;
  query: TableQuery;
  onQueryChange: (next: TableQuery) => void;
  ruleContext: RuleContext;
  /** The selected tenant: its hiddenColumns and labels apply. */
  tenant?: Tenant | null;
  /** Adds a select column with select-all. */
  selectable?: boolean;
  onSelectionChange?: (rows: FlatRecord[]) => void;
  /** The ticked rows by row key, when the screen keeps them (e.g. a row click that ticks, remittances-and-payouts §2). */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (next: RowSelectionState) => void;
  /** Rows can expand to show this under them. */
  expandable?: boolean;
  /** Ids of toolbar filters shown whatever their visible rule (users-and-wallets §6: "or when forced"). */
  forceFilters?: readonly string[];
  /** Whether the screen runs a flow (./flows.ts); actions naming one it does not run are left out. All by default. */
  runsFlow?: (flow: string) => boolean;
}

const RUNS_EVERY_FLOW = () => true;

export interface PageInfo {
  page: number;
  pageSize: number;
  pageTotal: number;
  itemTotal: number;
  /** 1-based number of the first and last row shown; 0 when there are none. */
  firstRow: number;
  lastRow: number;
}

export const SELECT_COLUMN = '__select';
const NONE_FORCED: readonly string[] = [];
export const EXPAND_COLUMN = '__expand';

function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The columns a query chose, in its order (ids the table no longer shows are skipped); all of them without a choice. */
export function shownColumns(columns: readonly TableColumn[], chosen: readonly string[] | null | undefined): TableColumn[] {
  if (!chosen) return [...columns];
  const byId = new Map(columns.map((column) => [column.id, column]));
  const shown = chosen.flatMap((id) => {
    const column = byId.get(id);
    return column ? [column] : [];
  });
  // A choice that names none of the table's columns (an old link) shows the table as the file has it.
  return shown.length > 0 ? shown : [...columns];
}

function rowKey(config: TableConfig, row: FlatRecord, index: number): string {
  const key = readPath(row, config.rowKey);
  return key === undefined || key === null ? `row-${index}` : String(key);
}

export function useSchemaTable(config: TableConfig, options: SchemaTableOptions) {
  const { data, meta, query, onQueryChange, ruleContext, tenant = null, selectable = false, onSelectionChange, expandable = false, forceFilters = NONE_FORCED } = options;
  const { rowSelection: keptSelection, onRowSelectionChange, runsFlow = RUNS_EVERY_FLOW } = options;
  const view = useMemo(() => tableView(config, tenant, ruleContext), [config, tenant, ruleContext]);
  const shown = useMemo(() => shownColumns(view.columns, query.columns), [view.columns, query.columns]);
  const toolbarActions = useMemo(
    () => (config.toolbarActions ?? []).filter((action) => runsFlow(action.flow) && evaluateRule(action.visible, ruleContext)),
    [config, ruleContext, runsFlow],
  );
  const forced = forceFilters.join(',');
  const toolbarFilters = useMemo(() => {
    const ids = forced.split(',');
    return (config.toolbarFilters ?? []).filter((filter) => ids.includes(filter.id) || evaluateRule(filter.visible, ruleContext));
  }, [config, ruleContext, forced]);
  // Column and toolbar filters by input id (ids are unique among both, checked by check:config) and server key.
  const filterFields = useMemo(
    () => [
      ...view.columns.flatMap((column) => {
        const key = filterKeyOf(column);
        return key ? [{ id: column.id, key }] : [];
      }),
      ...toolbarFilters.map((filter: ToolbarFilter) => ({ id: filter.id, key: filter.filterKey })),
    ],
    [view.columns, toolbarFilters],
  );

  // Filter inputs live here while the user types; the query changes FILTER_DELAY_MS after the last keystroke.
  const inputsOf = useCallback(
    (filters: Record<string, string>) => {
      const inputs: Record<string, string> = {};
      for (const { id, key } of filterFields) {
        if (filters[key]) inputs[id] = filters[key];
      }
      return inputs;
    },
    [filterFields],
  );
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>(() => inputsOf(query.filters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useLatest({ query, onQueryChange, filterInputs });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The inputs follow filters changed from outside (the address on Back, a tenant switch), not the ones they sent.
  const sent = useRef(query.filters);
  useEffect(() => {
    if (sameFilters(sent.current, query.filters)) return;
    sent.current = query.filters;
    clearTimeout(timer.current);
    setFilterInputs(inputsOf(query.filters));
  }, [query.filters, inputsOf]);

  const sendFilters = useCallback(
    (inputs: Record<string, string>) => {
      const filters: Record<string, string> = {};
      for (const { id, key } of filterFields) {
        const value = inputs[id]?.trim();
        if (value) filters[key] = value;
      }
      sent.current = filters;
      const { query: current, onQueryChange: change } = latest.current;
      change({ ...current, page: 1, filters });
    },
    [filterFields, latest],
  );

  const setFilter = useCallback(
    (columnId: string, value: string, { immediate = false } = {}) => {
      const inputs = { ...latest.current.filterInputs, [columnId]: value };
      setFilterInputs(inputs);
      clearTimeout(timer.current);
      if (immediate) sendFilters(inputs);
      else timer.current = setTimeout(() => sendFilters(inputs), FILTER_DELAY_MS);
    },
    [sendFilters, latest],
  );

  const sortState = useCallback(
    (column: TableColumn): SortDirection => sortDirection(query.sort, sortKeyOf(column)),
    [query.sort],
  );

  const toggleSort = useCallback(
    (column: TableColumn) => {
      const key = sortKeyOf(column);
      if (key) onQueryChange({ ...query, page: 1, sort: nextSort(query.sort, key) });
    },
    [query, onQueryChange],
  );

  // users-and-wallets §9: other tables take the page size from the server's meta.
  const setPage = useCallback(
    (page: number) => onQueryChange({ ...query, page, pageSize: meta.pageSize || query.pageSize }),
    [query, meta.pageSize, onQueryChange],
  );

  const pageInfo: PageInfo = useMemo(() => {
    const pageSize = meta.pageSize || query.pageSize;
    const firstRow = data.length === 0 ? 0 : (meta.pageNumber - 1) * pageSize + 1;
    return {
      page: meta.pageNumber,
      pageSize,
      pageTotal: meta.pageTotal,
      itemTotal: meta.itemTotal,
      firstRow,
      lastRow: data.length === 0 ? 0 : firstRow + data.length - 1,
    };
  }, [meta, query.pageSize, data.length]);

  const rowNumber = useCallback((index: number) => (pageInfo.page - 1) * pageInfo.pageSize + index + 1, [pageInfo]);

  const rowActionsFor = useCallback(
    (row: FlatRecord): RowAction[] => (view.rowActions ?? []).filter((action) => runsFlow(action.flow) && evaluateRule(action.visibleForRow, row)),
    [view.rowActions, runsFlow],
  );

  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const rowSelection = keptSelection ?? ownSelection;
  const latestSelection = useRef({ rowSelection, onRowSelectionChange });
  latestSelection.current = { rowSelection, onRowSelectionChange };
  const setRowSelection = useCallback((updater: Updater<RowSelectionState>) => {
    const { rowSelection: current, onRowSelectionChange: change } = latestSelection.current;
    const next = typeof updater === 'function' ? updater(current) : updater;
    if (change) change(next);
    else setOwnSelection(next);
  }, []);
  const [expanded, setExpanded] = useState<ExpandedState>({});

  const columns = useMemo<ColumnDef<FlatRecord>[]>(() => {
    const defs: ColumnDef<FlatRecord>[] = shown.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row) => (column.field ? readPath(row, column.field) : undefined),
      enableSorting: false,
      meta: { column },
    }));
    if (expandable) defs.unshift({ id: EXPAND_COLUMN, header: '', enableSorting: false });
    if (selectable) defs.unshift({ id: SELECT_COLUMN, header: '', enableSorting: false });
    return defs;
  }, [shown, selectable, expandable]);

  const table: Table<FlatRecord> = useReactTable({
    data: data as FlatRecord[],
    columns,
    getRowId: (row, index) => rowKey(config, row, index),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: () => expandable,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount: meta.pageTotal,
    enableRowSelection: selectable,
    state: { rowSelection, expanded },
    onRowSelectionChange: setRowSelection,
    onExpandedChange: setExpanded,
  });

  const selectedRows = useMemo(
    () => data.filter((row, index) => rowSelection[rowKey(config, row, index)] === true),
    [data, rowSelection, config],
  );
  const reportSelection = useRef(onSelectionChange);
  reportSelection.current = onSelectionChange;
  useEffect(() => {
    reportSelection.current?.(selectedRows);
  }, [selectedRows]);

  return {
    view,
    table,
    /** The columns shown, as the query chose them. */
    columns: shown,
    /** Every column the rules and the tenant allow, for choosing. */
    availableColumns: view.columns,
    query,
    onQueryChange,
    ruleContext,
    tenant,
    toolbarActions,
    toolbarFilters,
    filterInputs,
    setFilter,
    sortState,
    toggleSort,
    setPage,
    pageInfo,
    rowNumber,
    rowActionsFor,
    runsFlow,
    selectedRows,
    rowSelection,
    expanded,
  };
}

export type SchemaTableModel = ReturnType<typeof useSchemaTable>;
