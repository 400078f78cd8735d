// What a held-back request would do, read before it runs: the facts a rule's condition sees (json-logic vars, the
// checker's list in src/config/check/approvals.ts), a sentence for the approver, and the fields before and after.
// Undefined when the request would be refused anyway (unknown user, action not allowed...): it then runs at once
// and answers its own refusal, so only doable requests wait for a second person.
import type { Db } from '../../db/connection.ts';
import type { Session } from '../auth/tokens.ts';
import { applyStatusAction, isStatusActionId, statusActionAllowed, STATUS_ACTIONS } from '../accounts/status.ts';
import { MAX_BALANCE_MINOR, formatMinor, parseWholeAmount } from '../money.ts';
import { displayStatus, ROLE } from '../reference.ts';
import { payoutAdminViewer } from '../remittances/actions.ts';
import { canSeeUser } from '../scope.ts';
import { parseId } from '../wallet/ids.ts';
import { isDebit, isTopUpKind, kindFromAmount, TEMPLATE_KINDS, transactionTypeName } from '../wallet/kinds.ts';
import type { ApprovableOperation } from './rules.ts';

export type FactValue = string | number | null;

export interface RequestFacts {
  vars: Record<string, number>;
  summary: string;
  before: Record<string, FactValue>;
  after: Record<string, FactValue>;
}

export interface HeldRequest {
  params: Record<string, string>;
  body: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function attributesOf(body: unknown): Record<string, unknown> {
  const data = isRecord(body) ? body.data : undefined;
  return isRecord(data) && isRecord(data.attributes) ? data.attributes : {};
}

async function personName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirst();
  return row ? `${row.firstname} ${row.lastname}`.trim() : `user ${userId}`;
}

async function walletFacts(db: Db, session: Session, body: unknown): Promise<RequestFacts | undefined> {
  const attributes = attributesOf(body);
  let amount: number;
  try {
    amount = parseWholeAmount(attributes.Amount, { field: 'Amount', allowNegative: true });
  } catch {
    return undefined;
  }
  const serviceId = typeof attributes.ServiceId === 'string' ? parseId(attributes.ServiceId) : undefined;
  let kind: number;
  if (attributes.ServiceId !== undefined) {
    const service = serviceId === undefined ? undefined : await db.selectFrom('services').select('transaction_type').where('id', '=', serviceId).executeTakeFirst();
    if (!service || !isTopUpKind(service.transaction_type)) return undefined;
    kind = service.transaction_type;
  } else if (attributes.template === 'topup' || attributes.template === 'cashout' || attributes.template === 'loan') {
    kind = TEMPLATE_KINDS[attributes.template];
  } else {
    kind = kindFromAmount(amount, typeof attributes.ExternalId === 'string' ? attributes.ExternalId : undefined);
  }
  const receiverId = typeof attributes.ReceiverUserId === 'string' ? parseId(attributes.ReceiverUserId) : undefined;
  if (receiverId === undefined || !(await canSeeUser(db, session, receiverId))) return undefined;
  const wallets = await db.selectFrom('wallets').select(['currency', 'balance_minor']).where('user_id', '=', receiverId).where('tenant_id', '=', session.tenantId).orderBy('id').execute();
  const tenant = await db.selectFrom('tenants').select('currency').where('id', '=', session.tenantId).executeTakeFirst();
  const wallet =
    typeof attributes.Currency === 'string'
      ? wallets.find((candidate) => candidate.currency === attributes.Currency)
      : (wallets.find((candidate) => candidate.currency === tenant?.currency) ?? wallets[0]);
  if (!wallet) return undefined;
  const magnitude = Math.abs(amount);
  const balanceAfter = isDebit(kind) ? wallet.balance_minor - magnitude : wallet.balance_minor + magnitude;
  if (balanceAfter < 0 || balanceAfter > MAX_BALANCE_MINOR) return undefined;
  const name = await personName(db, receiverId);
  const what = `${transactionTypeName(kind)} of ${formatMinor(magnitude)} ${wallet.currency}`;
  return {
    vars: { amountMinor: magnitude, transactionType: kind },
    summary: `${what} ${isDebit(kind) ? 'from' : 'to'} the wallet of ${name}`,
    before: { Receiver: name, 'Wallet balance': `${formatMinor(wallet.balance_minor)} ${wallet.currency}` },
    after: { Receiver: name, 'Wallet balance': `${formatMinor(balanceAfter)} ${wallet.currency}`, Transaction: what },
  };
}

async function statusFacts(db: Db, session: Session, params: Record<string, string>, body: unknown): Promise<RequestFacts | undefined> {
  const { status: action, reason } = attributesOf(body);
  const userId = parseId(params.id);
  if (!isStatusActionId(action) || userId === undefined || userId === session.userId || !(await canSeeUser(db, session, userId))) return undefined;
  const account = await db.selectFrom('accounts').select(['status', 'roles']).where('user_id', '=', userId).executeTakeFirst();
  if (!account || !statusActionAllowed(account.status, action)) return undefined;
  const name = await personName(db, userId);
  const after = applyStatusAction(account.status, action);
  const who = (account.roles & ROLE.EndUser) !== 0 ? 'user' : 'staff member';
  return {
    vars: { statusAction: action },
    summary: `${STATUS_ACTIONS[action].name} for the ${who} ${name}${typeof reason === 'string' && reason.trim() ? ` (reason: ${reason.trim()})` : ''}`,
    before: { User: name, Status: displayStatus(account.status) },
    after: { User: name, Status: displayStatus(after) },
  };
}

