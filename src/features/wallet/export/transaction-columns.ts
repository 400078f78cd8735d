// The columns of 'Transaction List.xlsx' (users-and-wallets §9) and the report they read: the wallet transactions
// list's Excel export, built by the generic export in src/render/export.
import type { components, operations } from '../../../api/gateway';
import type { ReportColumn } from '../../../render/export/report-columns';
import { reportRow } from '../../../render/export/report-columns';
import type { XlsxRow } from '../../../render/export/xlsx-writer';

export type WalletTransaction = components['schemas']['WalletTransaction'];
type ReportQuery = NonNullable<operations['getTransactionReport']['parameters']['query']>;
/** The list's filters and sort as the report takes them; paging is the exporter's. */
export type TransactionReportFilters = Omit<ReportQuery, 'page[number]' | 'page[size]'>;

/** users-and-wallets §9 (RP-9.08): the list export's file name. */
export const EXPORT_FILE_NAME = 'Transaction List.xlsx';
export const REPORT_PATH = '/api/v1/wt/transactions/report';

export const TRANSACTION_COLUMNS: readonly ReportColumn[] = [
  { header: 'Reference Number', width: 22, kind: 'text', field: 'referenceNumber' },
  { header: 'Date', width: 22, kind: 'date', field: 'created' },
  { header: 'Type', width: 15, kind: 'text', field: 'typeName' },
  { header: 'Service', width: 18, kind: 'text', field: 'serviceName' },
  { header: 'Sender', width: 26, kind: 'text', field: 'senderName' },
  { header: 'Receiver', width: 26, kind: 'text', field: 'receiverName' },
  { header: 'Amount', width: 16, kind: 'money', field: 'amount' },
  { header: 'Fee', width: 12, kind: 'money', field: 'fee' },
  { header: 'Currency', width: 10, kind: 'text', field: 'currency' },
  { header: 'Status', width: 13, kind: 'text', field: 'status' },
  { header: 'Remarks', width: 32, kind: 'text', field: 'remarks' },
];

export function toTransactionRow(transaction: WalletTransaction): XlsxRow {
  return reportRow(TRANSACTION_COLUMNS, transaction);
}
