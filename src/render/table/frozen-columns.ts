// A virtualized page's columns keep the widths its first rows in view gave them (issue 27). In the browser's automatic
// table layout every window of rows that scrolls in re-runs the layout of every column, and a column widens or narrows
// with the rows in view, so the columns jumped as staff scrolled. Fixed from the header's measured widths, a scroll lays
// out only the rows that came in; a longer text further down wraps inside its column.
import { useLayoutEffect } from 'react';

/** Freezes the column widths of the table inside `scrollElement`, measured again when `key` or the box's width changes. */
export function useFrozenColumns(scrollElement: HTMLElement | null, key: string) {
  useLayoutEffect(() => {
    const table = scrollElement?.querySelector('table');
    if (!scrollElement || !table) return;
    // Each frozen header cell with the width it had before (a table file's or the select column's own).
    let frozen: Array<[HTMLTableCellElement, string]> = [];
    const thaw = () => {
      table.style.tableLayout = '';
      for (const [cell, width] of frozen) cell.style.width = width;
      frozen = [];
    };
    const freeze = () => {
      thaw();
      const cells = Array.from(table.tHead?.rows[0]?.cells ?? []);
      // Read every width before writing one: a write between reads would lay the table out again for each cell.
      const widths = cells.map((cell) => cell.getBoundingClientRect().width);
      // Nothing laid out (a hidden tab, a test's DOM): the automatic layout stays.
      if (!widths.some((width) => width > 0)) return;
      frozen = cells.map((cell) => [cell, cell.style.width]);
      cells.forEach((cell, index) => {
        if (widths[index]! > 0) cell.style.width = `${widths[index]}px`;
      });
      table.style.tableLayout = 'fixed';
    };
    freeze();
    // A wider or narrower window shows other columns (wideScreenOnly) and other widths: measure again.
    let width = scrollElement.clientWidth;
    const observer = new ResizeObserver(() => {
      if (scrollElement.clientWidth === width) return;
      width = scrollElement.clientWidth;
      freeze();
    });
    observer.observe(scrollElement);
    return () => {
      observer.disconnect();
      thaw();
    };
  }, [scrollElement, key]);
}
