// The body of a SchemaTable: a failed load's message, the loader or the empty text, else the page's rows. Rows read
// the latest callbacks through stable handlers, so a parent's new arrow functions re-render no row.
import { useMemo, type ReactNode } from 'react';
import { Alert, Center, Loader, Table, Text, useMantineTheme } from '@mantine/core';
import type { Row } from '@tanstack/react-table';
import type { FlatRecord } from '../../api/jsonapi';
import type { ColorMap } from '../../config/types';
import { cellStyle, columnClass } from './column-style';
import type { RowFocus } from './row-focus';
import { SchemaTableRows } from './SchemaTableRows';
import type { BodyColumn, BodyLook, RowHandlers } from './TableRows';
import { cellRenderer, type CellRendererContext } from './table-cells';
import { EXPAND_COLUMN, SELECT_COLUMN, type SchemaTableModel } from './useSchemaTable';
import { useLatest } from '../use-latest';

export interface SchemaTableBodyProps {
  model: SchemaTableModel;
  /** The page's top-level rows. */
  rows: readonly Row<FlatRecord>[];
  loading: boolean;
  error?: string | null;
  emptyText: string;
  colorMaps: Record<string, ColorMap>;
  /** aria-rowindex of a row is its row number plus the header rows. */
  headerRows: number;
  onRowOpen?: (row: FlatRecord) => void;
  /** Runs a row flow for a row (SchemaTable's `flows`). */
  onRowFlow?: (flow: string, row: FlatRecord) => void;
  renderExpanded?: (row: FlatRecord) => ReactNode;
  /** The scrolling box around the table, for a virtualized page (see SchemaTableRows). */
  scrollElement: HTMLDivElement | null;
  /** The rows' roving tab stop (row-focus.ts). */
  rowFocus: RowFocus;
  /** A row took the focus: its page index and element, for the table to announce. */
  onRowFocus: (index: number, row: HTMLTableRowElement) => void;
}

/** A row across the whole table: a message, the loader or the empty text. */
function WholeRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnCount}>{children}</Table.Td>
    </Table.Tr>
  );
}

export function SchemaTableBody(props: SchemaTableBodyProps) {
  const { model, rows, loading, error, emptyText, colorMaps, headerRows, onRowOpen, onRowFlow, renderExpanded, scrollElement, rowFocus, onRowFocus } = props;
  const { table, rowActionsFor, runsFlow, rowSelection, expanded } = model;
  const leafColumns = table.getVisibleLeafColumns();

  const latest = useLatest({ onRowOpen, onRowFlow, onRowFocus });
  const openable = onRowOpen !== undefined;
  const { move, focused, claimFocus } = rowFocus;
  const handlers = useMemo<RowHandlers>(
    () => ({
      openable,
      open: (row) => latest.current.onRowOpen?.(row),
      moveFocus: move,
      focused: (index, element) => {
        focused(index);
        latest.current.onRowFocus(index, element);
      },
      claimFocus,
    }),
    [openable, move, focused, claimFocus, latest],
  );
  const theme = useMantineTheme();
  const bodyColumns = useMemo<BodyColumn[]>(() => {
    const context: CellRendererContext = { colorMaps, theme, rowActionsFor, runsFlow, onRowFlow: (flow, row) => latest.current.onRowFlow?.(flow, row) };
    return leafColumns.map((leaf): BodyColumn => {
      if (leaf.id === SELECT_COLUMN) return { kind: 'select', id: leaf.id };
      if (leaf.id === EXPAND_COLUMN) return { kind: 'expand', id: leaf.id };
      const column = leaf.columnDef.meta?.column;
      return { kind: 'cell', id: leaf.id, render: column ? cellRenderer(column, context) : null, style: cellStyle(column), className: columnClass(column) };
    });
  }, [leafColumns, colorMaps, theme, rowActionsFor, runsFlow, latest]);
  const look = useMemo<BodyLook>(() => ({ striped: true, hover: openable }), [openable]);

  if (error) {
    return (
      <WholeRow columnCount={leafColumns.length}>
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      </WholeRow>
    );
  }
  if (rows.length === 0) {
    return (
      <WholeRow columnCount={leafColumns.length}>
        <Center py="lg">{loading ? <Loader role="status" size="sm" aria-label="Loading..." /> : <Text c="dimmed">{emptyText}</Text>}</Center>
      </WholeRow>
    );
  }
  return (
    <SchemaTableRows
      rows={rows}
      columns={bodyColumns}
      firstRowNumber={model.rowNumber(0)}
      headerRows={headerRows}
      look={look}
      handlers={handlers}
      renderExpanded={renderExpanded}
      rowSelection={rowSelection}
      expandedRows={expanded}
      activeRow={rowFocus.active}
      scrollElement={scrollElement}
    />
  );
}
