// The rows in view of a long page (SchemaTableRows loads this only for a page of more than VIRTUALIZE_FROM rows).
import { memo, useDeferredValue, useEffect } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ROW_HEIGHT, range, renderRows, type SchemaTableRowsProps } from './TableRows';
import { useFrozenColumns } from './frozen-columns';

/**
 * The rows in view of a long page, between spacer rows that keep the scroll height of the whole page. A scroll
 * re-renders only this component; the rows follow as a deferred value, which React renders in slices with the
 * browser free to scroll and paint in between (the budget: no main-thread task over 50 ms while scrolling, README "Benchmarks").
 */
export default function VirtualRows(props: SchemaTableRowsProps) {
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => props.scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Scroll updates need not be synchronous: flushSync on every scroll event re-renders the rows in one long task.
    useFlushSync: false,
    initialRect: { width: 1000, height: 12 * ROW_HEIGHT },
  });
  // A key move to a row out of view scrolls it in; the row takes the focus once drawn.
  useEffect(() => {
    virtualizer.scrollToIndex(props.activeRow, { align: 'auto' });
  }, [virtualizer, props.activeRow]);
  const items = virtualizer.getVirtualItems();
  const start = useDeferredValue(items[0]?.index ?? 0);
  const end = useDeferredValue((items.at(-1)?.index ?? -1) + 1);
  // Measured once the first rows are drawn (this effect runs after RowWindow's), again for another page or columns.
  useFrozenColumns(props.scrollElement, `${props.columns.map((column) => column.id).join()}|${props.rows.length}|${props.rows[0]?.id ?? ''}`);
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
  // Scrolled away from the row holding the tab stop, the first row in view holds it, so Tab still reaches the rows.
  const tabStop = props.activeRow >= start && props.activeRow < end ? props.activeRow : start;
  return (
    <>
      {spacers > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
      {spacers > 1 && <tr aria-hidden />}
      {renderRows({ ...props, activeRow: tabStop }, range(start, end), ROW_HEIGHT)}
      {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
    </>
  );
});

