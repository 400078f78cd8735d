// A server-paged table drawn from a table file (schemas/tables/<id>.json) on Mantine's Table; the logic is in
// useSchemaTable. Sortable headers are buttons with aria-sort, filters are labelled, row actions are labelled
// buttons, and a row opens with Enter or a click.
import { useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  LoadingOverlay,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  rem,
} from '@mantine/core';
import type { FlatRecord, ListMeta } from '../../api/jsonapi';
import { config as bundledConfig } from '../../config';
import type { ColorMap, FilterOptions, OptionsSource, TableColumn, TableConfig, Tenant, ToolbarFilter } from '../../config/types';
import type { RuleContext } from '../../config/rules';
import { SchemaTableRows, virtualizes, type BodyColumn, type BodyLook, type RowHandlers } from './SchemaTableBody';
import { cellRenderer, type CellRendererContext } from './table-cells';
import type { TableQuery } from './table-query';
import { EXPAND_COLUMN, SELECT_COLUMN, useSchemaTable, type SchemaTableModel } from './useSchemaTable';

export { VIRTUALIZE_FROM } from './SchemaTableBody';

export interface SchemaTableProps {
  config: TableConfig;
  data: readonly FlatRecord[];
  meta: ListMeta;
  query: TableQuery;
  onQueryChange: (next: TableQuery) => void;
  ruleContext: RuleContext;
  tenant?: Tenant | null;
  loading?: boolean;
  /** A failed load: the message shown instead of rows. */
  error?: string | null;
  /** Colour maps for badge columns; the bundled schemas/tables/color-maps.json by default. */
  colorMaps?: Record<string, ColorMap>;
  /** Rows of list operations by operationId, for select filters whose options come from the gateway. */
  lists?: Record<string, readonly Record<string, unknown>[]>;
  /** Choosing a row (click or Enter), e.g. to open the side panel. */
  onRowOpen?: (row: FlatRecord) => void;
  onRowAction?: (actionId: string, row: FlatRecord) => void;
  onToolbarAction?: (actionId: string) => void;
  /** Ids of toolbar filters shown whatever their visible rule (users-and-wallets §6: "or when forced"). */
  forceFilters?: readonly string[];
  selectable?: boolean;
  onSelectionChange?: (rows: FlatRecord[]) => void;
  /** Content of an expanded row; rows get an expand button when given. */
  renderExpanded?: (row: FlatRecord) => ReactNode;
  /** The table's accessible name; the table file's title (tenant-relabelled) by default. */
  title?: string;
  emptyText?: string;
}

function filterOptions(source: FilterOptions | undefined, lists: SchemaTableProps['lists']): { value: string; label: string }[] {
  if (Array.isArray(source)) return source.map((option) => ({ value: String(option.value), label: option.label }));
  if (!source) return [];
  const { operation, value, label } = source as OptionsSource;
  return (lists?.[operation] ?? []).map((row) => ({ value: String(row[value] ?? ''), label: String(row[label] ?? row[value] ?? '') }));
}

