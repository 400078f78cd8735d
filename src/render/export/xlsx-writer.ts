// One interface for every XLSX writer the export can use, so the worker and the benchmark swap them freely.

/**
 * How a column's cells are shown: text as typed, a plain number, money (and rates) with 2 decimals, an amount with 4
 * decimals (remittances-and-payouts §9 daily report), or an Excel date.
 */
export type XlsxColumnKind = 'text' | 'number' | 'money' | 'decimal4' | 'date';

export interface XlsxColumn {
  header: string;
  /** Width in characters, as Excel counts them. */
  width: number;
  kind: XlsxColumnKind;
}

/** A cell: text, a number (for date columns an Excel date serial, see `excelDateSerial`), or empty. */
export type XlsxCell = string | number | null;
export type XlsxRow = readonly XlsxCell[];

export interface XlsxWriter {
  /** `sheetName` names the one worksheet (SHEET_NAME when not given). */
  start(columns: readonly XlsxColumn[], sheetName?: string): void;
  /** Resolves when the writer is ready for more rows: a streaming writer waits for its compressor to catch up. */
  addRows(rows: readonly XlsxRow[]): Promise<void>;
  /** The finished .xlsx file (async: both exceljs and a compression stream finish asynchronously). */
  finish(): Promise<Blob>;
}

export const SHEET_NAME = 'Transactions';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Money as a number with thousands separators and 2 decimals (users-and-wallets §9); the currency has its own column. */
export const MONEY_FORMAT = '#,##0.00';
/** remittances-and-payouts §9: the daily report's amounts with 4 decimals. */
export const DECIMAL4_FORMAT = '#,##0.0000';
/** users-and-wallets §9 date display DD-MMM-YYYY h:mma, as an Excel number format. */
export const DATE_FORMAT = 'dd-mmm-yyyy h:mm AM/PM';

const MS_PER_DAY = 86_400_000;
/** Days from Excel's 1900 epoch (with its phantom 29-Feb-1900) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * An ISO-8601 instant as an Excel date serial in the staff member's local time, the time the screens show
 * (Excel dates carry no time zone). Rounded to the second so `h:mm` never shows a minute early.
 */
export function excelDateSerial(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const localMs = time - new Date(time).getTimezoneOffset() * 60_000;
  return Math.round(localMs / 1000) / (MS_PER_DAY / 1000) + UNIX_EPOCH_SERIAL;
}
