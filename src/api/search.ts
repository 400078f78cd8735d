// The gateway's look-ups (searchUsers, searchWalletTransactions) answer 422 to a query shorter than this, trimmed.
export const MIN_SEARCH_LENGTH = 2;

/** How long a look-up's answer is reused for the same text. */
export const SEARCH_STALE_MS = 30_000;
