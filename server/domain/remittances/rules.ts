// Who may act on remittances, and which rows may be reprocessed (remittances-and-payouts §4, §6; the contract's
// "Remittances and payouts" section).
import type { TenantType } from '../../db/schema.ts';
import type { Session } from '../auth/tokens.ts';
import { ROLE } from '../reference.ts';
import { DomainRefusal } from '../refusal.ts';

/** RP §4 status ids. */
export const REMITTANCE_STATUS = { Pending: 2, Processing: 4, Failed: 128, Successful: 256 } as const;

/** Status texts the gateway writes. */
export const STATUS_TEXT = {
  Approved: 'Approved or completed successfully',
  ReProcessing: 'Re-Processing',
  BankNotAvailable: 'Beneficiary Bank not available',
  Timeout: 'Timeout waiting for response from destination',
} as const;

/**
 * RP §5 refusals in the words the screens use for the same rules (schemas/forms/payout-status.json,
 * bulk-reprocess.json and bulk-reprocess-days.json, which name the fields as the spec does), so staff read one text.
 */
export const PAYOUT_INPUT_MESSAGES = {
  statusCodeRequired: 'Status Code is required',
  statusCodeRange: 'Status Code must be a whole number from 0 to 256',
  statusDescriptionRequired: 'Status Description is required',
  countRange: 'Number of Transactions must be a number from 1 to 1000',
  daysRange: 'Number of Days Prior Today must be a number from 1 to 366',
} as const;

/** RP §4: a cancelled payout's status text begins with this. */
export const CANCELLED_PREFIX = 'Cancelled -';

interface ReprocessableRule {
  statusIds: readonly number[];
  texts: readonly string[];
}

/** RP §4 first tenant group (bunna tenants). */
const FIRST_GROUP: ReprocessableRule = {
  statusIds: [REMITTANCE_STATUS.Processing, REMITTANCE_STATUS.Failed],
  texts: ['Processing', STATUS_TEXT.Timeout, STATUS_TEXT.BankNotAvailable],
};

/** RP §4 the three other remittance tenant kinds (payin, payout, payinpayoutservice); `null` is the null-response marker. */
const OTHER_KINDS: ReprocessableRule = {
  statusIds: [REMITTANCE_STATUS.Pending, REMITTANCE_STATUS.Processing, REMITTANCE_STATUS.Failed, REMITTANCE_STATUS.Successful],
  texts: [
    'Processing',
    STATUS_TEXT.ReProcessing,
    STATUS_TEXT.Timeout,
    STATUS_TEXT.BankNotAvailable,
    'No action taken',
    'Unable to locate record',
    'System malfunction',
    'null',
    STATUS_TEXT.Approved,
    CANCELLED_PREFIX,
    'Request processing in progress',
    'TRANSACTION REFERENCE EXISTS',
    'PENDING',
  ],
};

/** The tenant type's reprocessable rule; null for types without remittances. */
export function reprocessableRule(tenantType: TenantType): ReprocessableRule | null {
  if (tenantType === 'bunna') return FIRST_GROUP;
  if (tenantType === 'payin' || tenantType === 'payout' || tenantType === 'payinpayoutservice') return OTHER_KINDS;
  return null;
}

/** RP §4: the status id is one of the rule's and the trimmed status text is exactly one of its texts. */
export function isReprocessable(tenantType: TenantType, statusId: number, status: string): boolean {
  const rule = reprocessableRule(tenantType);
  return rule !== null && rule.statusIds.includes(statusId) && rule.texts.includes(status.trim());
}

const STAFF_ROLES: readonly number[] = [ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin];

/** RP §9 leaves the payout admin role's id to configuration; the reference gateway's is the top admin role. */
export const PAYOUT_ADMIN_ROLE: number = ROLE.TopAdmin;

/** The tenant facts the payout admin rule reads. */
export interface OperatorTenant {
  id: string;
  type: TenantType;
  /** `payoutAdmin: true` in the tenant file: one of the remittance operators (RP §6). */
  payoutAdmin: boolean;
  claim: string;
  /** `payoutAccount` in the tenant file (RP §9: configured per partner). */
  payoutAccount: string | null;
}

/**
 * RP §6: the token's tenant is a remittance operator, its tenant claim is the operator's (compared
 * case-insensitively, as the spec's client compares it) and its roles hold the payout admin role.
 */
export function isPayoutAdmin(session: Session, tenant: OperatorTenant): boolean {
  return (
    tenant.payoutAdmin &&
    session.tenantId === tenant.id &&
    session.claim.toLowerCase() === tenant.claim.toLowerCase() &&
    session.roles.includes(PAYOUT_ADMIN_ROLE)
  );
}

export function assertStaff(session: Session): void {
  if (!session.roles.some((role) => STAFF_ROLES.includes(role))) {
    throw new DomainRefusal('forbidden', { message: 'Only staff may read remittances', code: 'role_not_allowed' });
  }
}

export function assertPayoutAdmin(session: Session, tenant: OperatorTenant): void {
  if (!isPayoutAdmin(session, tenant)) {
    throw new DomainRefusal('forbidden', {
      message: 'Only a payout admin may do this',
      detail: 'Payout actions are for the payout admin role of a remittance operator tenant.',
      code: 'not_payout_admin',
    });
  }
}

/** The reference the bank knows a payout by: the part before any `|{partnerId}` (RP §3). */
export function bankReference(payoutExternalId: string): string {
  const bar = payoutExternalId.indexOf('|');
  return bar === -1 ? payoutExternalId : payoutExternalId.slice(0, bar);
}

/** The partner id after the `|`, or null. */
export function partnerOf(payoutExternalId: string): string | null {
  const bar = payoutExternalId.indexOf('|');
  return bar === -1 ? null : payoutExternalId.slice(bar + 1);
}

/** RP §4 code 32: the payout is sent again as `{reference}A`, keeping its `|{partnerId}`. */
export function reissuedExternalId(payoutExternalId: string): string {
  const partner = partnerOf(payoutExternalId);
  return `${bankReference(payoutExternalId)}A${partner === null ? '' : `|${partner}`}`;
}