/**
 * The people a held request is about (the account whose status changes, the wallet's owner): none of them may
 * decide it (issue 22). Read from the stored request, so approvals stored before this rule are covered too.
 */
export function subjectsOf(operationId: string, request: HeldRequest): number[] {
  const ids =
    operationId === 'updateAccountStatus' ? [request.params.id] : operationId === 'createWalletTransaction' ? [attributesOf(request.body).ReceiverUserId] : [];
  return ids.map((id) => (typeof id === 'string' ? parseId(id) : undefined)).filter((id): id is number => id !== undefined);
}

/** At most this many rows are listed one by one in a bulk action's before and after. */
const LISTED_ROWS = 20;

async function remittanceRows(db: Db, session: Session, wireIds: readonly unknown[]) {
  const ids = wireIds.map((id) => (typeof id === 'string' ? parseId(id) : undefined)).filter((id): id is number => id !== undefined);
  if (ids.length === 0) return [];
  return db
    .selectFrom('remittances')
    .select(['id', 'payout_external_id', 'status_id', 'status'])
    .where('tenant_id', '=', session.tenantId)
    .where('id', 'in', ids.slice(0, 1000))
    .orderBy('id')
    .execute();
}

async function statusEditFacts(db: Db, session: Session, body: unknown): Promise<RequestFacts | undefined> {
  const { transactionIds, statusCode, statusDescription } = attributesOf(body);
  if (!Array.isArray(transactionIds) || typeof statusCode !== 'number' || typeof statusDescription !== 'string') return undefined;
  const rows = await remittanceRows(db, session, transactionIds);
  if (rows.length !== transactionIds.length) return undefined;
  const before: Record<string, FactValue> = { Transactions: rows.length };
  const after: Record<string, FactValue> = { Transactions: rows.length };
  for (const row of rows.slice(0, LISTED_ROWS)) {
    before[row.payout_external_id] = `${row.status_id} ${row.status}`;
    after[row.payout_external_id] = `${statusCode} ${statusDescription}`;
  }
  return {
    vars: { count: rows.length, statusCode },
    summary: `Set the status of ${rows.length} transaction${rows.length === 1 ? '' : 's'} to ${statusCode} ${statusDescription}`,
    before,
    after,
  };
}

async function reprocessFacts(db: Db, session: Session, body: unknown): Promise<RequestFacts | undefined> {
  const { transactionIds, numberOfTransactions } = attributesOf(body);
  if (Array.isArray(transactionIds) && transactionIds.length > 0) {
    const rows = await remittanceRows(db, session, transactionIds);
    const before: Record<string, FactValue> = { Transactions: transactionIds.length };
    const after: Record<string, FactValue> = { Transactions: transactionIds.length };
    for (const row of rows.slice(0, LISTED_ROWS)) {
      before[row.payout_external_id] = `${row.status_id} ${row.status}`;
      after[row.payout_external_id] = 'queued for reprocessing';
    }
    return { vars: { count: transactionIds.length }, summary: `Reprocess ${transactionIds.length} selected transaction${transactionIds.length === 1 ? '' : 's'}`, before, after };
  }
  const count = typeof numberOfTransactions === 'number' ? numberOfTransactions : 0;
  return {
    vars: { count },
    summary: `Reprocess up to ${count} reprocessable transactions of the chosen dates`,
    before: { Transactions: count },
    after: { Transactions: `${count} queued for reprocessing` },
  };
}

const STAFF: readonly number[] = [ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin];

/** Whether the maker may ask for the operation at all (else its own refusal answers at once). */
async function mayAsk(db: Db, session: Session, operationId: ApprovableOperation): Promise<boolean> {
  if (!session.roles.some((role) => STAFF.includes(role))) return false;
  if (operationId !== 'updatePayoutStatuses' && operationId !== 'republishPayouts') return true;
  try {
    await payoutAdminViewer(db, session);
    return true;
  } catch {
    return false;
  }
}

/** The facts of a request to `operationId`, or undefined when it would be refused anyway. */
export async function requestFacts(db: Db, session: Session, operationId: ApprovableOperation, request: HeldRequest): Promise<RequestFacts | undefined> {
  if (!(await mayAsk(db, session, operationId))) return undefined;
  switch (operationId) {
    case 'createWalletTransaction':
      return walletFacts(db, session, request.body);
    case 'updateAccountStatus':
      return statusFacts(db, session, request.params, request.body);
    case 'updatePayoutStatuses':
      return statusEditFacts(db, session, request.body);
    case 'republishPayouts':
      return reprocessFacts(db, session, request.body);
  }
}
