// The head of a SchemaTable: select-all, sortable headers as buttons with aria-sort, and a row of labelled filters
// when any column filters (a select applies at once, typing after FILTER_DELAY_MS).
import { Checkbox, Group, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { TableColumn } from '../../config/types';
import { columnClass, filterRowStyle, headerStyle } from './column-style';
import { filterOptions, type FilterLists } from './filter-options';
import { EXPAND_COLUMN, SELECT_COLUMN, type SchemaTableModel } from './useSchemaTable';

function SortHeader({ column, model }: { column: TableColumn; model: SchemaTableModel }) {
  const direction = model.sortState(column);
  const arrow = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <UnstyledButton onClick={() => model.toggleSort(column)} fw={600} fz="sm">
      {/* The arrow may go under a long header in a narrow column (the remittance table's Description at 1,280 px). */}
      <Group gap={4} wrap="wrap" component="span">
        <span>{column.header}</span>
        <Text span size="xs" c={direction === 'none' ? 'dimmed' : undefined} aria-hidden>
          {arrow}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function FilterCell({ column, model, lists }: { column: TableColumn; model: SchemaTableModel; lists: FilterLists | undefined }) {
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

export interface SchemaTableHeaderProps {
  model: SchemaTableModel;
  lists?: FilterLists;
  /** Whether a row of filters shows under the headers. */
  hasFilters: boolean;
}

export function SchemaTableHeader({ model, lists, hasFilters }: SchemaTableHeaderProps) {
  const { table } = model;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const lastRowNumber = model.rowNumber(Math.max(0, table.getRowModel().rows.length - 1));
  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((header) => {
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
          if (header.column.id === EXPAND_COLUMN) return <Table.Th key={header.id} w={40} aria-label="Details" />;
          const column = header.column.columnDef.meta?.column;
          if (!column) return <Table.Th key={header.id} />;
          return (
            <Table.Th key={header.id} w={column.width} className={columnClass(column)} style={headerStyle(column, lastRowNumber)} aria-sort={column.sortable ? model.sortState(column) : undefined}>
              {column.sortable ? <SortHeader column={column} model={model} /> : column.header}
            </Table.Th>
          );
        })}
      </Table.Tr>
      {hasFilters && (
        <Table.Tr>
          {headers.map((header) => {
            const column = header.column.columnDef.meta?.column;
            // Not pinned (filterRowStyle): the pinned Actions column holds no filter, and its cell here covered the
            // filters that slid under it once the table scrolled sideways, taking their clicks.
            return (
              <Table.Th key={header.id} className={columnClass(column)} style={filterRowStyle(column)}>
                {column?.filter ? <FilterCell column={column} model={model} lists={lists} /> : null}
              </Table.Th>
            );
          })}
        </Table.Tr>
      )}
    </Table.Thead>
  );
}
