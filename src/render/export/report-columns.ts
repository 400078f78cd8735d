// A report's columns as data, so the export worker turns any list's rows into spreadsheet rows: each column reads one
// attribute of a row (a dot path) and shows it by its kind. A screen passes its columns in the start message.
import { excelDateSerial, type XlsxColumn, type XlsxRow } from './xlsx-writer';

export interface ReportColumn extends XlsxColumn {
  /** The attribute shown, a dot path into the row's attributes (`referenceNumber`, `after.statusName`). */
  field: string;
}

/** A row of a list operation's answer, as the report reads it. */
export interface ReportResource {
  id: string;
  attributes: Record<string, unknown>;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Money arrives as a decimal string ("1250.00"); the sheet needs a number so Excel can sum it. */
export function moneyValue(amount: unknown): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : null;
  return typeof amount === 'string' && DECIMAL.test(amount) ? Number(amount) : null;
}

function read(attributes: Record<string, unknown>, path: string): unknown {
  let value: unknown = attributes;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Text as sent; numbers and booleans as written; an object (an audit row's before and after) as compact JSON. */
function textValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function reportRow(columns: readonly ReportColumn[], { attributes }: Pick<ReportResource, 'attributes'>): XlsxRow {
  return columns.map((column) => {
    const value = read(attributes, column.field);
    if (column.kind === 'money') return moneyValue(value);
    if (column.kind === 'date') return typeof value === 'string' ? excelDateSerial(value) : null;
    return textValue(value);
  });
}
