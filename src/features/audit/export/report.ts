// The Audit screen's Excel export, 'Audit Trail.xlsx': the rows the table shows (its filters, sort and date range),
// read from listAuditEvents in pages of 10000 by the audit worker.
import type { ExportWorker } from '../../../render/export/useExcelExport';

export const AUDIT_FILE_NAME = 'Audit Trail.xlsx';
/** The contract's largest page of listAuditEvents. */
export const AUDIT_EXPORT_PAGE_SIZE = 10_000;
export const AUDIT_REPORT = 'audit';

export function createAuditExportWorker(): ExportWorker {
  return new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
}

/** The table's parameters without its paging: the export pages itself. */
export function auditFilters(params: Readonly<Record<string, string>>): Record<string, string> {
  const { 'page[number]': _page, 'page[size]': _size, ...filters } = params;
  return filters;
}
