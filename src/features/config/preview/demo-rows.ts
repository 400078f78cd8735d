// Demo rows for the config preview: a table file drawn as staff would see it, before any gateway has such rows. Each
// value is made from its column alone (format, colour map, select options, header), never from a list of tables, so
// a column added to any table file shows with a plausible value at once. Deterministic: the same file gives the same rows.
import type { FlatRecord } from '../../../api/jsonapi';
import type { ColorMap, TableColumn, TableConfig } from '../../../config/types';

export const DEMO_ROW_COUNT = 5;

const NAMES = ['Awa Sowe', 'Lamin Ceesay', 'Isatou Njie', 'Modou Touray', 'Fatou Jallow', 'Ebrima Sanneh', 'Binta Darboe'];
const CURRENCIES = ['GMD', 'USD', 'EUR'];
/** The day the demo dates count back from, fixed so the rows never change between renders. */
const DEMO_DAY = Date.UTC(2026, 0, 15, 10, 30);
const DAY_MS = 86_400_000;

function pick<T>(values: readonly T[], index: number): T | undefined {
  return values.length === 0 ? undefined : values[index % values.length];
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '') || 'staff';
}

/** The values a badge column shows: its colour map's values, else its select filter's fixed options. */
function badgeValues(column: TableColumn, colorMaps: Record<string, ColorMap>): string[] {
  const mapped = column.colorMap ? Object.keys(colorMaps[column.colorMap]?.colors ?? {}) : [];
  return mapped.length > 0 ? mapped : fixedOptions(column);
}

function fixedOptions(column: TableColumn): string[] {
  return Array.isArray(column.filterOptions) ? column.filterOptions.map((option) => option.label) : [];
}

/** The demo value of `column` in the row numbered `index` (from 0). */
export function demoValue(column: TableColumn, index: number, colorMaps: Record<string, ColorMap>): unknown {
  const n = index + 1;
  switch (column.format) {
    case 'money': {
      const amount = 1250 + index * 317.5;
      // A sign-coloured column shows both colours.
      return (column.signColor && index % 3 === 2 ? -amount : amount).toFixed(2);
    }
    case 'number':
      return column.signColor && index % 3 === 2 ? -(index * 7 + 3) : index * 7 + 3;
    case 'date':
      return new Date(DEMO_DAY - index * DAY_MS).toISOString();
    case 'boolean':
      return index % 2 === 0;
    case 'badge':
      return pick(badgeValues(column, colorMaps), index) ?? `${column.header} ${n}`;
    case 'email':
      return `${slug(pick(NAMES, index) ?? column.header)}@demo.test`;
    case 'avatarName':
      return pick(NAMES, index);
    default:
      return pick(fixedOptions(column), index) ?? `${column.header} ${n}`;
  }
}

/** Sets `value` at a dot path of `row`, making the objects on the way (`account.accountId`). */
function setPath(row: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = row;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1];
  if (last !== undefined) node[last] = value;
}

/** `count` rows of `table`, each with a value for every column's field (and its currency), in the shape the table reads. */
export function demoRows(table: TableConfig, colorMaps: Record<string, ColorMap>, count: number = DEMO_ROW_COUNT): FlatRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const row: FlatRecord = { id: `demo-${index + 1}`, type: 'demo' };
    if (table.rowKey !== 'id') setPath(row, table.rowKey, `demo-${index + 1}`);
    for (const column of table.columns) {
      if (column.field) setPath(row, column.field, demoValue(column, index, colorMaps));
      if (column.currencyField) setPath(row, column.currencyField, pick(CURRENCIES, index));
      // No image: the avatar shows its placeholder rather than fetching a file no gateway has.
      if (column.avatarField) setPath(row, column.avatarField, null);
    }
    return row;
  });
}
