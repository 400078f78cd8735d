// Asking the bank (remittances-and-payouts §4 status check, §2 payout account, §7 account lookup). Payout admins
// only; none of these changes anything. A bank that cannot be reached throws BankUnreachable.
import type { Db } from '../../db/connection.ts';
import type { Session } from '../auth/tokens.ts';
import type { BankAccount, BankAccountLookup, BankLine, BankTransaction } from '../bank/bank.ts';
import { DomainRefusal } from '../refusal.ts';
import { REMITTANCE_NOT_FOUND, operatorTenant } from './rows.ts';
import { assertPayoutAdmin, bankReference } from './rules.ts';

export interface BankActor {
  db: Db;
  session: Session;
  bank: BankLine;
}

export interface SwiftStatus {
  bank: BankTransaction;
  /** The local row the check was made for. */
  transaction: { id: string; referenceNumber: string; originalId: string | null; payoutExternalId: string; statusId: number; status: string };
}

/** RP §4 Analyse Request: what the bank holds for the row's reference (the part before any `|`). */
export async function checkSwiftStatus(actor: BankActor, payoutExternalId: string): Promise<SwiftStatus> {
  assertPayoutAdmin(actor.session, await operatorTenant(actor.db, actor.session));
  const row = await actor.db
    .selectFrom('remittances')
    .select(['id', 'reference_number', 'original_id', 'payout_external_id', 'status_id', 'status'])
    .where('payout_external_id', '=', payoutExternalId)
    .where('tenant_id', '=', actor.session.tenantId)
    .executeTakeFirst();
  if (!row) throw new DomainRefusal('not_found', { message: REMITTANCE_NOT_FOUND });
  const bank = await actor.bank.transactionStatus(bankReference(row.payout_external_id));
  return {
    bank,
    transaction: {
      id: String(row.id),
      referenceNumber: row.reference_number,
      originalId: row.original_id,
      payoutExternalId: row.payout_external_id,
      statusId: row.status_id,
      status: row.status,
    },
  };
}

/** RP §7 account lookup at the payout bank. */
export async function lookupAccount(actor: BankActor, accountNumber: string): Promise<BankAccountLookup> {
  assertPayoutAdmin(actor.session, await operatorTenant(actor.db, actor.session));
  return actor.bank.lookupAccount(accountNumber);
}

/** RP §2 payout account card: only the tenant's configured account (RP §9), read from the bank. */
export async function payoutAccount(actor: BankActor, accountNumber: string): Promise<BankAccount> {
  const tenant = await operatorTenant(actor.db, actor.session);
  assertPayoutAdmin(actor.session, tenant);
  const notFound = () => new DomainRefusal('not_found', { message: 'Payout account not found', detail: 'Only the payout account configured for this tenant can be read.' });
  if (tenant.payoutAccount === null || tenant.payoutAccount !== accountNumber) throw notFound();
  const account = await actor.bank.account(accountNumber);
  if (!account) throw notFound();
  return account;
}
