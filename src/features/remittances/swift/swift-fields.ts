// remittances-and-payouts §3 swift status result: the bank's fields, then the local row's reference number and
// original id.
import { formatAmount, formatDate } from '../../../render/format';
import type { SwiftStatus } from '../../../flows/swift-status.machine';
import type { Field } from '../../../render/FieldList';

const text = (value: string | null | undefined) => value ?? '';

export function swiftFields(status: SwiftStatus): Field[] {
  return [
    { label: 'Transaction Reference', value: status.transactionReference },
    { label: 'Response Code', value: status.responseCode },
    { label: 'Response Message', value: status.responseMessage },
    { label: 'Currency', value: text(status.currency) },
    { label: 'Amount', value: formatAmount(status.amount) },
    { label: 'Recipient Bank Code', value: text(status.recipientBankCode) },
    { label: 'Recipient Account Number', value: text(status.recipientAccountNumber) },
    { label: 'Transaction Date', value: formatDate(status.transactionDateTime) },
    { label: 'Reference Number', value: status.transaction.referenceNumber },
    { label: 'Original Id', value: text(status.transaction.originalId) },
  ];
}
