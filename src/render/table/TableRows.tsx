// The rows of a SchemaTable body, drawn by ./SchemaTableRows.tsx. A page with more than VIRTUALIZE_FROM rows renders
// only the rows in view: its virtualizer (./VirtualRows.tsx) lives below the table, so a scroll re-renders this body
// and not the headers, filters or pager around it, and each row is memoised on its record and state, so a scroll
// draws only the rows that come into view.
// Rows are plain <tr>/<td> with Mantine's table classes: a Mantine Table.Td per cell costs more than the cell itself.
import { memo, useLayoutEffect, useRef, type CSSProperties, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Table } from '@mantine/core';
import type { ExpandedState, Row, RowSelectionState } from '@tanstack/react-table';
import type { FlatRecord } from '../../api/jsonapi';
import type { CellRenderer } from './table-cells';
import { useRowChanged } from './live-rows';
import liveClasses from './live-rows.module.css';

/** Pages with more rows than this render only the rows in view. */
export const VIRTUALIZE_FROM = 100;
/** Rows of a virtualized page have this fixed height, so the virtualizer never has to measure one. */
export const ROW_HEIGHT = 45;

/** One column of the body: the select box, the expand button, or a table-file column with its renderer. */
export type BodyColumn =
  | { kind: 'select'; id: string }
  | { kind: 'expand'; id: string }
  | { kind: 'cell'; id: string; render: CellRenderer | null; style?: CSSProperties; className?: string | undefined };

/** What a row does when used; stable for the table's life, so rows need not re-render when a parent does. */
export interface RowHandlers {
  open: (row: FlatRecord) => void;
  /** Whether rows open at all (a click, Enter, a pointer cursor). */
  openable: boolean;
  /** A key pressed on the row `index` of the page; true when it moved the row focus (row-focus.ts). */
  moveFocus: (index: number, key: string) => boolean;
  /** The row took the focus; `row` is its element, for what to announce. */
  focused: (index: number, row: HTMLTableRowElement) => void;
  /** True once for the row a key move is waiting to focus. */
  claimFocus: (index: number) => boolean;
}

export interface BodyLook {
  striped: boolean;
  hover: boolean;
}

const TR_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;

/** Enter opens the row (when rows open), the arrow keys, Home, End, PageUp and PageDown move the row focus. */
function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: FlatRecord, handlers: RowHandlers) {
  if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Enter') {
    if (!handlers.openable) return;
    event.preventDefault();
    handlers.open(row);
    return;
  }
  if (handlers.moveFocus(index, event.key)) event.preventDefault();
}

/** What Mantine's Table.Tr would set. */
function rowAttributes(look: BodyLook) {
  return {
    className: TR_CLASS,
    'data-with-row-border': true,
    'data-striped': look.striped ? 'odd' : undefined,
    'data-hover': look.hover || undefined,
  };
}

interface SchemaTableRowProps {
  row: Row<FlatRecord>;
  /** The row's place on the page (0-based). */
  index: number;
  /** Holds the table's one tab stop (roving tabindex). */
  active: boolean;
  rowNumber: number;
  ariaRowIndex: number;
  columns: readonly BodyColumn[];
  /** Mantine stripes odd rows by their place among the body's rows (see RowWindow's spacers). */
  look: BodyLook;
  selected: boolean;
  expanded: boolean;
  /** Set only on an expanded row, so a new function from the parent re-renders that row and no other. */
  renderExpanded?: (row: FlatRecord) => ReactNode;
  handlers: RowHandlers;
  height?: number;
}

