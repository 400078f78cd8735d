// @vitest-environment node
// Both writers must produce a file Excel reads as typed cells; each file is read back with exceljs.
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createExceljsXlsxWriter } from '../../../render/export/exceljs-xlsx-writer';
import { createStreamingXlsxWriter } from '../../../render/export/streaming-xlsx-writer';
import { testTransaction, testTransactions } from './test-transactions';
import { TRANSACTION_COLUMNS, toTransactionRow } from './transaction-columns';
import { excelDateSerial, type XlsxWriter } from '../../../render/export/xlsx-writer';

// The spec's display formats as Excel number formats: UW-9.10 "0,0.00[00]" and UW-9.13 "DD-MMM-YYYY h:mma".
const MONEY_NUMBER_FORMAT = '#,##0.00';
const DATE_NUMBER_FORMAT = 'dd-mmm-yyyy h:mm AM/PM';
/** The registered media type of an .xlsx file (ECMA-376). */
const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const HEADERS = [
  'Reference Number',
  'Date',
  'Type',
  'Service',
  'Sender',
  'Receiver',
  'Amount',
  'Fee',
  'Currency',
  'Status',
  'Remarks',
  'Loan Id',
];
const AMOUNT = 7;
const FEE = 8;
const DATE = 2;

async function readBack(blob: Blob): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const sheet = workbook.getWorksheet('Transactions');
  if (!sheet) throw new Error(`no sheet 'Transactions' in ${workbook.worksheets.map((s) => s.name).join(', ')}`);
  return sheet;
}

async function write(writer: XlsxWriter, batches: ReturnType<typeof testTransactions>[]): Promise<Blob> {
  writer.start(TRANSACTION_COLUMNS);
  for (const batch of batches) await writer.addRows(batch.map(toTransactionRow));
  return writer.finish();
}

/** The local wall-clock time of an instant, as exceljs reads an Excel date back (its fields in UTC). */
function asExcelReadsIt(iso: string): Date {
  const d = new Date(iso);
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()));
}

describe.each([
  ['streaming writer, native deflate', () => createStreamingXlsxWriter({ deflate: 'native' })],
  ['streaming writer, fflate deflate', () => createStreamingXlsxWriter({ deflate: 'fflate' })],
  ['exceljs in-memory writer', () => createExceljsXlsxWriter()],
])('%s', (_name, createWriter) => {
  it('writes one sheet Transactions with the bold header row of the export columns', async () => {
    const blob = await write(createWriter(), [testTransactions(3)]);
    expect(blob.type).toBe(XLSX_MEDIA_TYPE);
    const sheet = await readBack(blob);
    const header = sheet.getRow(1);
    expect(HEADERS.map((_, i) => header.getCell(i + 1).value)).toEqual(HEADERS);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(11).font?.bold).toBe(true);
  });

  it('names its one sheet as the report says (the audit trail\'s is Audit Trail)', async () => {
    const writer = createWriter();
    writer.start(TRANSACTION_COLUMNS, 'Audit Trail');
    await writer.addRows([toTransactionRow(testTransaction(0))]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await writer.finish()).arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Audit Trail']);
  });

  it('writes every row once, across batches, in order', async () => {
    // Enough rows for the streaming writer to compress several chunks.
    const batches = [testTransactions(400), testTransactions(600, 400)];
    const sheet = await readBack(await write(createWriter(), batches));
    expect(sheet.actualRowCount).toBe(1_001);
    expect(sheet.getCell('A2').value).toBe('WT0000000001');
    expect(sheet.getCell('A1001').value).toBe('WT0000001000');
  });

  it('[UW-9.10] writes amounts and fees as numbers with a money format, never as text', async () => {
    const row = testTransaction(0, { amount: '1250000.50', fee: '12.05' });
    const sheet = await readBack(await write(createWriter(), [[row]]));
    const amount = sheet.getRow(2).getCell(AMOUNT);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(1_250_000.5);
    expect(amount.numFmt).toBe(MONEY_NUMBER_FORMAT);
    const fee = sheet.getRow(2).getCell(FEE);
    expect(fee.value).toBe(12.05);
    expect(fee.numFmt).toBe(MONEY_NUMBER_FORMAT);
    expect(sheet.getRow(2).getCell(9).value).toBe('GMD');
  });

  it('[UW-9.13] writes the date as a real Excel date shown dd-mmm-yyyy h:mm AM/PM', async () => {
    const created = '2025-03-04T13:05:00.000Z';
    const sheet = await readBack(await write(createWriter(), [[testTransaction(0, { created })]]));
    const date = sheet.getRow(2).getCell(DATE);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe(DATE_NUMBER_FORMAT);
    expect(date.value).toEqual(asExcelReadsIt(created));
  });

  it('keeps text exactly, markup characters and edge spaces included, and leaves missing values empty', async () => {
    const remarks = '  <b>Rent</b> & "fees" for Ñdey\u0007 ';
    const row = testTransaction(1, { remarks, serviceName: null, senderName: null });
    const sheet = await readBack(await write(createWriter(), [[row]]));
    const cells = sheet.getRow(2);
    expect(cells.getCell(11).value).toBe(remarks.replace('\u0007', ''));
    expect(cells.getCell(4).value).toBeNull();
    expect(cells.getCell(5).value).toBeNull();
    expect(cells.getCell(3).value).toBe('P2P');
    expect(cells.getCell(10).value).toBe(row.attributes.status);
  });

  it('writes a header-only sheet when there are no rows', async () => {
    const sheet = await readBack(await write(createWriter(), []));
    expect(sheet.actualRowCount).toBe(1);
    expect(sheet.getCell('A1').value).toBe('Reference Number');
  });
});

