// A server-paged table drawn from a table file (schemas/tables/<id>.json) on Mantine's Table; the logic is in
// useSchemaTable. Sortable headers are buttons with aria-sort, filters are labelled, row actions are labelled
// buttons, and a row opens with Enter or a click.
import { Fragment, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
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
} from '@mantine/core';
import { flexRender, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FlatRecord, ListMeta } from '../../api/jsonapi';
import { readPath } from '../../api/jsonapi';
import { config as bundledConfig } from '../../config';
import type { ColorMap, OptionsSource, TableColumn, TableConfig, Tenant } from '../../config/types';
import type { RuleContext } from '../../config/rules';
import { formatAmount, formatDate, formatNumber } from '../format';
import { badgeColor } from './colors';
import type { TableQuery } from './table-query';
import { EXPAND_COLUMN, SELECT_COLUMN, useSchemaTable, type SchemaTableModel } from './useSchemaTable';

/** Pages with more rows than this render only the rows in view. */
export const VIRTUALIZE_FROM = 100;
const ROW_HEIGHT = 45;

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
  selectable?: boolean;
  onSelectionChange?: (rows: FlatRecord[]) => void;
  /** Content of an expanded row; rows get an expand button when given. */
  renderExpanded?: (row: FlatRecord) => ReactNode;
  /** The table's accessible name; the table file's title (tenant-relabelled) by default. */
  title?: string;
  emptyText?: string;
}

function filterOptions(column: TableColumn, lists: SchemaTableProps['lists']): { value: string; label: string }[] {
  const source = column.filterOptions;
  if (Array.isArray(source)) return source.map((option) => ({ value: String(option.value), label: option.label }));
  if (!source) return [];
  const { operation, value, label } = source as OptionsSource;
  return (lists?.[operation] ?? []).map((row) => ({ value: String(row[value] ?? ''), label: String(row[label] ?? row[value] ?? '') }));
}

