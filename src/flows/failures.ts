// How the flows read a failed call: the texts of users-and-wallets §8, and whether the call may have landed.
import { ApiError, SessionExpiredError } from '../api/errors';

export { CONNECTION_ERROR, errorText } from '../api/errors';

/** No answer at all (fetch's TypeError, an abort): the request may or may not have reached the gateway. */
export function isConnectionFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof SessionExpiredError);
}

/** The gateway may have done the work: no answer, a 5xx, or a 409 "a request with this key is still in flight". */
export function mayHaveLanded(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 409);
}

/** Field messages of a 422/409 answer, keyed by the attribute its pointer names. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors() : {};
}

export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
