// A universal payment transaction (remittances-and-payouts §3): the table's fields, and the export's further
// fields, which the gateway stores as the service sent them (upt_transactions.details_json) and answers on every row.

/** The export's further fields, in the order of the contract's UptTransactionExportFields. */
export const UPT_EXPORT_FIELDS = [
  'transferId',
  'txNo',
  'statusDescription',
  'senderCountryCode',
  'senderCustomerId',
  'senderCitizenshipNo',
  'senderNationality',
  'senderIdProviderCountry',
  'senderIdType',
  'senderIdNo',
  'senderFirstName',
  'senderSurname',
  'senderBirthdate',
  'senderBirthplace',
  'senderGsmCountryCode',
  'senderGsmNumber',
  'senderAddress',
  'beneficiaryCountryCode',
  'beneficiaryFirstName',
  'beneficiarySurname',
  'beneficiaryGsmCountryCode',
  'beneficiaryGsmNumber',
  'beneficiaryBirthdate',
  'beneficiaryFatherName',
  'beneficiaryBankBicCode',
  'beneficiaryBankCode',
  'beneficiaryBranchCode',
  'beneficiaryIban',
  'narrative',
  'transactionType',
  'moneyTaken',
  'moneyTakenCurrency',
  'eftType',
  'officeReferenceCode',
  'accountingAmount',
  'accountingCurrency',
  'accountingExchangeRate',
  'expenseAmount',
  'expenseCurrency',
  'commissionAmount',
  'commissionCurrency',
  'receivedPaymentAmount',
  'receivedPaymentCurrency',
] as const;

export type UptExportField = (typeof UPT_EXPORT_FIELDS)[number];

/** Every export field, null when the service gave none; amounts and rates are decimal strings. */
export type UptExportDetails = Record<UptExportField, string | null>;

/** One transaction as the service sends it. */
export interface UptServiceTransaction {
  reference: string;
  tuReference: string | null;
  senderName: string;
  beneficiaryName: string;
  /** ISO-8601 UTC. */
  transactionDate: string;
  amountMinor: number;
  amountCurrency: string;
  status: string;
  details: UptExportDetails;
}

/** The stored details of a row, every field present (a field missing from older rows is null). */
export function detailsOf(json: string): UptExportDetails {
  const parsed: unknown = JSON.parse(json);
  const stored = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const details = {} as UptExportDetails;
  for (const field of UPT_EXPORT_FIELDS) {
    const value = stored[field];
    details[field] = typeof value === 'string' ? value : null;
  }
  return details;
}
