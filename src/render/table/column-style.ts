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

export function headerStyle(column: TableColumn | undefined): CSSProperties | undefined {
  return column?.format === 'actions' ? PINNED_ACTIONS : undefined;
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
