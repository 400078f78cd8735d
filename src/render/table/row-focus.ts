// The keyboard model of a schema table's rows (WAI-ARIA APG "roving tabindex"): one row of the page holds the tab
// stop; arrow keys, Home, End, PageUp and PageDown move it and the focus, Enter opens the row (SchemaTableRows). A
// move to a row a virtualized page has not drawn yet is kept pending and taken by the row once it is drawn.
import { useCallback, useMemo, useRef, useState } from 'react';

/** Rows PageUp and PageDown move by. */
export const ROW_PAGE_STEP = 10;

/** The page row a key moves the focus to from `index`, or null when the key is not one that moves it. */
export function rowKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const from = clampRow(index, count);
  switch (key) {
    case 'ArrowDown':
      return Math.min(from + 1, last);
    case 'ArrowUp':
      return Math.max(from - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(from + ROW_PAGE_STEP, last);
    case 'PageUp':
      return Math.max(from - ROW_PAGE_STEP, 0);
    default:
      return null;
  }
}

/** A row index within a page of `count` rows (the first row of an empty page). */
export function clampRow(index: number, count: number): number {
  return Math.max(0, Math.min(index, count - 1));
}

/** What a row reads aloud when it takes the focus: its number, the total and its cells' text. */
export function rowAnnouncement(rowNumber: number, total: number, cells: readonly string[]): string {
  const text = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  return `Row ${rowNumber} of ${total}${text.length > 0 ? `: ${text.join(', ')}` : ''}`;
}

export interface RowFocus {
  /** The page row holding the tab stop. */
  active: number;
  /** Moves the tab stop for a key pressed on row `index`; true when the key was one that moves it. */
  move: (index: number, key: string) => boolean;
  /** A row took the focus (a click, Tab, or a move): it holds the tab stop from now on. */
  focused: (index: number) => void;
  /** True once for the row a move is waiting to focus. */
  claimFocus: (index: number) => boolean;
}

export function useRowFocus(rowCount: number): RowFocus {
  const [stop, setStop] = useState(0);
  const pending = useRef<number | null>(null);
  const count = useRef(rowCount);
  count.current = rowCount;
  const active = clampRow(stop, rowCount);
  const activeRef = useRef(active);
  activeRef.current = active;

  const move = useCallback((index: number, key: string) => {
    const target = rowKeyTarget(key, index, count.current);
    if (target === null) return false;
    if (target !== index) {
      pending.current = target;
      setStop(target);
    }
    return true;
  }, []);
  const focused = useCallback((index: number) => {
    if (activeRef.current !== index) setStop(index);
  }, []);
  const claimFocus = useCallback((index: number) => {
    if (pending.current !== index) return false;
    pending.current = null;
    return true;
  }, []);
  return useMemo(() => ({ active, move, focused, claimFocus }), [active, move, focused, claimFocus]);
}
