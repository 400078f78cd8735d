// Fee values and forex rates are decimals (identity-and-catalogue §5 "parsed as decimals"): read from a JSON number
// or a decimal string exactly, never through a binary float, and kept as integers of a fixed scale.

/** A decimal read at `scale` places: 12.5 at scale 2 is 1250n. */
export type Scaled = bigint;

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/**
 * Reads a non-negative decimal with at most `scale` decimals as an integer of that scale. A JSON number is read
 * from its shortest decimal text (what the client wrote: 1.5 is "1.5"), so 0.1 stays 0.1; exponents ("1e3", 1e21)
 * and any other text are not decimals. Returns undefined when the value is not one.
 */
export function readDecimal(value: unknown, scale: number): Scaled | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return undefined;
  }
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return undefined;
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/** The decimal text of a scaled integer with at least `minDecimals` and at most `scale` decimals: 1250n, 2 → "12.50". */
export function formatScaled(value: Scaled, scale: number, minDecimals: number = scale): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
