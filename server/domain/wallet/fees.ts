// The fee of a wallet transaction (users-and-wallets §4 "computes its fee"; the spec shows only that an answer carries
// one). The reference gateway's tariff, per kind: a percentage of the amount, rounded half up to the minor unit,
// kept between a minimum and a maximum.
//
// | kind    | rate  | minimum | maximum |
// |---------|-------|---------|---------|
// | Top Up  | 1 %   | 1.00    | 50.00   |
// | Cash Out| 1 %   | 1.00    | 100.00  |
// | Loan    | 0.5 % | 5.00    | 250.00  |
//
// The fee is collected at the counter, not from the wallet: confirming moves exactly the amount, so a wallet's
// balance stays the sum of its completed transactions.
import { TRANSACTION_TYPE } from '../reference.ts';
import type { TopUpKind } from './kinds.ts';

interface Tariff {
  basisPoints: number;
  minMinor: number;
  maxMinor: number;
}

export const TARIFFS: Record<TopUpKind, Tariff> = {
  [TRANSACTION_TYPE.TopUp]: { basisPoints: 100, minMinor: 100, maxMinor: 5_000 },
  [TRANSACTION_TYPE.CashOut]: { basisPoints: 100, minMinor: 100, maxMinor: 10_000 },
  [TRANSACTION_TYPE.Loan]: { basisPoints: 50, minMinor: 500, maxMinor: 25_000 },
};

/** The fee in minor units for moving `amountMinor` (sign ignored) as `kind`. */
export function feeFor(kind: TopUpKind, amountMinor: number): number {
  const tariff = TARIFFS[kind];
  const magnitude = Math.abs(amountMinor);
  // Half-up integer rounding of magnitude × bp / 10000; BigInt because magnitude × bp may pass 2^53.
  const proportional = Number((BigInt(magnitude) * BigInt(tariff.basisPoints) + 5_000n) / 10_000n);
  return Math.min(tariff.maxMinor, Math.max(tariff.minMinor, proportional));
}
