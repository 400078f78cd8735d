// The wallet transactions PDF (users-and-wallets §7 "GET api/v1/wt/transactions/pdf ... Transactions_{start}_{end}.pdf"):
// the filtered rows and the totals per currency, through the shared table writer.
import { formatMinor } from '../money.ts';
import { displayDate, grouped, renderTablePdf, transactionCount, type PdfColumn } from '../pdf/table-pdf.ts';
import type { CurrencyTotals, WalletTransactionRow } from './listing.ts';

export interface TransactionsPdf {
  tenantName: string;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  rows: WalletTransactionRow[];
  /** How many rows matched; more than rows.length when the export was capped. */
  matched: number;
  totals: CurrencyTotals[];
}

const COLUMNS: PdfColumn<WalletTransactionRow>[] = [
  { header: 'Date', width: 92, value: (row) => displayDate(row.attributes.created) },
  { header: 'Reference', width: 104, value: (row) => row.attributes.referenceNumber },
  { header: 'Type', width: 62, value: (row) => row.attributes.typeName },
  { header: 'Service', width: 70, value: (row) => row.attributes.serviceName ?? '' },
  { header: 'Sender', width: 104, value: (row) => row.attributes.senderName ?? '' },
  { header: 'Receiver', width: 104, value: (row) => row.attributes.receiverName ?? '' },
  { header: 'Currency', width: 44, value: (row) => row.attributes.currency },
  { header: 'Amount', width: 70, align: 'right', value: (row) => grouped(row.attributes.amount) },
  { header: 'Fee', width: 54, align: 'right', value: (row) => grouped(row.attributes.fee) },
  { header: 'Status', width: 66, value: (row) => row.attributes.status },
];

export function renderTransactionsPdf(input: TransactionsPdf): Promise<Buffer> {
  return renderTablePdf({
    ...input,
    title: 'Wallet transactions',
    documentTitle: `Transactions ${input.startDate} to ${input.endDate}`,
    columns: COLUMNS,
    totals: input.totals.map(
      (total) =>
        `${total.currency}: ${transactionCount(total.count)}   ·   credited ${grouped(formatMinor(total.creditMinor))}` +
        `   ·   debited ${grouped(formatMinor(total.debitMinor))}   ·   fees ${grouped(formatMinor(total.feeMinor))}`,
    ),
  });
}
