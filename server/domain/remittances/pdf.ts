// The payout PDF (remittances-and-payouts §2 Export, saved as Transactions_{start}_{end}.pdf, §9): the table's main
// columns (RP §2) for the filtered rows and the totals per receiver currency over every matching row.
import { formatMinor } from '../money.ts';
import { displayDate, grouped, renderTablePdf, transactionCount, type PdfColumn } from '../pdf/table-pdf.ts';
import type { RemittanceTotals } from './listing.ts';
import { bankReference } from './rules.ts';
import type { RemittanceView } from './rows.ts';

export interface RemittancePdf {
  tenantName: string;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  rows: RemittanceView[];
  matched: number;
  totals: RemittanceTotals[];
}

type Row = RemittanceView['attributes'];

const COLUMNS: PdfColumn<RemittanceView>[] = (
  [
    { header: 'Date and Time', width: 84, value: (row) => displayDate(row.transactionDate) },
    { header: 'Reference #', width: 84, value: (row) => bankReference(row.payoutExternalId) },
    { header: 'Pay-in ID', width: 58, value: (row) => row.payinId.toUpperCase() },
    { header: 'Sender', width: 92, value: (row) => row.senderName },
    { header: 'Sender Amount', width: 76, align: 'right', value: (row) => `${grouped(row.senderAmount)} ${row.senderCurrency}` },
    { header: 'Receiver', width: 92, value: (row) => row.receiverName },
    { header: 'Receiver Amount', width: 88, align: 'right', value: (row) => `${grouped(row.receiverAmount)} ${row.receiverCurrency}` },
    { header: 'Fee', width: 40, align: 'right', value: (row) => grouped(row.transactionFee) },
    { header: 'Status', width: 30, value: (row) => String(row.statusId) },
    { header: 'Description', width: 126, value: (row) => row.status.trim() },
  ] satisfies PdfColumn<Row>[]
).map((column) => ({ ...column, value: (view: RemittanceView) => column.value(view.attributes) }));

export function renderRemittancePdf(input: RemittancePdf): Promise<Buffer> {
  return renderTablePdf({
    ...input,
    title: 'Payout transactions',
    documentTitle: `Transactions ${input.startDate} to ${input.endDate}`,
    columns: COLUMNS,
    totals: input.totals.map(
      (total) => `${total.currency}: ${transactionCount(total.count)}   ·   ${total.paid} paid   ·   received ${grouped(formatMinor(total.receiverMinor))}`,
    ),
  });
}
