// The universal payment transactions PDF (remittances-and-payouts §7, saved as UPT_{start}_{end}.pdf): a title,
// the range, the table's columns (RP §2) for the filtered rows, and the totals per currency, A4 landscape.
import PDFDocument from 'pdfkit';
import { formatMinor } from '../money.ts';
import { displayDate } from '../wallet/pdf.ts';
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

interface Column {
  header: string;
  width: number;
  align?: 'right';
  value: (row: UptTransactionView['attributes']) => string;
}

const COLUMNS: Column[] = [
  { header: 'Date', width: 96, value: (row) => displayDate(row.transactionDate) },
  { header: 'Reference', width: 96, value: (row) => row.reference },
  { header: 'Partner reference', width: 96, value: (row) => row.tuReference ?? '' },
  { header: 'Sender', width: 140, value: (row) => row.senderName },
  { header: 'Beneficiary', width: 140, value: (row) => row.beneficiaryName },
  { header: 'Amount', width: 80, align: 'right', value: (row) => row.amount },
  { header: 'Currency', width: 50, value: (row) => row.amountCurrency },
  { header: 'Status', width: 72, value: (row) => row.status },
];

const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 7.5;
const PADDING = 3;
const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);

export function renderUptPdf(input: UptPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `UPT transactions ${input.startDate} to ${input.endDate}`, Author: 'Teller', Subject: input.tenantName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = doc.page.height - MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text('Universal payment transactions', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${input.tenantName}   ·   ${input.startDate} to ${input.endDate}`)
    .fontSize(8)
    .fillColor('#555555')
    .text(`Generated ${displayDate(input.generatedAt.toISOString())} UTC   ·   ${input.matched} transaction${input.matched === 1 ? '' : 's'}`);
  if (input.matched > input.rows.length) doc.text(`Showing the first ${input.rows.length} of ${input.matched} transactions; the Excel export has all of them.`);
  doc.fillColor('#000000');

  let y = header(doc, doc.y + 10);
  if (input.rows.length === 0) {
    doc.font('Helvetica').fontSize(FONT_SIZE).text('No transactions in this range.', MARGIN + PADDING, y + 4);
    y += ROW_HEIGHT;
  }
  input.rows.forEach((row, index) => {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = header(doc, MARGIN);
    }
    if (index % 2 === 1) doc.rect(MARGIN, y, TABLE_WIDTH, ROW_HEIGHT).fill('#f3f4f6').fillColor('#000000');
    cells(doc, y, COLUMNS.map((column) => column.value(row.attributes)), 'Helvetica');
    y += ROW_HEIGHT;
  });

  // Exact at any size (bigint): a total of many large amounts is past 2^53 minor units.
  const totals = new Map<string, { count: number; minor: bigint }>();
  for (const { attributes } of input.rows) {
    const total = totals.get(attributes.amountCurrency) ?? { count: 0, minor: 0n };
    const negative = attributes.amount.startsWith('-');
    const [whole = '0', cents = '00'] = attributes.amount.replace('-', '').split('.');
    const minor = BigInt(whole) * 100n + BigInt(cents);
    totals.set(attributes.amountCurrency, { count: total.count + 1, minor: total.minor + (negative ? -minor : minor) });
  }
  y += 12;
  if (y + (totals.size + 2) * ROW_HEIGHT > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(10).text('Totals', MARGIN, y);
  doc.font('Helvetica').fontSize(9);
  for (const [currency, total] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    y += ROW_HEIGHT;
    doc.text(`${currency}: ${total.count} transaction${total.count === 1 ? '' : 's'}   ·   ${formatMinor(total.minor)}`, MARGIN, y);
  }
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGIN, y, TABLE_WIDTH, ROW_HEIGHT).fill('#1f2937').fillColor('#ffffff');
  cells(doc, y, COLUMNS.map((column) => column.header), 'Helvetica-Bold');
  doc.fillColor('#000000');
  return y + ROW_HEIGHT;
}

function cells(doc: PDFKit.PDFDocument, y: number, values: string[], font: string): void {
  doc.font(font).fontSize(FONT_SIZE);
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const width = column.width - 2 * PADDING;
    let text = values[index] ?? '';
    if (doc.widthOfString(text) > width) {
      while (text.length > 1 && doc.widthOfString(`${text}…`) > width) text = text.slice(0, -1);
      text = `${text}…`;
    }
    doc.text(text, x + PADDING, y + 4, { width, align: column.align ?? 'left', lineBreak: false });
    x += column.width;
  });
}
