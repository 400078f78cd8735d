import { describe, expect, it } from 'vitest';
import { clampRow, rowAnnouncement, rowKeyTarget } from './row-focus';

describe('the table rows keyboard model', () => {
  it('moves one row with the arrow keys and stops at either end', () => {
    expect(rowKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(rowKeyTarget('ArrowDown', 2, 3)).toBe(2);
    expect(rowKeyTarget('ArrowUp', 2, 3)).toBe(1);
    expect(rowKeyTarget('ArrowUp', 0, 3)).toBe(0);
  });

  // docs/features.md: PageUp and PageDown move ten rows up or down.
  it('jumps to the first and last row with Home and End, and ten rows with PageUp and PageDown', () => {
    expect(rowKeyTarget('Home', 7, 30)).toBe(0);
    expect(rowKeyTarget('End', 7, 30)).toBe(29);
    expect(rowKeyTarget('PageDown', 7, 30)).toBe(17);
    expect(rowKeyTarget('PageDown', 25, 30)).toBe(29);
    expect(rowKeyTarget('PageUp', 7, 30)).toBe(0);
    expect(rowKeyTarget('PageUp', 25, 30)).toBe(15);
  });

  it('leaves every other key alone, and has nowhere to go on an empty page', () => {
    for (const key of ['Enter', ' ', 'a', 'Tab', 'ArrowLeft', 'ArrowRight']) expect(rowKeyTarget(key, 1, 3)).toBeNull();
    expect(rowKeyTarget('ArrowDown', 0, 0)).toBeNull();
  });

  it('moves from a stop past the end of a shorter page as from its last row', () => {
    expect(clampRow(12, 5)).toBe(4);
    expect(clampRow(-1, 5)).toBe(0);
    expect(clampRow(3, 0)).toBe(0);
    expect(rowKeyTarget('ArrowUp', 12, 5)).toBe(3);
  });

  it('announces the row number, the total and the row text', () => {
    expect(rowAnnouncement(12, 40, ['12', ' Awa Jallow ', '', 'Verified'])).toBe('Row 12 of 40: 12, Awa Jallow, Verified');
    expect(rowAnnouncement(1, 1, [''])).toBe('Row 1 of 1');
  });
});
