// TanStack columns carry the table file's column they draw, typed here once for every table (declaration merging).
import type { RowData } from '@tanstack/react-table';
import type { TableColumn } from '../../config/types';

declare module '@tanstack/react-table' {
  // The parameters must be named as in TanStack's own declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The table file's column; absent on the select and expand columns. */
    column?: TableColumn;
  }
}
