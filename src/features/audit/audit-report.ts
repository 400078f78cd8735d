// The Audit screen's Excel export, 'Audit Trail.xlsx': the rows the table shows (its filters, sort and date range),
// read by the generic export worker (src/render/export) from listAuditEvents in pages of 10000.
import { AUDIT_EVENTS_PATH } from '../../api/audit';
import type { ReportColumn, ReportRequest } from '../../render/export';

export const AUDIT_FILE_NAME = 'Audit Trail.xlsx';
/** The contract's largest page of listAuditEvents. */
export const AUDIT_EXPORT_PAGE_SIZE = 10_000;

export const AUDIT_COLUMNS: readonly ReportColumn[] = [
  { header: 'When', width: 22, kind: 'date', field: 'at' },
  { header: 'Who', width: 28, kind: 'text', field: 'actorEmail' },
  { header: 'Tenant', width: 16, kind: 'text', field: 'tenant' },
  { header: 'What', width: 26, kind: 'text', field: 'action' },
  { header: 'Entity', width: 16, kind: 'text', field: 'entity' },
  { header: 'Entity Id', width: 12, kind: 'text', field: 'entityId' },
  { header: 'Reason', width: 30, kind: 'text', field: 'reason' },
  { header: 'Before', width: 50, kind: 'text', field: 'before' },
  { header: 'After', width: 50, kind: 'text', field: 'after' },
];

/** The report of the list's parameters: its filters and sort, the export's own paging. */
export function auditReport(params: Readonly<Record<string, string>>): ReportRequest {
  const { 'page[number]': _page, 'page[size]': _size, ...filters } = params;
  return { path: AUDIT_EVENTS_PATH, filters, columns: AUDIT_COLUMNS, fileName: AUDIT_FILE_NAME };
}
