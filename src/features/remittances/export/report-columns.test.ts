// @vitest-environment node
// The remittance reports as files: each written by the kept streaming writer and read back with exceljs.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createStreamingXlsxWriter } from '../../../render/export/streaming-xlsx-writer';
import type { XlsxColumn, XlsxRow } from '../../../render/export/xlsx-writer';

// The spec's number display as Excel number formats: 2 decimals (UW-9.10, RP §9), the daily report's 4 (RP §9).
const MONEY_NUMBER_FORMAT = '#,##0.00';
const FOUR_DECIMALS_FORMAT = '#,##0.0000';
import type { components } from '../../../api/gateway';
import { DAILY_REPORT_COLUMNS, REMITTANCE_REPORT_COLUMNS, splitPartner, toDailyReportRow, toRemittanceRow } from './report-columns';
import { dailyReportFileName, payoutPdfFileName, transactionReportFileName } from './report';

async function sheetOf(columns: readonly XlsxColumn[], rows: XlsxRow[]): Promise<ExcelJS.Worksheet> {
  const writer = createStreamingXlsxWriter();
  writer.start(columns);
  await writer.addRows(rows);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await (await writer.finish()).arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** A remittance as the list answers it (the screen tests' fixture needs a window; this file runs in node). */
function remittanceResource(id: string, overrides: Partial<components['schemas']['RemittanceAttributes']> = {}): components['schemas']['Remittance'] {
  return {
    type: 'remittance',
    id,
    attributes: {
      payoutExternalId: 'TS240301000450', partnerId: null, referenceNumber: 'RP20240301000450', originalId: null, payinId: 'pi-8f3a21',
      cardPaymentReference: null, transactionDate: '2024-03-01T09:14:00Z', typeName: 'Remittance', externalId: null, payoutChannel: 'SWIFT',
      payoutPartner: 'Providus Bank', senderName: 'Hodan Ali', senderAmount: '200.00', senderCurrency: 'USD', receiverName: 'Chinedu Okafor',
      receiverAmount: '304070.00', receiverCurrency: 'NGN', beneficiaryBankBic: 'PROVNGLA', beneficiaryAccount: '0123456789', transactionFee: '4.50',
      transactionFx: '1520.35', statusId: 256, status: 'Approved or completed successfully', purpose: 'Family support', senderRemarks: null,
      adminNotes: null, reprocessable: false, queued: false, actions: { checkStatus: false, reprocess: false, cancel: false, editStatus: false },
      ...overrides,
    },
  };
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

const day = {
  type: 'daily-report-row' as const,
  id: '2025-01-15',
  attributes: {
    date: '2025-01-15',
    successTrans: 2,
    failedTrans: 5,
    processingTrans: 3,
    transCounts: 10,
    usdTrans: '400.1234',
    usdFxRates: '1520.35',
    eurTrans: '0.00',
    eurFxTrans: '0.00',
    receiverAmount: '608140.00',
    receiverCurrency: 'NGN' as const,
  },
};

describe('Transaction_Report', () => {
  it('[RP-3.04] has the remittance export columns of RP §3, in order', async () => {
    const sheet = await sheetOf(REMITTANCE_REPORT_COLUMNS, [toRemittanceRow(remittanceResource('7001'))]);
    expect(headerOf(sheet)).toEqual([
      'type', 'id', 'payinId', 'payoutExternalId', 'partnerId', 'referenceNumber', 'senderName', 'senderAmount', 'senderCurrency',
      'receiverName', 'receiverAmount', 'receiverCurrency', 'transactionFee', 'transactionFx', 'statusId', 'status', 'purpose',
      'senderRemarks', 'transactionDate',
    ]);
  });

  it('[RP-3.02] writes a reference with a pipe as payoutExternalId and partnerId; amounts as numbers', async () => {
    const row = remittanceResource('7001', { payoutExternalId: 'TS240301000451|AMX', senderAmount: '200.00', receiverAmount: '304070.00' });
    const sheet = await sheetOf(REMITTANCE_REPORT_COLUMNS, [toRemittanceRow(row)]);
    const line = sheet.getRow(2);
    expect(line.getCell(4).value).toBe('TS240301000451');
    expect(line.getCell(5).value).toBe('AMX');
    expect(line.getCell(11).value).toBe(304_070);
    expect(line.getCell(11).numFmt).toBe(MONEY_NUMBER_FORMAT);
    expect(splitPartner('TS1')).toEqual({ payoutExternalId: 'TS1', partnerId: null });
  });
});

describe('Daily_Transaction_Report', () => {
  it('[RP-3.15] [RP-9.02] [RP-9.03] [RP-9.04] one row per day; amounts with 4 decimals, rates with 2, receiver currency NGN', async () => {
    const sheet = await sheetOf(DAILY_REPORT_COLUMNS, [toDailyReportRow(day)]);
    expect(headerOf(sheet)).toEqual([
      'date', 'successTrans', 'failedTrans', 'transCounts', 'processingTrans', 'usdTrans', 'usdFxRates', 'eurTrans', 'eurFxTrans', 'receiverAmount',
      'receiverCurrency',
    ]);
    const line = sheet.getRow(2);
    expect(line.getCell(1).value).toBe('2025-01-15');
    expect(line.getCell(6).value).toBe(400.1234);
    expect(line.getCell(6).numFmt).toBe(FOUR_DECIMALS_FORMAT);
    expect(line.getCell(10).numFmt).toBe('#,##0.0000');
    expect(line.getCell(7).numFmt).toBe('#,##0.00');
    expect(line.getCell(11).value).toBe('NGN');
  });
});

describe('file names', () => {
  it('[RP-9.09] [RP-9.10] name the reports as RP §9 quotes them, and the payout PDF as Transactions_{start}_{end}.pdf', () => {
    expect(transactionReportFileName('2025-01-14', '2025-01-15')).toBe('Transaction_Report_2025-01-14_2025-01-15.xlsx');
    expect(dailyReportFileName('2025-01-14', '2025-01-15')).toBe('Daily_Transaction_Report_2025-01-14_2025-01-15.xlsx');
    expect(payoutPdfFileName('2025-01-14', '2025-01-15')).toBe('Transactions_2025-01-14_2025-01-15.pdf');
  });
});