function SortHeader({ column, model }: { column: TableColumn; model: SchemaTableModel }) {
  const direction = model.sortState(column);
  const arrow = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <UnstyledButton onClick={() => model.toggleSort(column)} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <span>{column.header}</span>
        <Text span size="xs" c={direction === 'none' ? 'dimmed' : undefined} aria-hidden>
          {arrow}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function FilterCell({ column, model, lists }: { column: TableColumn; model: SchemaTableModel; lists: SchemaTableProps['lists'] }) {
  const label = `Filter ${column.header || column.id}`;
  const value = model.filterInputs[column.id] ?? '';
  if (column.filter === 'select') {
    return (
      <Select
        aria-label={label}
        size="xs"
        data={filterOptions(column.filterOptions, lists)}
        value={value || null}
        clearable
        onChange={(next) => model.setFilter(column.id, next ?? '', { immediate: true })}
      />
    );
  }
  if (column.filter === 'text' || column.filter === 'dateRange') {
    return (
      <TextInput
        aria-label={label}
        size="xs"
        placeholder={column.filter === 'dateRange' ? 'YYYY-MM-DD,YYYY-MM-DD' : undefined}
        value={value}
        onChange={(event) => model.setFilter(column.id, event.currentTarget.value)}
      />
    );
  }
  return null;
}

/** The table's filters that are not columns, e.g. the admin lists' Role (users-and-wallets §6); a choice applies at once. */
function ToolbarFilters({ filters, model, lists }: { filters: readonly ToolbarFilter[]; model: SchemaTableModel; lists: SchemaTableProps['lists'] }) {
  return (
    <Group gap="sm">
      {filters.map((filter) => (
        <Select
          key={filter.id}
          label={filter.label}
          size="xs"
          data={filterOptions(filter.filterOptions, lists)}
          value={model.filterInputs[filter.id] || null}
          clearable
          onChange={(next) => model.setFilter(filter.id, next ?? '', { immediate: true })}
        />
      ))}
    </Group>
  );
}

export function SchemaTable(props: SchemaTableProps) {
  const {
    config,
    data,
    meta,
    query,
    onQueryChange,
    ruleContext,
    tenant,
    loading = false,
    error,
    colorMaps = bundledConfig.colorMaps,
    lists,
    onRowOpen,
    onRowAction,
    onToolbarAction,
    forceFilters,
    selectable,
    onSelectionChange,
    renderExpanded,
    title,
    emptyText = 'No records found',
  } = props;
  const model = useSchemaTable(config, {
    data,
    meta,
    query,
    onQueryChange,
    ruleContext,
    tenant,
    selectable,
    onSelectionChange,
    expandable: renderExpanded !== undefined,
    forceFilters,
  });
  const { table, columns, view, rowActionsFor, rowSelection, expanded } = model;
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const rows = table.getRowModel().rows.filter((row) => row.depth === 0);
  const virtualize = virtualizes(rows.length);
  const hasFilters = columns.some((column) => column.filter);
  const leafColumns = table.getVisibleLeafColumns();
  const columnCount = leafColumns.length;

  // Rows read the latest callbacks through these stable handlers, so a parent's new arrow functions re-render no row.
  const latest = useRef({ onRowOpen, onRowAction });
  latest.current = { onRowOpen, onRowAction };
  const openable = onRowOpen !== undefined;
  const handlers = useMemo<RowHandlers>(() => ({ openable, open: (row) => latest.current.onRowOpen?.(row) }), [openable]);
  const bodyColumns = useMemo<BodyColumn[]>(() => {
    const context: CellRendererContext = { colorMaps, rowActionsFor, onRowAction: (actionId, row) => latest.current.onRowAction?.(actionId, row) };
    return leafColumns.map((leaf): BodyColumn => {
      if (leaf.id === SELECT_COLUMN) return { kind: 'select', id: leaf.id };
      if (leaf.id === EXPAND_COLUMN) return { kind: 'expand', id: leaf.id };
      const column = (leaf.columnDef.meta as { column: TableColumn } | undefined)?.column;
      return {
        kind: 'cell',
        id: leaf.id,
        render: column ? cellRenderer(column, context) : null,
        style: cellStyle(column),
      };
    });
  }, [leafColumns, colorMaps, rowActionsFor]);
  const look = useMemo<BodyLook>(() => ({ striped: true, hover: openable }), [openable]);

  let body: ReactNode;
  if (error) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Center py="lg">{loading ? <Loader size="sm" aria-label="Loading..." /> : <Text c="dimmed">{emptyText}</Text>}</Center>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = (
      <SchemaTableRows
        rows={rows}
        columns={bodyColumns}
        firstRowNumber={model.rowNumber(0)}
        headerRows={hasFilters ? 2 : 1}
        look={look}
        handlers={handlers}
        renderExpanded={renderExpanded}
        rowSelection={rowSelection}
        expandedRows={expanded}
        scrollElement={scrollElement}
      />
    );
  }

  const { pageInfo } = model;
  return (
    <Box pos="relative">
      {(model.toolbarActions.length > 0 || model.toolbarFilters.length > 0) && (
        <Group justify="space-between" align="flex-end" mb="sm">
          <ToolbarFilters filters={model.toolbarFilters} model={model} lists={lists} />
          <Group gap="sm">
            {model.toolbarActions.map((action) => (
              <Button key={action.id} onClick={() => onToolbarAction?.(action.id)}>
                {action.label}
              </Button>
            ))}
          </Group>
        </Group>
      )}
      <LoadingOverlay visible={loading && rows.length > 0} loaderProps={{ 'aria-label': 'Loading...' }} />
      <Box ref={setScrollElement} style={virtualize ? { maxHeight: '70vh', overflow: 'auto' } : { overflowX: 'auto' }}>
        <Table
          striped
          highlightOnHover={openable}
          aria-label={title ?? view.title ?? config.id}
          aria-rowcount={virtualize ? pageInfo.itemTotal + (hasFilters ? 2 : 1) : undefined}
          aria-busy={loading || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {table.getHeaderGroups()[0]?.headers.map((header) => {
                if (header.column.id === SELECT_COLUMN) {
                  return (
                    <Table.Th key={header.id} w={40}>
                      <Checkbox
                        aria-label="Select all rows"
                        checked={table.getIsAllPageRowsSelected()}
                        indeterminate={table.getIsSomePageRowsSelected()}
                        onChange={table.getToggleAllPageRowsSelectedHandler()}
                      />
                    </Table.Th>
                  );
                }
                if (header.column.id === EXPAND_COLUMN) {
                  return <Table.Th key={header.id} w={40} aria-label="Details" />;
                }
                const column = (header.column.columnDef.meta as { column: TableColumn } | undefined)?.column;
                if (!column) return <Table.Th key={header.id} />;
                return (
                  <Table.Th key={header.id} w={column.width} style={column.format === 'actions' ? PINNED_ACTIONS : undefined} aria-sort={column.sortable ? model.sortState(column) : undefined}>
                    {column.sortable ? <SortHeader column={column} model={model} /> : column.header}
                  </Table.Th>
                );
              })}
            </Table.Tr>
            {hasFilters && (
              <Table.Tr>
                {table.getHeaderGroups()[0]?.headers.map((header) => {
                  const column = (header.column.columnDef.meta as { column: TableColumn } | undefined)?.column;
                  return <Table.Th key={header.id} style={column?.format === 'actions' ? PINNED_ACTIONS : undefined}>{column?.filter ? <FilterCell column={column} model={model} lists={lists} /> : null}</Table.Th>;
                })}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Box>
      {!error && pageInfo.itemTotal > 0 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {`Showing ${pageInfo.firstRow} to ${pageInfo.lastRow} of ${pageInfo.itemTotal}`}
          </Text>
          {pageInfo.pageTotal > 1 && (
            <Pagination
              total={pageInfo.pageTotal}
              value={pageInfo.page}
              onChange={model.setPage}
              size="sm"
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) =>
                ({ first: { 'aria-label': 'First page' }, previous: { 'aria-label': 'Previous page' }, next: { 'aria-label': 'Next page' }, last: { 'aria-label': 'Last page' } })[control]
              }
            />
          )}
        </Group>
      )}
    </Box>
  );
}

// A wide table scrolls sideways; its row actions stay in view at the right edge so a row can always be acted on.
const PINNED_ACTIONS: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  backgroundColor: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
};

function cellStyle(column: TableColumn | undefined): CSSProperties | undefined {
  if (!column) return undefined;
  const width = column.width === undefined ? undefined : { width: rem(column.width) };
  return column.format === 'actions' ? { ...PINNED_ACTIONS, ...width } : width;
}
