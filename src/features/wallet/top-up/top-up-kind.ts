// Which modal a service or a transaction opens (users-and-wallets §4 "Top-up flow"; docs/decisions.md type codes).
import type { TopUpKind } from '../../../flows/top-up.machine';

/** Transaction type codes: 1 Top Up, 32 Loan, 256 Cash Out. */
export const KIND_OF_TYPE: Readonly<Partial<Record<number, TopUpKind>>> = { 1: 'topUp', 32: 'loan', 256: 'cashOut' };
export const TYPE_OF_KIND: Readonly<Record<TopUpKind, number>> = { topUp: 1, loan: 32, cashOut: 256 };

/** The modal a service of the top-up dropdown opens; null for a type the modal does not make (P2P, Request Money...). */
export function kindOfService(service: { type: number }): TopUpKind | null {
  return KIND_OF_TYPE[service.type] ?? null;
}

/** The modal title for a pending transaction's code step: its own kind, else Top-up. */
export function kindOfTransaction(type: number): TopUpKind {
  return KIND_OF_TYPE[type] ?? 'topUp';
}
