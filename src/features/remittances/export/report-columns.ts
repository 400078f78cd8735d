// The remittance reports (remittances-and-payouts §3, §9): 'Transaction_Report_{start}_{end}' with the remittance
// export columns, the reference split from its partner id at the pipe; 'Daily_Transaction_Report_{start}_{end}' with
// one row per day and receiver currency (a rate is a currency pair's), amounts with 4 decimals and rates with 2.
import type { components } from '../../../api/gateway';
import { reportDefinition } from '../../../render/export/export-session';
import { excelDateSerial, type XlsxColumn, type XlsxRow } from '../../../render/export/xlsx-writer';

type Remittance = components['schemas']['Remittance'];
type DailyReportRow = components['schemas']['DailyReportRow'];

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Decimal strings on the wire become numbers, so Excel can sum them. */
function decimal(value: string | null | undefined): number | null {
  return value && DECIMAL.test(value) ? Number(value) : null;
}

/** RP §3: the columns partners receive, named as the spec names them. */
export const REMITTANCE_REPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: 'type', width: 12, kind: 'text' },
  { header: 'id', width: 10, kind: 'text' },
  { header: 'payinId', width: 14, kind: 'text' },
  { header: 'payoutExternalId', width: 20, kind: 'text' },
  { header: 'partnerId', width: 10, kind: 'text' },
  { header: 'referenceNumber', width: 20, kind: 'text' },
  { header: 'senderName', width: 24, kind: 'text' },
  { header: 'senderAmount', width: 14, kind: 'money' },
  { header: 'senderCurrency', width: 8, kind: 'text' },
  { header: 'receiverName', width: 24, kind: 'text' },
  { header: 'receiverAmount', width: 16, kind: 'money' },
  { header: 'receiverCurrency', width: 8, kind: 'text' },
  { header: 'transactionFee', width: 12, kind: 'money' },
  { header: 'transactionFx', width: 12, kind: 'money' },
  { header: 'statusId', width: 8, kind: 'number' },
  { header: 'status', width: 34, kind: 'text' },
  { header: 'purpose', width: 18, kind: 'text' },
  { header: 'senderRemarks', width: 24, kind: 'text' },
  { header: 'transactionDate', width: 20, kind: 'date' },
];

/** RP §3: a payoutExternalId with a pipe is written as the reference before it and the partner id after it. */
export function splitPartner(payoutExternalId: string): { payoutExternalId: string; partnerId: string | null } {
  const pipe = payoutExternalId.indexOf('|');
  return pipe < 0 ? { payoutExternalId, partnerId: null } : { payoutExternalId: payoutExternalId.slice(0, pipe), partnerId: payoutExternalId.slice(pipe + 1) || null };
}

export function toRemittanceRow({ id, attributes: row }: Remittance): XlsxRow {
  const reference = splitPartner(row.payoutExternalId);
  return [
    row.typeName,
    id,
    row.payinId.toUpperCase(),
    reference.payoutExternalId,
    reference.partnerId,
    row.referenceNumber,
    row.senderName,
    decimal(row.senderAmount),
    row.senderCurrency,
    row.receiverName,
    decimal(row.receiverAmount),
    row.receiverCurrency,
    decimal(row.transactionFee),
    decimal(row.transactionFx),
    row.statusId,
    row.status.trim(),
    row.purpose,
    row.senderRemarks,
    excelDateSerial(row.transactionDate),
  ];
}

/** RP §3 daily report row, in the spec's order of fields. */
export const DAILY_REPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: 'date', width: 12, kind: 'text' },
  { header: 'successTrans', width: 12, kind: 'number' },
  { header: 'failedTrans', width: 12, kind: 'number' },
  { header: 'transCounts', width: 12, kind: 'number' },
  { header: 'processingTrans', width: 14, kind: 'number' },
  { header: 'usdTrans', width: 16, kind: 'decimal4' },
  { header: 'usdFxRates', width: 12, kind: 'money' },
  { header: 'eurTrans', width: 16, kind: 'decimal4' },
  { header: 'eurFxTrans', width: 12, kind: 'money' },
  { header: 'receiverAmount', width: 20, kind: 'decimal4' },
  { header: 'receiverCurrency', width: 10, kind: 'text' },
];

export function toDailyReportRow({ attributes: day }: DailyReportRow): XlsxRow {
  return [
    day.date,
    day.successTrans,
    day.failedTrans,
    day.transCounts,
    day.processingTrans,
    decimal(day.usdTrans),
    decimal(day.usdFxRates),
    decimal(day.eurTrans),
    decimal(day.eurFxTrans),
    decimal(day.receiverAmount),
    day.receiverCurrency,
  ];
}

export const REMITTANCE_REPORTS = {
  /** RP §7: GET api/v1/remittance, paged up to 100,000 rows. */
  remittances: reportDefinition<Remittance>({ path: '/api/v1/remittance', paged: true, columns: REMITTANCE_REPORT_COLUMNS, toRow: toRemittanceRow }),
  /** One call answers every day of the range. */
  daily: reportDefinition<DailyReportRow>({ path: '/api/v1/remittance/daily-report', paged: false, columns: DAILY_REPORT_COLUMNS, toRow: toDailyReportRow }),
};
