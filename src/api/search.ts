// The gateway's look-ups (searchUsers, searchWalletTransactions) answer 422 to a query shorter than this, trimmed.
export const MIN_SEARCH_LENGTH = 2;