function CellContent({ column, row, index, model, colorMaps, onRowAction }: {
  column: TableColumn;
  row: FlatRecord;
  index: number;
  model: SchemaTableModel;
  colorMaps: Record<string, ColorMap>;
  onRowAction?: SchemaTableProps['onRowAction'];
}) {
  const value = column.field ? readPath(row, column.field) : undefined;
  switch (column.format) {
    case 'rowNumber':
      return <>{model.rowNumber(index)}</>;
    case 'number':
      return <>{formatNumber(value as number | string | null | undefined)}</>;
    case 'money':
      return <>{formatAmount(value as number | string | null | undefined)}</>;
    case 'date':
      return <>{formatDate(value as string | null | undefined)}</>;
    case 'boolean':
      return <>{value === true ? 'Yes' : value === false ? 'No' : ''}</>;
    case 'badge':
      return value === undefined || value === null || value === '' ? null : (
        <Badge color={badgeColor(colorMaps, column.colorMap, value)} variant="dot">
          {String(value)}
        </Badge>
      );
    case 'avatarName': {
      const image = column.avatarField ? readPath(row, column.avatarField) : undefined;
      return (
        <Group gap="xs" wrap="nowrap">
          <Avatar src={typeof image === 'string' ? image : null} alt="" size="sm" radius="xl" />
          <span>{value === undefined || value === null ? '' : String(value)}</span>
        </Group>
      );
    }
    case 'actions':
      return (
        <Group gap={4} wrap="nowrap">
          {model.rowActionsFor(row).map((action) => (
            <Button
              key={action.id}
              size="compact-xs"
              variant="light"
              onClick={(event) => {
                event.stopPropagation();
                onRowAction?.(action.id, row);
              }}
              onKeyDown={(event) => event.stopPropagation()}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      );
    default:
      return <>{value === undefined || value === null ? '' : String(value)}</>;
  }
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
        data={filterOptions(column, lists)}
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
  });
  const { table, columns, view } = model;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows.filter((row) => row.depth === 0);
  const virtualize = rows.length > VIRTUALIZE_FROM;
  const virtualizer = useVirtualizer({
    count: virtualize ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Scroll updates need not be synchronous: flushSync on every scroll event re-renders the rows in one long task.
    useFlushSync: false,
    initialRect: { width: 1000, height: 12 * ROW_HEIGHT },
  });
  const hasFilters = columns.some((column) => column.filter);
  const columnCount = table.getVisibleLeafColumns().length;

  const openOnKey = (event: KeyboardEvent<HTMLTableRowElement>, row: FlatRecord) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onRowOpen?.(row);
    }
  };

  const renderRow = (row: Row<FlatRecord>, index: number) => (
    <Fragment key={row.id}>
      <Table.Tr
        aria-rowindex={model.rowNumber(index) + (hasFilters ? 2 : 1)}
        aria-selected={selectable ? row.getIsSelected() : undefined}
        tabIndex={onRowOpen ? 0 : undefined}
        onClick={onRowOpen ? () => onRowOpen(row.original) : undefined}
        onKeyDown={onRowOpen ? (event) => openOnKey(event, row.original) : undefined}
        style={onRowOpen ? { cursor: 'pointer' } : undefined}
      >
        {row.getVisibleCells().map((cell) => {
          if (cell.column.id === SELECT_COLUMN) {
            return (
              <Table.Td key={cell.id} onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select row ${model.rowNumber(index)}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                  onKeyDown={(event) => event.stopPropagation()}
                />
              </Table.Td>
            );
          }
          if (cell.column.id === EXPAND_COLUMN) {
            return (
              <Table.Td key={cell.id}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={row.getIsExpanded() ? `Collapse row ${model.rowNumber(index)}` : `Expand row ${model.rowNumber(index)}`}
                  aria-expanded={row.getIsExpanded()}
                  onClick={(event) => {
                    event.stopPropagation();
                    row.toggleExpanded();
                  }}
                  onKeyDown={(event) => event.stopPropagation()}
                >
                  {row.getIsExpanded() ? '−' : '+'}
                </ActionIcon>
              </Table.Td>
            );
          }
          const column = (cell.column.columnDef.meta as { column: TableColumn } | undefined)?.column;
          return (
            <Table.Td key={cell.id} w={column?.width}>
              {column ? (
                <CellContent column={column} row={row.original} index={index} model={model} colorMaps={colorMaps} onRowAction={onRowAction} />
              ) : (
                flexRender(cell.column.columnDef.cell, cell.getContext())
              )}
            </Table.Td>
          );
        })}
      </Table.Tr>
      {row.getIsExpanded() && renderExpanded && (
        <Table.Tr>
          <Table.Td colSpan={columnCount}>{renderExpanded(row.original)}</Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );

  const virtualItems = virtualize ? virtualizer.getVirtualItems() : [];
  const paddingTop = virtualItems[0]?.start ?? 0;
  const paddingBottom = virtualize ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0) : 0;

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
  } else if (virtualize) {
    body = (
      <>
        {paddingTop > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
        {virtualItems.map((item) => {
          const row = rows[item.index];
          return row ? renderRow(row, item.index) : null;
        })}
        {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
      </>
    );
  } else {
    body = rows.map((row, index) => renderRow(row, index));
  }

  const { pageInfo } = model;
  return (
    <Box pos="relative">
      {model.toolbarActions.length > 0 && (
        <Group justify="flex-end" mb="sm">
          {model.toolbarActions.map((action) => (
            <Button key={action.id} onClick={() => onToolbarAction?.(action.id)}>
              {action.label}
            </Button>
          ))}
        </Group>
      )}
      <LoadingOverlay visible={loading && rows.length > 0} loaderProps={{ 'aria-label': 'Loading...' }} />
      <Box ref={scrollRef} style={virtualize ? { maxHeight: '70vh', overflow: 'auto' } : { overflowX: 'auto' }}>
        <Table
          striped
          highlightOnHover={onRowOpen !== undefined}
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
                  <Table.Th key={header.id} w={column.width} aria-sort={column.sortable ? model.sortState(column) : undefined}>
                    {column.sortable ? <SortHeader column={column} model={model} /> : column.header}
                  </Table.Th>
                );
              })}
            </Table.Tr>
            {hasFilters && (
              <Table.Tr>
                {table.getHeaderGroups()[0]?.headers.map((header) => {
                  const column = (header.column.columnDef.meta as { column: TableColumn } | undefined)?.column;
                  return <Table.Th key={header.id}>{column?.filter ? <FilterCell column={column} model={model} lists={lists} /> : null}</Table.Th>;
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
