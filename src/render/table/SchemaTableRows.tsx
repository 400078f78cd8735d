// The rows of a SchemaTable body. A page with more than VIRTUALIZE_FROM rows renders only the rows in view: the
// virtualizer lives here, so a scroll re-renders this body and not the headers, filters or pager around it, and each
// row is memoised on its record and state, so a scroll draws only the rows that come into view.
// Rows are plain <tr>/<td> with Mantine's table classes: a Mantine Table.Td per cell costs more than the cell itself.
import { memo, useDeferredValue, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Table } from '@mantine/core';
import type { ExpandedState, Row, RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
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
  | { kind: 'cell'; id: string; render: CellRenderer | null; style?: CSSProperties };

/** What a row does when used; stable for the table's life, so rows need not re-render when a parent does. */
export interface RowHandlers {
  open: (row: FlatRecord) => void;
  /** Whether rows open at all (a click, Enter, a pointer cursor). */
  openable: boolean;
}

export interface BodyLook {
  striped: boolean;
  hover: boolean;
}

const TR_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;

function openOnKey(event: KeyboardEvent<HTMLTableRowElement>, row: FlatRecord, open: (row: FlatRecord) => void) {
  if (event.key === 'Enter' && event.target === event.currentTarget) {
    event.preventDefault();
    open(row);
  }
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
  const changed = useRowChanged(row.id);
  const attributes = rowAttributes(look);
  return (
    <>
      <tr
        {...attributes}
        className={changed ? `${attributes.className} ${liveClasses.changed}` : attributes.className}
        data-live-changed={changed || undefined}
        aria-rowindex={ariaRowIndex}
        aria-selected={columns[0]?.kind === 'select' ? selected : undefined}
        tabIndex={openable ? 0 : undefined}
        onClick={openable ? () => open(record) : undefined}
        onKeyDown={openable ? (event) => openOnKey(event, record, open) : undefined}
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
            <td key={column.id} className={TD_CLASS} style={column.style}>
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
  /**
   * The scrolling box around the table, for a virtualized page. State, not a ref: the parent attaches its ref only
   * after this body's effects ran, and the virtualizer must see the box once it exists.
   */
  scrollElement: HTMLDivElement | null;
}

export function virtualizes(rowCount: number): boolean {
  return rowCount > VIRTUALIZE_FROM;
}

function renderRows(props: SchemaTableRowsProps, indexes: Iterable<number>, height?: number): ReactNode[] {
  const { rows, columns, firstRowNumber, headerRows, look, handlers, renderExpanded, rowSelection, expandedRows } = props;
  const rendered: ReactNode[] = [];
  for (const index of indexes) {
    const row = rows[index];
    if (!row) continue;
    const expanded = expandedRows === true || expandedRows[row.id] === true;
    rendered.push(
      <SchemaTableRow
        key={row.id}
        row={row}
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

function* range(start: number, end: number) {
  for (let index = start; index < end; index += 1) yield index;
}

/** Every row of a page that does not virtualize. */
export function PlainRows(props: SchemaTableRowsProps) {
  return <>{renderRows(props, range(0, props.rows.length))}</>;
}

/**
 * The rows in view of a long page, between spacer rows that keep the scroll height of the whole page. A scroll
 * re-renders only this component; the rows follow as a deferred value, which React renders in slices with the
 * browser free to scroll and paint in between (the budget: no main-thread task over 50 ms while scrolling, README "Benchmarks").
 */
export function VirtualRows(props: SchemaTableRowsProps) {
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => props.scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Scroll updates need not be synchronous: flushSync on every scroll event re-renders the rows in one long task.
    useFlushSync: false,
    initialRect: { width: 1000, height: 12 * ROW_HEIGHT },
  });
  const items = virtualizer.getVirtualItems();
  const start = useDeferredValue(items[0]?.index ?? 0);
  const end = useDeferredValue((items.at(-1)?.index ?? -1) + 1);
  return <RowWindow {...props} start={start} end={end} />;
}

/** Rows `start` to `end` (exclusive) of a virtualized page; every row is ROW_HEIGHT high. */
const RowWindow = memo(function RowWindow(props: SchemaTableRowsProps & { start: number; end: number }) {
  const { start, end, rows } = props;
  const paddingTop = start * ROW_HEIGHT;
  const paddingBottom = Math.max(0, rows.length - end) * ROW_HEIGHT;
  // Mantine stripes the body's odd <tr>s; spacers in front keep a row's stripe from flipping as the window moves
  // (one spacer before an odd row index, two before an even one, none at the top).
  const spacers = start === 0 ? 0 : start % 2 === 1 ? 1 : 2;
  return (
    <>
      {spacers > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
      {spacers > 1 && <tr aria-hidden />}
      {renderRows(props, range(start, end), ROW_HEIGHT)}
      {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
    </>
  );
});

export const SchemaTableRows = memo(function SchemaTableRows(props: SchemaTableRowsProps) {
  return virtualizes(props.rows.length) ? <VirtualRows {...props} /> : <PlainRows {...props} />;
});
