// The wallet transactions PDF (users-and-wallets §7 "GET api/v1/wt/transactions/pdf ... Transactions_{start}_{end}.pdf"):
// a title, the date range, a table of the filtered rows and the totals, on A4 landscape pages.
import PDFDocument from 'pdfkit';
import { formatMinor } from '../money.ts';
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** users-and-wallets §9 date display DD-MMM-YYYY h:mma, in UTC. */
export function displayDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${day}-${MONTHS[date.getUTCMonth()] ?? ''}-${date.getUTCFullYear()} ${hours % 12 || 12}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
}

/** users-and-wallets §9 number format 0,0.00 for a decimal string. */
function grouped(decimal: string): string {
  const [whole = '0', cents = '00'] = decimal.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

interface Column {
  header: string;
  width: number;
  align?: 'right';
  value: (row: WalletTransactionRow) => string;
}

const COLUMNS: Column[] = [
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

const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 7.5;
const PADDING = 3;

export function renderTransactionsPdf(input: TransactionsPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `Transactions ${input.startDate} to ${input.endDate}`, Author: 'Teller', Subject: input.tenantName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const bottom = doc.page.height - MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text('Wallet transactions', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${input.tenantName}   ·   ${input.startDate} to ${input.endDate}`)
    .fontSize(8)
    .fillColor('#555555')
    .text(`Generated ${displayDate(input.generatedAt.toISOString())} UTC   ·   ${input.matched} transaction${input.matched === 1 ? '' : 's'}`);
  if (input.matched > input.rows.length) {
    doc.text(`Showing the first ${input.rows.length} of ${input.matched} transactions; the Excel export has all of them.`);
  }
  doc.fillColor('#000000');

  let y = doc.y + 10;
  y = drawHeader(doc, y);
  if (input.rows.length === 0) {
    doc.font('Helvetica').fontSize(FONT_SIZE).text('No transactions in this range.', MARGIN + PADDING, y + 4);
    y += ROW_HEIGHT;
  }
  input.rows.forEach((row, index) => {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = drawHeader(doc, MARGIN);
    }
    if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth(), ROW_HEIGHT).fill('#f3f4f6').fillColor('#000000');
    drawCells(doc, y, COLUMNS.map((column) => column.value(row)), 'Helvetica');
    y += ROW_HEIGHT;
  });

  drawTotals(doc, input.totals, y + 12, bottom);
  doc.end();
  return done;
}

function tableWidth(): number {
  return COLUMNS.reduce((sum, column) => sum + column.width, 0);
}

function drawHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGIN, y, tableWidth(), ROW_HEIGHT).fill('#1f2937').fillColor('#ffffff');
  drawCells(doc, y, COLUMNS.map((column) => column.header), 'Helvetica-Bold');
  doc.fillColor('#000000');
  return y + ROW_HEIGHT;
}

function drawCells(doc: PDFKit.PDFDocument, y: number, values: string[], font: string): void {
  doc.font(font).fontSize(FONT_SIZE);
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const width = column.width - 2 * PADDING;
    doc.text(fit(doc, values[index] ?? '', width), x + PADDING, y + 4, {
      width,
      align: column.align ?? 'left',
      lineBreak: false,
    });
    x += column.width;
  });
}

/** Cuts text to the cell's width with an ellipsis, so a long name never spills into the next cell. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function drawTotals(doc: PDFKit.PDFDocument, totals: CurrencyTotals[], top: number, bottom: number): void {
  let y = top;
  if (y + (totals.length + 2) * ROW_HEIGHT > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(10).text('Totals', MARGIN, y);
  y += ROW_HEIGHT + 2;
  const lines = totals.length === 0 ? ['No transactions.'] : totals.map(
    (total) =>
      `${total.currency}: ${total.count} transaction${total.count === 1 ? '' : 's'}   ·   credited ${grouped(formatMinor(total.creditMinor))}` +
      `   ·   debited ${grouped(formatMinor(total.debitMinor))}   ·   fees ${grouped(formatMinor(total.feeMinor))}`,
  );
  doc.font('Helvetica').fontSize(9);
  for (const line of lines) {
    doc.text(line, MARGIN, y);
    y += ROW_HEIGHT;
  }
}
