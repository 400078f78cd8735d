// Reference lists (users-and-wallets §3) are cached for long: they change only when an admin edits them.
export const REFERENCE_STALE_MS = 10 * 60_000;