describe('streaming writer parts', () => {
  it('writes text inline, without a shared-strings part, and declares both number formats', async () => {
    const blob = await write(createStreamingXlsxWriter(), [testTransactions(2)]);
    const parts = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(parts)).not.toContain('xl/sharedStrings.xml');
    const sheetPart = parts['xl/worksheets/sheet1.xml'];
    const stylesPart = parts['xl/styles.xml'];
    if (!sheetPart || !stylesPart) throw new Error('missing sheet or styles part');
    expect(strFromU8(sheetPart)).toContain('t="inlineStr"');
    const styles = strFromU8(stylesPart);
    expect(styles).toContain('formatCode="#,##0.00"');
    expect(styles).toContain('formatCode="dd-mmm-yyyy h:mm AM/PM"');
  });

  it('refuses rows before start()', async () => {
    const writer = createStreamingXlsxWriter();
    await expect(writer.addRows([toTransactionRow(testTransaction(0))])).rejects.toThrow(
      'XlsxWriter.start() must be called before rows are added.',
    );
  });
});

describe('excelDateSerial', () => {
  it('counts days from the 1900 epoch in local time, to the second', () => {
    const iso = '2025-01-01T00:00:00.000Z';
    const local = asExcelReadsIt(iso).getTime();
    expect(excelDateSerial(iso)).toBe(local / 86_400_000 + 25_569);
    expect(excelDateSerial('not a date')).toBeNull();
    expect(excelDateSerial(null)).toBeNull();
  });
});

describe('the wallet export columns', () => {
  it('[RP-3.12] carry type, reference, sender, receiver, amount, currency, total fee, status, remarks, the loan id (externalId) and the date', () => {
    const loan = testTransaction(3, { externalId: 'LN-55120', remarks: 'Season loan' });
    const row = toTransactionRow(loan);
    expect(TRANSACTION_COLUMNS.map((column) => column.header)).toEqual(HEADERS);
    expect(row[HEADERS.indexOf('Loan Id')]).toBe('LN-55120');
    expect(row[HEADERS.indexOf('Type')]).toBe(loan.attributes.typeName);
    expect(row[HEADERS.indexOf('Fee')]).toBe(Number(loan.attributes.fee));
    expect(row[HEADERS.indexOf('Remarks')]).toBe('Season loan');
  });
});