const SchemaTableRow = memo(function SchemaTableRow({
  row,
  index,
  active,
  rowNumber,
  ariaRowIndex,
  columns,
  look,
  selected,
  expanded,
  renderExpanded,
  handlers,
  height,
}: SchemaTableRowProps) {
  const record = row.original;
  const { openable, open } = handlers;
  const element = useRef<HTMLTableRowElement>(null);
  // A key move focuses its row once drawn: at once on a plain page, after the scroll on a virtualized one.
  useLayoutEffect(() => {
    if (active && handlers.claimFocus(index)) element.current?.focus();
  }, [active, handlers, index]);
  const changed = useRowChanged(row.id);
  const attributes = rowAttributes(look);
  return (
    <>
      <tr
        {...attributes}
        ref={element}
        className={changed ? `${attributes.className} ${liveClasses.changed}` : attributes.className}
        data-live-changed={changed || undefined}
        aria-rowindex={ariaRowIndex}
        aria-selected={columns[0]?.kind === 'select' ? selected : undefined}
        tabIndex={active ? 0 : -1}
        onClick={openable ? () => open(record) : undefined}
        onKeyDown={(event) => onRowKey(event, index, record, handlers)}
        onFocus={(event: FocusEvent<HTMLTableRowElement>) => {
          if (event.target === event.currentTarget) handlers.focused(index, event.currentTarget);
        }}
        style={openable || height ? { cursor: openable ? 'pointer' : undefined, height } : undefined}
      >
        {columns.map((column) => {
          if (column.kind === 'select') {
            return (
              <td key={column.id} className={TD_CLASS} onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select row ${rowNumber}`}
                  checked={selected}
                  onChange={row.getToggleSelectedHandler()}
                  onKeyDown={(event) => event.stopPropagation()}
                />
              </td>
            );
          }
          if (column.kind === 'expand') {
            return (
              <td key={column.id} className={TD_CLASS}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={expanded ? `Collapse row ${rowNumber}` : `Expand row ${rowNumber}`}
                  aria-expanded={expanded}
                  onClick={(event) => {
                    event.stopPropagation();
                    row.toggleExpanded();
                  }}
                  onKeyDown={(event) => event.stopPropagation()}
                >
                  {expanded ? '−' : '+'}
                </ActionIcon>
              </td>
            );
          }
          return (
            <td key={column.id} className={column.className ? `${TD_CLASS} ${column.className}` : TD_CLASS} style={column.style}>
              {column.render?.(record, rowNumber)}
            </td>
          );
        })}
      </tr>
      {expanded && renderExpanded && (
        <tr {...rowAttributes(look)}>
          <td className={TD_CLASS} colSpan={columns.length}>
            {renderExpanded(record)}
          </td>
        </tr>
      )}
    </>
  );
});

export interface SchemaTableRowsProps {
  rows: readonly Row<FlatRecord>[];
  columns: readonly BodyColumn[];
  /** Row number of the page's first row (1-based, across pages). */
  firstRowNumber: number;
  /** aria-rowindex of a row is its row number plus the header rows. */
  headerRows: number;
  look: BodyLook;
  handlers: RowHandlers;
  renderExpanded?: (row: FlatRecord) => ReactNode;
  /** The table state (row ids → true); new objects only when a row is selected or expanded. */
  rowSelection: RowSelectionState;
  expandedRows: ExpandedState;
  /** The page row holding the tab stop (row-focus.ts). */
  activeRow: number;
  /**
   * The scrolling box around the table, for a virtualized page. State, not a ref: the parent attaches its ref only
   * after this body's effects ran, and the virtualizer must see the box once it exists.
   */
  scrollElement: HTMLDivElement | null;
}

export function virtualizes(rowCount: number): boolean {
  return rowCount > VIRTUALIZE_FROM;
}

export function renderRows(props: SchemaTableRowsProps, indexes: Iterable<number>, height?: number): ReactNode[] {
  const { rows, columns, firstRowNumber, headerRows, look, handlers, renderExpanded, rowSelection, expandedRows, activeRow } = props;
  const rendered: ReactNode[] = [];
  for (const index of indexes) {
    const row = rows[index];
    if (!row) continue;
    const expanded = expandedRows === true || expandedRows[row.id] === true;
    rendered.push(
      <SchemaTableRow
        key={row.id}
        row={row}
        index={index}
        active={index === activeRow}
        rowNumber={firstRowNumber + index}
        ariaRowIndex={firstRowNumber + index + headerRows}
        columns={columns}
        look={look}
        selected={rowSelection[row.id] === true}
        expanded={expanded}
        renderExpanded={expanded ? renderExpanded : undefined}
        handlers={handlers}
        height={height}
      />,
    );
  }
  return rendered;
}

export function* range(start: number, end: number) {
  for (let index = start; index < end; index += 1) yield index;
}

/** Every row of a page that does not virtualize. */
export function PlainRows(props: SchemaTableRowsProps) {
  return <>{renderRows(props, range(0, props.rows.length))}</>;
}
