// The payout bank behind /api/v1/integration/swift/... (remittances-and-payouts §4, §7), as one narrow port:
// the gateway asks it about a reference, pays under a reference, looks up an account and reads an account. The
// reference gateway plugs in the simulated bank (./simulated.ts); a real bank adapter implements the same port
// and nothing else changes. Every call runs under the gateway's time limit (BankLine): a bank that cannot be
// reached or does not answer in time is a BankUnreachable, never a crash.

/** The bank's two-digit response code and its message (RP §4: 00 success, 01 and 32 special). */
export interface BankAnswer {
  code: string;
  message: string;
}

/** What the bank holds for a reference; the payment fields are null when it holds nothing (01). */
export interface BankTransaction extends BankAnswer {
  reference: string;
  amountMinor: number | null;
  currency: string | null;
  recipientBankCode: string | null;
  recipientAccountNumber: string | null;
  /** ISO-8601 UTC. */
  at: string | null;
}

export interface BankPayment {
  reference: string;
  amountMinor: number;
  currency: string;
  /** The operator's payout account the money leaves from. */
  fromAccount: string;
  recipientBankCode: string | null;
  recipientAccountNumber: string | null;
}

export interface BankAccountLookup extends BankAnswer {
  /** Null when the bank does not know the account. */
  accountNumber: string | null;
}

export interface BankAccount {
  accountNumber: string;
  accountName: string;
  availableBalanceMinor: number;
  currency: string;
  status: string;
  email: string | null;
  phone: string | null;
}

/** The port. `signal` aborts when the gateway's time limit runs out; an implementation stops waiting then. */
export interface PayoutBank {
  transactionStatus(reference: string, signal: AbortSignal): Promise<BankTransaction>;
  /** Pays once per reference: paying a reference the bank already paid answers 00 and moves nothing. */
  pay(payment: BankPayment, signal: AbortSignal): Promise<BankAnswer>;
  lookupAccount(accountNumber: string, signal: AbortSignal): Promise<BankAccountLookup>;
  /** Null for an account the bank does not hold. */
  account(accountNumber: string, signal: AbortSignal): Promise<BankAccount | null>;
}

/** RP §4 codes and the bank's messages the gateway names. */
export const BANK_CODE = { Approved: '00', NotFound: '01', ReferenceExists: '32' } as const;

export const BANK_MESSAGE: Readonly<Record<string, string>> = {
  '00': 'Approved or completed successfully',
  '01': 'Transaction does not exist.',
  '07': 'Invalid Account',
  '09': 'Request processing in progress',
  '21': 'No action taken',
  '25': 'Unable to locate record',
  '32': 'TRANSACTION REFERENCE EXISTS',
  '51': 'No sufficient funds',
  '57': 'Transaction not permitted to sender',
  '91': 'Beneficiary Bank not available',
  '94': 'Duplicate transaction',
  '96': 'System malfunction',
  '97': 'Timeout waiting for response from destination',
};

/** The bank's answer for a code, with its message. */
export function bankAnswer(code: string): BankAnswer {
  return { code, message: BANK_MESSAGE[code] ?? 'System malfunction' };
}

export type Unreachable = 'down' | 'timeout';

/** The bank could not be reached (down) or did not answer within the time limit (timeout); nothing changed. */
export class BankUnreachable extends Error {
  readonly reason: Unreachable;

  constructor(reason: Unreachable) {
    // The texts the remittance rows carry for these two (RP §4 reprocessable texts).
    super(reason === 'down' ? 'Beneficiary Bank not available' : 'Timeout waiting for response from destination');
    this.name = 'BankUnreachable';
    this.reason = reason;
  }
}

/** The gateway's line to the bank: every call under one time limit. */
export class BankLine {
  constructor(
    readonly bank: PayoutBank,
    readonly timeoutMs: number,
  ) {}

  /** Runs one bank call; a time-out aborts it and throws BankUnreachable('timeout'). */
  async call<T>(request: (bank: PayoutBank, signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeout = new BankUnreachable('timeout');
        controller.abort(timeout);
        reject(timeout);
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([request(this.bank, controller.signal), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  transactionStatus(reference: string): Promise<BankTransaction> {
    return this.call((bank, signal) => bank.transactionStatus(reference, signal));
  }

  pay(payment: BankPayment): Promise<BankAnswer> {
    return this.call((bank, signal) => bank.pay(payment, signal));
  }

  lookupAccount(accountNumber: string): Promise<BankAccountLookup> {
    return this.call((bank, signal) => bank.lookupAccount(accountNumber, signal));
  }

  account(accountNumber: string): Promise<BankAccount | null> {
    return this.call((bank, signal) => bank.account(accountNumber, signal));
  }
}
