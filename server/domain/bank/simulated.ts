// The reference gateway's simulated payout bank: a PayoutBank over its own books in the database (bank_accounts,
// bank_ledger). It answers from what it holds, so every branch of remittances-and-payouts §4 follows from data:
// a reference it paid answers 00 with the payment; one it never saw 01 'Transaction does not exist.'; one it holds
// but cannot pay 32; one that failed its stored code (96, 91, 07...). Paying writes the ledger: a reference is paid
// at most once, from the operator's payout account, to a beneficiary account the bank holds ('07 Invalid
// Account' otherwise) and only with the funds there ('51 No sufficient funds'). Its mode makes it refuse every
// call (`down`) or answer only after `slowMs` (`slow`, longer than the gateway's time limit).
import type { Db } from '../../db/connection.ts';
import {
  BANK_CODE,
  BankUnreachable,
  bankAnswer,
  type BankAccount,
  type BankAccountLookup,
  type BankAnswer,
  type BankPayment,
  type BankTransaction,
  type PayoutBank,
} from './bank.ts';

export const BANK_MODES = ['normal', 'down', 'slow'] as const;
export type BankMode = (typeof BANK_MODES)[number];

export function isBankMode(value: string): value is BankMode {
  return (BANK_MODES as readonly string[]).includes(value);
}

export interface SimulatedBankOptions {
  db: Db;
  now: () => Date;
  mode?: BankMode;
  /** How long a slow bank takes to answer; default 30 s, well past any time limit the gateway sets. */
  slowMs?: number;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export class SimulatedBank implements PayoutBank {
  mode: BankMode;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly slowMs: number;

  constructor(options: SimulatedBankOptions) {
    this.db = options.db;
    this.now = options.now;
    this.mode = options.mode ?? 'normal';
    this.slowMs = options.slowMs ?? 30_000;
  }

  /** What `down` and `slow` do before any answer. */
  private async reach(signal: AbortSignal): Promise<void> {
    if (this.mode === 'down') throw new BankUnreachable('down');
    if (this.mode === 'slow') await wait(this.slowMs, signal);
  }

  async transactionStatus(reference: string, signal: AbortSignal): Promise<BankTransaction> {
    await this.reach(signal);
    const held = await this.db.selectFrom('bank_ledger').selectAll().where('reference', '=', reference).executeTakeFirst();
    if (!held) {
      return { reference, ...bankAnswer(BANK_CODE.NotFound), amountMinor: null, currency: null, recipientBankCode: null, recipientAccountNumber: null, at: null };
    }
    return {
      reference,
      code: held.code,
      message: held.message,
      amountMinor: held.amount_minor,
      currency: held.currency,
      recipientBankCode: held.bank_code,
      recipientAccountNumber: held.account_number,
      at: held.at,
    };
  }

  async pay(payment: BankPayment, signal: AbortSignal): Promise<BankAnswer> {
    await this.reach(signal);
    return this.db.transaction().execute(async (trx) => {
      const held = await trx.selectFrom('bank_ledger').select(['code']).where('reference', '=', payment.reference).executeTakeFirst();
      if (held?.code === BANK_CODE.Approved) return bankAnswer(BANK_CODE.Approved);
      if (held) return bankAnswer('94');

      const record = async (answer: BankAnswer) => {
        await trx
          .insertInto('bank_ledger')
          .values({
            reference: payment.reference,
            code: answer.code,
            message: answer.message,
            amount_minor: payment.amountMinor,
            currency: payment.currency,
            bank_code: payment.recipientBankCode,
            account_number: payment.recipientAccountNumber,
            at: this.now().toISOString(),
          })
          .execute();
        return answer;
      };
      const from = await trx
        .selectFrom('bank_accounts')
        .select(['balance_minor', 'status'])
        .where('account_number', '=', payment.fromAccount)
        .executeTakeFirst();
      if (!from || from.status !== 'ACTIVE') return record(bankAnswer('57'));
      const to =
        payment.recipientAccountNumber === null
          ? undefined
          : await trx.selectFrom('bank_accounts').select(['status']).where('account_number', '=', payment.recipientAccountNumber).executeTakeFirst();
      if (!to || to.status !== 'ACTIVE') return record(bankAnswer('07'));
      if (from.balance_minor < payment.amountMinor) return record(bankAnswer('51'));
      await trx
        .updateTable('bank_accounts')
        .set((eb) => ({ balance_minor: eb('balance_minor', '-', payment.amountMinor) }))
        .where('account_number', '=', payment.fromAccount)
        .execute();
      return record(bankAnswer(BANK_CODE.Approved));
    });
  }

  async lookupAccount(accountNumber: string, signal: AbortSignal): Promise<BankAccountLookup> {
    await this.reach(signal);
    const held = await this.db.selectFrom('bank_accounts').select(['account_number']).where('account_number', '=', accountNumber).executeTakeFirst();
    return held ? { accountNumber: held.account_number, ...bankAnswer(BANK_CODE.Approved) } : { accountNumber: null, ...bankAnswer('07') };
  }

  async account(accountNumber: string, signal: AbortSignal): Promise<BankAccount | null> {
    await this.reach(signal);
    const row = await this.db.selectFrom('bank_accounts').selectAll().where('account_number', '=', accountNumber).executeTakeFirst();
    if (!row) return null;
    return {
      accountNumber: row.account_number,
      accountName: row.account_name,
      availableBalanceMinor: row.balance_minor,
      currency: row.currency,
      status: row.status,
      email: row.email,
      phone: row.phone,
    };
  }
}
