// The fields of a remittance as the details popup and an expanded row show them (remittances-and-payouts §3): amounts
// with two decimals and their currency, dates DD-MMM-YYYY h:mma (§9), and a Loan's externalId as Loan Id (§3).
import type { Field } from '../../../render/FieldList';

export type { Field };
import { formatAmount, formatDate, formatNumber } from '../../../render/format';
import type { RemittanceRow } from '../remittance-row';


const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const money = (amount: string, currency: string) => {
  const shown = formatAmount(amount);
  return shown ? `${shown} ${currency}` : '';
};

/** The extra fields an expanded row shows under it. */
export function expandedFields(row: RemittanceRow): Field[] {
  return [
    { label: 'Reference Number', value: row.referenceNumber },
    { label: 'Type', value: row.typeName },
    ...loanId(row),
    { label: 'Payout Channel', value: text(row.payoutChannel) },
    { label: 'Payout Partner', value: text(row.payoutPartner) },
    { label: 'Beneficiary Bank BIC', value: text(row.beneficiaryBankBic) },
    { label: 'Beneficiary Account', value: text(row.beneficiaryAccount) },
    { label: 'Purpose', value: text(row.purpose) },
    { label: 'Sender Remarks', value: text(row.senderRemarks) },
  ];
}

/** §3: a Loan shows its externalId as Loan Id; other types have none. */
function loanId(row: RemittanceRow): Field[] {
  return row.typeName === 'Loan' ? [{ label: 'Loan Id', value: text(row.externalId) }] : [];
}

/** Every field of the details popup. */
export function detailFields(row: RemittanceRow): Field[] {
  return [
    { label: 'Reference #', value: row.payoutExternalId },
    { label: 'Partner ID', value: text(row.partnerId) },
    { label: 'Reference Number', value: row.referenceNumber },
    { label: 'Original Reference', value: text(row.originalId) },
    { label: 'Pay-in ID', value: row.payinId.toUpperCase() },
    { label: 'Parent Reference', value: text(row.cardPaymentReference) },
    { label: 'Type', value: row.typeName },
    ...loanId(row),
    { label: 'Date and Time', value: formatDate(row.transactionDate) },
    { label: 'Sender Name', value: row.senderName },
    { label: 'Sender Amount', value: money(row.senderAmount, row.senderCurrency) },
    { label: 'Receiver Name', value: row.receiverName },
    { label: 'Receiver Amount', value: money(row.receiverAmount, row.receiverCurrency) },
    { label: 'Fee', value: formatAmount(row.transactionFee) },
    { label: 'FX', value: formatNumber(row.transactionFx) },
    { label: 'Payout Channel', value: text(row.payoutChannel) },
    { label: 'Payout Partner', value: text(row.payoutPartner) },
    { label: 'Beneficiary Bank BIC', value: text(row.beneficiaryBankBic) },
    { label: 'Beneficiary Account', value: text(row.beneficiaryAccount) },
    { label: 'Status', value: text(row.statusId) },
    { label: 'Description', value: row.status },
    { label: 'Purpose', value: text(row.purpose) },
    { label: 'Sender Remarks', value: text(row.senderRemarks) },
    { label: 'Admin Notes', value: text(row.adminNotes) },
  ];
}

/** §2 wallet pay-in / pay-out tables: a reference shows the type, the remarks, the loan id (Loan only) and the purpose. */
export function referenceFields(row: RemittanceRow): Field[] {
  return [{ label: 'Type', value: row.typeName }, { label: 'Remarks', value: text(row.senderRemarks) }, ...loanId(row), { label: 'Purpose', value: text(row.purpose) }];
}

/** §2 wallet row detail: reference number, amount, total fee, created date, status and remarks. */
export function rowDetailFields(row: RemittanceRow): Field[] {
  return [
    { label: 'Reference Number', value: row.referenceNumber },
    { label: 'Amount', value: money(row.senderAmount, row.senderCurrency) },
    { label: 'Total Fee', value: money(row.transactionFee, row.senderCurrency) },
    { label: 'Created Date', value: formatDate(row.transactionDate) },
    { label: 'Status', value: row.status.trim() },
    { label: 'Remarks', value: text(row.senderRemarks) },
  ];
}
