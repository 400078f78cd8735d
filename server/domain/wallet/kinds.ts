// The kinds of wallet transaction the top-up modal starts (users-and-wallets §4 "Top-up flow") and how each
// moves money. Codes and names are docs/decisions.md's (1 Top Up, 2 P2P, 4 Request Money, 8 Disbursement,
// 32 Loan, 256 Cash Out).
import type { TransactionTypeCode } from '../../db/schema.ts';
import { TRANSACTION_TYPE } from '../reference.ts';

export const TRANSACTION_TYPE_NAMES: Record<number, string> = {
  [TRANSACTION_TYPE.TopUp]: 'Top Up',
  [TRANSACTION_TYPE.P2P]: 'P2P',
  [TRANSACTION_TYPE.RequestMoney]: 'Request Money',
  [TRANSACTION_TYPE.Disbursement]: 'Disbursement',
  [TRANSACTION_TYPE.Loan]: 'Loan',
  [TRANSACTION_TYPE.CashOut]: 'Cash Out',
};

export function isTransactionTypeCode(type: number): type is TransactionTypeCode {
  return TRANSACTION_TYPE_NAMES[type] !== undefined;
}

export function transactionTypeName(type: number): string {
  return TRANSACTION_TYPE_NAMES[type] ?? 'Unknown';
}

/** The three kinds staff start from a user's wallet. */
export type TopUpKind = typeof TRANSACTION_TYPE.TopUp | typeof TRANSACTION_TYPE.Loan | typeof TRANSACTION_TYPE.CashOut;

export const TEMPLATE_KINDS: Record<'topup' | 'cashout' | 'loan', TopUpKind> = {
  topup: TRANSACTION_TYPE.TopUp,
  cashout: TRANSACTION_TYPE.CashOut,
  loan: TRANSACTION_TYPE.Loan,
};

export function isTopUpKind(type: number | null | undefined): type is TopUpKind {
  return type === TRANSACTION_TYPE.TopUp || type === TRANSACTION_TYPE.Loan || type === TRANSACTION_TYPE.CashOut;
}

/** Cash Out takes money out of the wallet; Top Up and Loan cash-in put it in. */
export function isDebit(type: number): boolean {
  return type === TRANSACTION_TYPE.CashOut;
}

/**
 * The kind when the request names neither a service nor a template: users-and-wallets §4 "Cash-out sends the
 * amount as a negative number", a loan cash-in carries the loan id (ExternalId), anything else is a Top Up.
 */
export function kindFromAmount(amountMinor: number, externalId: string | undefined): TopUpKind {
  if (amountMinor < 0) return TRANSACTION_TYPE.CashOut;
  if (externalId !== undefined && externalId.trim() !== '') return TRANSACTION_TYPE.Loan;
  return TRANSACTION_TYPE.TopUp;
}
