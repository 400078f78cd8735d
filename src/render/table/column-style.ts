// How a column's header and cells are laid out: its width, and the row actions pinned at the right edge.
import type { CSSProperties } from 'react';
import { rem } from '@mantine/core';
import type { TableColumn } from '../../config/types';
import classes from './column-style.module.css';

// A wide table scrolls sideways; its row actions stay in view at the right edge so a row can always be acted on.
export const PINNED_ACTIONS: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  backgroundColor: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
};

/**
 * A column's header cell. A row-number column is as wide as the page's last number: a long page's columns keep the
 * widths its first rows gave them (frozen-columns.ts), and row 1,000 would not fit the width rows 1 to 24 left.
 */
export function headerStyle(column: TableColumn | undefined, lastRowNumber: number): CSSProperties | undefined {
  if (column?.format === 'actions') return PINNED_ACTIONS;
  if (column?.format === 'rowNumber') {
    return { minWidth: `calc(${String(lastRowNumber).length}ch + 2 * var(--table-horizontal-spacing, var(--mantine-spacing-xs)))` };
  }
  return undefined;
}

/** A cell of the filter row: never pinned, so no filter scrolls under a cell of its own row (issue 22). */
export function filterRowStyle(column: TableColumn | undefined): CSSProperties | undefined {
  return column?.format === 'actions' ? { boxShadow: PINNED_ACTIONS.boxShadow } : undefined;
}

export function cellStyle(column: TableColumn | undefined): CSSProperties | undefined {
  if (!column) return undefined;
  const width = column.width === undefined ? undefined : { width: rem(column.width) };
  return column.format === 'actions' ? { ...PINNED_ACTIONS, ...width } : width;
}

/** The class of a column's header, filter and cells: a wideScreenOnly column hides on narrower screens. */
export function columnClass(column: TableColumn | undefined): string | undefined {
  return column?.wideScreenOnly === true ? classes.wideScreenOnly : undefined;
}
