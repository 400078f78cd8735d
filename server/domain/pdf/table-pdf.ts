// One writer for the gateway's report PDFs (users-and-wallets §7 Transactions_{start}_{end}.pdf, remittances-and-payouts
// §7 UPT_{start}_{end}.pdf and the payout PDF): a title, the tenant and range, a table of the rows on A4 landscape
// pages (the header repeated on each), and the totals under it.
import PDFDocument from 'pdfkit';

export interface PdfColumn<R> {
  header: string;
  /** Points; the widths of a table add up to at most the page's 770 between the margins. */
  width: number;
  align?: 'right';
  value: (row: R) => string;
}

export interface TablePdf<R> {
  /** The heading, e.g. 'Wallet transactions'. */
  title: string;
  /** The document's metadata title, e.g. 'Transactions 2025-01-14 to 2025-01-15'. */
  documentTitle: string;
  tenantName: string;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  columns: readonly PdfColumn<R>[];
  rows: readonly R[];
  /** How many rows matched; more than rows.length when the export was capped. */
  matched: number;
  /** The lines under 'Totals'. */
  totals: readonly string[];
}

/** A table PDF (wallet transactions, payouts, UPT) lists at most this many rows; its totals still cover every matching
 * row, and the Excel report has them all (openapi/gateway.yaml, the PDF operations). */
export const PDF_ROW_CAP = 5_000;

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
export function grouped(decimal: string): string {
  const [whole = '0', cents = '00'] = decimal.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** '1 transaction', '24 transactions'. */
export function transactionCount(count: number): string {
  return `${count} transaction${count === 1 ? '' : 's'}`;
}

const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 7.5;
const PADDING = 3;

export function renderTablePdf<R>(input: TablePdf<R>): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: input.documentTitle, Author: 'Teller', Subject: input.tenantName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { columns } = input;
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const bottom = doc.page.height - MARGIN;

  const cells = (y: number, values: readonly string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    let x = MARGIN;
    columns.forEach((column, index) => {
      const width = column.width - 2 * PADDING;
      doc.text(fit(doc, values[index] ?? '', width), x + PADDING, y + 4, { width, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    });
  };
  const header = (y: number) => {
    doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#1f2937').fillColor('#ffffff');
    cells(
      y,
      columns.map((column) => column.header),
      'Helvetica-Bold',
    );
    doc.fillColor('#000000');
    return y + ROW_HEIGHT;
  };

  doc.font('Helvetica-Bold').fontSize(16).text(input.title, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${input.tenantName}   ·   ${input.startDate} to ${input.endDate}`)
    .fontSize(8)
    .fillColor('#555555')
    .text(`Generated ${displayDate(input.generatedAt.toISOString())} UTC   ·   ${transactionCount(input.matched)}`);
  if (input.matched > input.rows.length) {
    doc.text(`Showing the first ${input.rows.length} of ${input.matched} transactions; the Excel export has all of them.`);
  }
  doc.fillColor('#000000');

  let y = header(doc.y + 10);
  if (input.rows.length === 0) {
    doc.font('Helvetica').fontSize(FONT_SIZE).text('No transactions in this range.', MARGIN + PADDING, y + 4);
    y += ROW_HEIGHT;
  }
  input.rows.forEach((row, index) => {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = header(MARGIN);
    }
    if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#f3f4f6').fillColor('#000000');
    cells(
      y,
      columns.map((column) => column.value(row)),
      'Helvetica',
    );
    y += ROW_HEIGHT;
  });

  y += 12;
  const totals = input.totals.length === 0 ? ['No transactions.'] : input.totals;
  if (y + (totals.length + 2) * ROW_HEIGHT > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(10).text('Totals', MARGIN, y);
  y += ROW_HEIGHT + 2;
  doc.font('Helvetica').fontSize(9);
  for (const line of totals) {
    doc.text(line, MARGIN, y);
    y += ROW_HEIGHT;
  }
  doc.end();
  return done;
}

/** Cuts text to the cell's width with an ellipsis, so a long name never spills into the next cell. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
