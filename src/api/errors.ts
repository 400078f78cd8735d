// Turning failures into the texts staff know (users-and-wallets §8).
export const CONNECTION_ERROR =
  'There was a problem in connecting to the server. Please check your internet and try again.';
export const SESSION_EXPIRED_LOGIN = 'Session has expired.  Log-in again.';
export const SESSION_EXPIRED_REJECT = 'Session has expired.  You will be logged-off.';

export interface ApiErrorObject {
  status?: string;
  /** A machine-readable reason, e.g. `invalid_otp`, `not_pending`. */
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

/** A failed gateway call, carrying the JSON:API errors it answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorObject[],
  ) {
    super(apiErrorText(errors) ?? CONNECTION_ERROR);
    this.name = 'ApiError';
  }
  /** Field messages keyed by the attribute the pointer names (`/data/attributes/email` → `email`). */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const error of this.errors) {
      const field = error.source?.pointer?.split('/').pop();
      if (field) fields[field] = error.detail ?? error.title ?? '';
    }
    return fields;
  }
}

export class SessionExpiredError extends Error {
  constructor() {
    super(SESSION_EXPIRED_REJECT);
    this.name = 'SessionExpiredError';
  }
}

/** A single error shows its message; several show their titles, each followed by a period. */
export function apiErrorText(errors: ApiErrorObject[] | undefined): string | null {
  if (!errors || errors.length === 0) return null;
  if (errors.length === 1) {
    const [only] = errors;
    return only?.detail || only?.title || null;
  }
  return errors
    .map((error) => (error.title ?? error.detail ?? '').trim())
    .filter(Boolean)
    .map((title) => (title.endsWith('.') ? title : `${title}.`))
    .join(' ');
}

/** The text to show for any failure: the server's message, else the given fallback, else the connection text. */
export function errorText(error: unknown, fallback: string = CONNECTION_ERROR): string {
  if (error instanceof ApiError) return apiErrorText(error.errors) ?? fallback;
  if (error instanceof SessionExpiredError) return error.message;
  return fallback;
}

export function isErrorDocument(body: unknown): body is { errors: ApiErrorObject[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}
