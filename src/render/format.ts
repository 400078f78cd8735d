// Display formats of users-and-wallets §9. Pure functions: amounts arrive as numbers or decimal strings
// ("1250.00" on the wire), timestamps as ISO-8601 strings; a missing or unreadable value shows as ''.
import dayjs from 'dayjs';

type Amount = number | string | null | undefined;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Rounds half away from zero on the decimal digits themselves, so "1.005" shows 1.01 (no binary float drift). */
function formatDecimal(value: Amount, minDecimals: number, maxDecimals: number): string {
  if (value === null || value === undefined || value === '') return '';
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(maxDecimals);
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return '';
  const [, sign = '', whole = '0', fraction = ''] = match;
  let units = BigInt(whole + fraction.slice(0, maxDecimals).padEnd(maxDecimals, '0'));
  if (fraction.length > maxDecimals && Number(fraction[maxDecimals]) >= 5) units += 1n;
  const digits = units.toString().padStart(maxDecimals + 1, '0');
  const integer = digits.slice(0, digits.length - maxDecimals);
  let decimals = digits.slice(digits.length - maxDecimals);
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && units !== 0n;
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** users-and-wallets §9 number format 0,0.00[00]: thousands separators, at least 2 and at most 4 decimals. */
export function formatNumber(value: Amount): string {
  return formatDecimal(value, 2, 4);
}

/** users-and-wallets §9: balances and amounts show with 2 decimals. */
export function formatAmount(value: Amount): string {
  return formatDecimal(value, 2, 2);
}

export interface CurrencyDisplay {
  code: string;
  symbol: string;
}

/** users-and-wallets §9 (and identity-and-catalogue §9): a missing currency shows as USD with symbol D. */
export const DEFAULT_CURRENCY: CurrencyDisplay = { code: 'USD', symbol: 'D' };

export function currencyOf(currency: string | Partial<CurrencyDisplay> | null | undefined): CurrencyDisplay {
  if (typeof currency === 'string') return currency.trim() ? { code: currency, symbol: currency } : DEFAULT_CURRENCY;
  if (!currency?.code && !currency?.symbol) return DEFAULT_CURRENCY;
  const code = currency.code || currency.symbol || DEFAULT_CURRENCY.code;
  return { code, symbol: currency.symbol || code };
}

/** An amount with 2 decimals after its currency symbol, e.g. `D 1,250.00`. */
export function formatMoney(value: Amount, currency?: string | Partial<CurrencyDisplay> | null): string {
  const amount = formatAmount(value);
  return amount ? `${currencyOf(currency).symbol} ${amount}` : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** dayjs's DD-MMM-YYYY h:mma by hand, for four-digit years: tables format a date per cell, dayjs costs several times more. */
function formatLocalDate(date: Date): string | null {
  const year = date.getFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  const hours = date.getHours();
  return `${pad2(date.getDate())}-${MONTHS[date.getMonth()]}-${year} ${hours % 12 || 12}:${pad2(date.getMinutes())}${hours < 12 ? 'am' : 'pm'}`;
}

/** users-and-wallets §9 date display DD-MMM-YYYY h:mma, in the staff member's local time. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // A Date, or an ISO instant in UTC as the gateway sends them, reads the same in dayjs and in Date.
  if (value instanceof Date || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value))) {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    const text = formatLocalDate(date);
    if (text !== null) return text;
  }
  const date = dayjs(value);
  return date.isValid() ? date.format('DD-MMM-YYYY h:mma') : '';
}

/** remittances-and-payouts §9: the tables that show a moment to the second, DD-MM-YYYY HH:mm:ss in local time. */
export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad2(date.getDate())}-${pad2(date.getMonth() + 1)}-${date.getFullYear()}`;
  return `${day} ${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

/** users-and-wallets §9: report date ranges are sent as YYYY-MM-DD (local calendar day). */
export function formatReportDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}
