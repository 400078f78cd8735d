// Sums of bigint columns (money in minor units, counts) that stay exact on both engines at any size. SQLite's
// sum() fails with "integer overflow" past 2^63 and PostgreSQL's numeric sum is parsed to a JS number that loses
// digits past 2^53; each value is summed as its quotient and remainder by 10^9 instead, two sums that cannot
// overflow, and the parts are put back together as a bigint.
import { sql, type Expression, type RawBuilder } from 'kysely';

/** The divisor of an exact sum's two parts (also the day cells' amount parts, migration 013). */
export const EXACT_SUM_PART = 1_000_000_000;

/** Σ `expression` (an integer expression) as `high:low` text; read it with readExactSum. 0 when there are no rows. */
export function exactSum(expression: Expression<unknown>): RawBuilder<string> {
  const part = sql.lit(EXACT_SUM_PART);
  return sql<string>`(cast(coalesce(sum((${expression}) / ${part}), 0) as text) || ':' || cast(coalesce(sum((${expression}) % ${part}), 0) as text))`;
}

/** Σ of the parts of amounts kept as `high` and `low` columns (the day cells of migration 013), read it with readExactSum. */
export function exactSumOfParts(high: Expression<unknown>, low: Expression<unknown>): RawBuilder<string> {
  return sql<string>`(cast(coalesce(sum(${high}), 0) as text) || ':' || cast(coalesce(sum(${low}), 0) as text))`;
}

/** An integer the database wrote as text; a REAL (SQLite, a value past int64) is rounded to the nearest integer. */
function integerOf(text: string): bigint {
  if (/^-?\d+$/.test(text)) return BigInt(text);
  const number = Number(text);
  return Number.isFinite(number) ? BigInt(Math.round(number)) : 0n;
}

/** The bigint an exactSum column stands for. */
export function readExactSum(value: unknown): bigint {
  const [high = '0', low = '0'] = String(value ?? '0:0').split(':');
  return integerOf(high) * BigInt(EXACT_SUM_PART) + integerOf(low);
}
