// The universal payment transactions PDF (remittances-and-payouts §7, saved as UPT_{start}_{end}.pdf): the table's
// columns (RP §2) for the filtered rows and the totals per currency, through the shared table writer.
import { formatMinor } from '../money.ts';
import { displayDate, renderTablePdf, transactionCount, type PdfColumn } from '../pdf/table-pdf.ts';
import type { UptTransactionView } from './transactions.ts';

export interface UptPdf {
  tenantName: string;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  rows: UptTransactionView[];
  /** How many rows matched; more than rows.length when the export was capped. */
  matched: number;
}

type Row = UptTransactionView['attributes'];

const COLUMNS: PdfColumn<UptTransactionView>[] = (
  [
    { header: 'Date', width: 96, value: (row) => displayDate(row.transactionDate) },
    { header: 'Reference', width: 96, value: (row) => row.reference },
    { header: 'Partner reference', width: 96, value: (row) => row.tuReference ?? '' },
    { header: 'Sender', width: 140, value: (row) => row.senderName },
    { header: 'Beneficiary', width: 140, value: (row) => row.beneficiaryName },
    { header: 'Amount', width: 80, align: 'right', value: (row) => row.amount },
    { header: 'Currency', width: 50, value: (row) => row.amountCurrency },
    { header: 'Status', width: 72, value: (row) => row.status },
  ] satisfies PdfColumn<Row>[]
).map((column) => ({ ...column, value: (view: UptTransactionView) => column.value(view.attributes) }));

/** The listed rows' count and amount per currency, alphabetically; exact at any size (bigint). */
function totalsOf(rows: readonly UptTransactionView[]): string[] {
  const totals = new Map<string, { count: number; minor: bigint }>();
  for (const { attributes } of rows) {
    const total = totals.get(attributes.amountCurrency) ?? { count: 0, minor: 0n };
    const negative = attributes.amount.startsWith('-');
    const [whole = '0', cents = '00'] = attributes.amount.replace('-', '').split('.');
    const minor = BigInt(whole) * 100n + BigInt(cents);
    totals.set(attributes.amountCurrency, { count: total.count + 1, minor: total.minor + (negative ? -minor : minor) });
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => `${currency}: ${transactionCount(total.count)}   ·   ${formatMinor(total.minor)}`);
}

export function renderUptPdf(input: UptPdf): Promise<Buffer> {
  return renderTablePdf({
    ...input,
    title: 'Universal payment transactions',
    documentTitle: `UPT transactions ${input.startDate} to ${input.endDate}`,
    columns: COLUMNS,
    totals: totalsOf(input.rows),
  });
}
