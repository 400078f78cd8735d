// The limits and texts gateway tests assert, as the spec and the documents state them, never read from the code
// under test (a test that imports SIGN_IN_LIMITS still passes when the limit changes). Where the spec gives no
// value, the documented one: docs/decisions.md "Attempt limits" and the contract's descriptions.

/** docs/decisions.md "Attempt limits", openapi/gateway.yaml createToken: sign-in failures counted in 15 minutes (pair, address) or an hour (account). */
export const SIGN_IN = { perAccountAndAddress: 5, perAddress: 20, perAccount: 100 } as const;

/** openapi/gateway.yaml confirmWalletTransaction: a code is valid 5 minutes and takes 5 tries; wrong codes per staff account (20) and per address (50) in 15 minutes. */
export const OTP = { ttlMs: 5 * 60 * 1000, tries: 5, wrongPerAccount: 20, wrongPerAddress: 50 } as const;

/** openapi/gateway.yaml resendWalletTransactionOtp: at most 5 re-sends per transaction in 15 minutes. */
export const RESENDS_PER_TRANSACTION = 5;

/** openapi/gateway.yaml createWalletTransaction: Idempotency-Key records are kept 24 hours. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;

/** users-and-wallets §4 step 6, §8. */
export const INVALID_OTP_TEXT = 'Invalid OTP entered!';
/** users-and-wallets §8 (the spec's typo kept). */
export const OTP_RESENT_TEXT = 'OPT has successfully been sent to your registered mobile and email address.';

/** docs/decisions.md "Attempt limits": unknown or spent reset tokens from one address in 15 minutes. */
export const RESET_TOKENS_PER_ADDRESS = 10;
