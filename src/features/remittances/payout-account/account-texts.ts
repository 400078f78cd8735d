// remittances-and-payouts §8: what the balance panel and the account lookup show when the bank does not answer.
import { ApiError, errorText } from '../../../api/errors';
import type { DocumentOf } from '../../../api/resource';

/** What the payout bank answers about an account number (lookupPayoutAccount). */
type AccountLookup = DocumentOf<'lookupPayoutAccount'>['data']['attributes'];

export const ACCOUNT_UNREACHABLE = 'Account unreachable';

/** §8: the balance panel shows the error message, else 'Account unreachable'. */
export function balanceErrorText(error: unknown): string {
  return errorText(error, ACCOUNT_UNREACHABLE);
}

/** §8: an unreachable bank (no answer, or the gateway's 502/504) is 'Account unreachable'; the bank's refusal its text. */
export function lookupErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return ACCOUNT_UNREACHABLE;
  return errorText(error, ACCOUNT_UNREACHABLE);
}

/** §8: an answer without accountNumber shows 'responseCode - responseMessage'. */
export function lookupResultText(result: AccountLookup): string {
  return result.accountNumber ?? `${result.responseCode} - ${result.responseMessage}`;
}
