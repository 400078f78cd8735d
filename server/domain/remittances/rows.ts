// Remittance rows as the gateway answers them (remittances-and-payouts §3), the operator tenant they belong to,
// and finding one row of the session's tenant.
import type { Db } from '../../db/connection.ts';
import type { Remittance } from '../../db/schema.ts';
import type { Session } from '../auth/tokens.ts';
import { formatMinor } from '../money.ts';
import { DomainRefusal } from '../refusal.ts';
import { parseId } from '../wallet/ids.ts';
import { isPayoutAdmin, isReprocessable, partnerOf, type OperatorTenant } from './rules.ts';

export interface RemittanceActions {
  checkStatus: boolean;
  reprocess: boolean;
  cancel: boolean;
  editStatus: boolean;
}

export interface RemittanceAttributes {
  payoutExternalId: string;
  partnerId: string | null;
  referenceNumber: string;
  originalId: string | null;
  payinId: string;
  cardPaymentReference: string | null;
  transactionDate: string;
  typeName: string;
  externalId: string | null;
  payoutChannel: string | null;
  payoutPartner: string | null;
  senderName: string;
  senderAmount: string;
  senderCurrency: string;
  receiverName: string;
  receiverAmount: string;
  receiverCurrency: string;
  beneficiaryBankBic: string | null;
  beneficiaryAccount: string | null;
  transactionFee: string;
  transactionFx: string;
  statusId: number;
  status: string;
  purpose: string | null;
  senderRemarks: string | null;
  adminNotes: string | null;
  reprocessable: boolean;
  queued: boolean;
  actions: RemittanceActions;
}

export interface RemittanceView {
  id: string;
  attributes: RemittanceAttributes;
}

const MICRO = 1_000_000;

/** A rate in millionths as a decimal with 2 to 6 decimals: 1520350000 → "1520.35", 1234567 → "1.234567". */
export function formatRate(micro: number): string {
  if (!Number.isSafeInteger(micro) || micro < 0) throw new RangeError(`Not a rate in millionths: ${micro}`);
  const fraction = String(micro % MICRO).padStart(6, '0').replace(/0{1,4}$/, '');
  return `${Math.floor(micro / MICRO)}.${fraction.padEnd(2, '0')}`;
}

/** A decimal rate ("1520.35") in millionths. */
export function rateToMicro(rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole) * MICRO + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** The tenant the session acts in, as the remittance rules read it; refused when it no longer exists. */
export async function operatorTenant(db: Db, session: Session): Promise<OperatorTenant> {
  const row = await db
    .selectFrom('tenants')
    .select(['id', 'type', 'payout_admin', 'claim', 'config_json'])
    .where('id', '=', session.tenantId)
    .executeTakeFirst();
  if (!row) throw new DomainRefusal('forbidden', { message: 'Not allowed', detail: 'The tenant of this token no longer exists.' });
  const config: unknown = JSON.parse(row.config_json);
  const payoutAccount =
    typeof config === 'object' && config !== null && 'payoutAccount' in config && typeof config.payoutAccount === 'string'
      ? config.payoutAccount
      : null;
  return { id: row.id, type: row.type, payoutAdmin: row.payout_admin === 1, claim: row.claim, payoutAccount };
}

/** Who looks at the rows: the per-row actions depend on it (the contract's listRemittances). */
export interface Viewer {
  tenant: OperatorTenant;
  payoutAdmin: boolean;
}

export function viewerOf(session: Session, tenant: OperatorTenant): Viewer {
  return { tenant, payoutAdmin: isPayoutAdmin(session, tenant) };
}

export function remittanceView(row: Remittance, queued: boolean, viewer: Viewer): RemittanceView {
  const reprocessable = isReprocessable(viewer.tenant.type, row.status_id, row.status);
  const admin = viewer.payoutAdmin;
  return {
    id: String(row.id),
    attributes: {
      payoutExternalId: row.payout_external_id,
      partnerId: partnerOf(row.payout_external_id),
      referenceNumber: row.reference_number,
      originalId: row.original_id,
      payinId: row.payin_id,
      cardPaymentReference: row.card_payment_reference,
      transactionDate: row.transaction_date,
      typeName: row.type_name,
      externalId: row.external_id,
      payoutChannel: row.payout_channel,
      payoutPartner: row.payout_partner,
      senderName: row.sender_name,
      senderAmount: formatMinor(row.sender_amount_minor),
      senderCurrency: row.sender_currency,
      receiverName: row.receiver_name,
      receiverAmount: formatMinor(row.receiver_amount_minor),
      receiverCurrency: row.receiver_currency,
      beneficiaryBankBic: row.beneficiary_bank_bic,
      beneficiaryAccount: row.beneficiary_account,
      transactionFee: formatMinor(row.transaction_fee_minor),
      transactionFx: formatRate(row.transaction_fx_micro),
      statusId: row.status_id,
      status: row.status,
      purpose: row.purpose,
      senderRemarks: row.sender_remarks,
      adminNotes: row.admin_notes,
      reprocessable,
      queued,
      actions: {
        checkStatus: admin && reprocessable,
        reprocess: admin && reprocessable && !queued,
        cancel: admin && reprocessable && !queued,
        editStatus: admin,
      },
    },
  };
}

/** Which of these rows wait for the settler. */
export async function queuedAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const queued = new Set<number>();
  // Chunks keep the IN list under SQLite's variable limit for a 100,000-row report.
  for (let start = 0; start < ids.length; start += 5_000) {
    const rows = await db.selectFrom('payout_queue').select('remittance_id').where('remittance_id', 'in', ids.slice(start, start + 5_000)).execute();
    for (const row of rows) queued.add(row.remittance_id);
  }
  return queued;
}

export const REMITTANCE_NOT_FOUND = 'Transaction not found';

/** A row of the session's tenant by its wire id, else not found (another tenant's row never shows). */
export async function findRemittance(db: Db, session: Session, wireId: string): Promise<Remittance> {
  const id = parseId(wireId);
  const row =
    id === undefined
      ? undefined
      : await db.selectFrom('remittances').selectAll().where('id', '=', id).where('tenant_id', '=', session.tenantId).executeTakeFirst();
  if (!row) throw new DomainRefusal('not_found', { message: REMITTANCE_NOT_FOUND });
  return row;
}

/** The view of one row, reading whether it is queued. */
export async function viewOf(db: Db, row: Remittance, viewer: Viewer): Promise<RemittanceView> {
  const queued = await db.selectFrom('payout_queue').select('remittance_id').where('remittance_id', '=', row.id).executeTakeFirst();
  return remittanceView(row, queued !== undefined, viewer);
}
