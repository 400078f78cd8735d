// The wallet report of 'Transaction List.xlsx' (users-and-wallets §7 GET api/v1/wt/transactions/report, §9): its
// columns and how a report row becomes a spreadsheet row.
import type { components } from '../../../api/gateway';
import { reportDefinition } from '../../../render/export/export-session';
import { excelDateSerial, type XlsxColumn, type XlsxRow } from '../../../render/export/xlsx-writer';

export type WalletTransaction = components['schemas']['WalletTransaction'];

export const TRANSACTION_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Reference Number', width: 22, kind: 'text' },
  { header: 'Date', width: 22, kind: 'date' },
  { header: 'Type', width: 15, kind: 'text' },
  { header: 'Service', width: 18, kind: 'text' },
  { header: 'Sender', width: 26, kind: 'text' },
  { header: 'Receiver', width: 26, kind: 'text' },
  { header: 'Amount', width: 16, kind: 'money' },
  { header: 'Fee', width: 12, kind: 'money' },
  { header: 'Currency', width: 10, kind: 'text' },
  { header: 'Status', width: 13, kind: 'text' },
  { header: 'Remarks', width: 32, kind: 'text' },
  // remittances-and-payouts §3: the export carries externalId, a Loan's id.
  { header: 'Loan Id', width: 14, kind: 'text' },
];

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Money arrives as a decimal string ("1250.00"); the sheet needs a number so Excel can sum it. */
export function moneyValue(amount: string | null | undefined): number | null {
  return amount && DECIMAL.test(amount) ? Number(amount) : null;
}

export function toTransactionRow({ attributes: tx }: WalletTransaction): XlsxRow {
  return [
    tx.referenceNumber,
    excelDateSerial(tx.created),
    tx.typeName,
    tx.serviceName,
    tx.senderName,
    tx.receiverName,
    moneyValue(tx.amount),
    moneyValue(tx.fee),
    tx.currency,
    tx.status,
    tx.remarks,
    tx.externalId,
  ];
}

/** The wallet worker's one report. */
export const WALLET_TRANSACTIONS_REPORT = reportDefinition<WalletTransaction>({
  path: '/api/v1/wt/transactions/report',
  paged: true,
  columns: TRANSACTION_COLUMNS,
  toRow: toTransactionRow,
});
