// The columns of 'Audit Trail.xlsx' and how an audit row becomes a spreadsheet row.
import type { components } from '../../../api/gateway';
import { reportDefinition } from '../../../render/export/export-session';
import { excelDateSerial, type XlsxColumn, type XlsxRow } from '../../../render/export/xlsx-writer';

type AuditEvent = components['schemas']['AuditEvent'];

export const AUDIT_COLUMNS: readonly XlsxColumn[] = [
  { header: 'When', width: 22, kind: 'date' },
  { header: 'Who', width: 28, kind: 'text' },
  { header: 'Tenant', width: 16, kind: 'text' },
  { header: 'What', width: 26, kind: 'text' },
  { header: 'Entity', width: 16, kind: 'text' },
  { header: 'Entity Id', width: 12, kind: 'text' },
  { header: 'Reason', width: 30, kind: 'text' },
  { header: 'Before', width: 50, kind: 'text' },
  { header: 'After', width: 50, kind: 'text' },
];

/** A record's before or after as compact JSON, so the sheet keeps every field. */
function snapshot(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export function toAuditRow({ attributes: event }: AuditEvent): XlsxRow {
  return [
    excelDateSerial(event.at),
    event.actorEmail ?? null,
    event.tenant ?? null,
    event.action,
    event.entity,
    event.entityId ?? null,
    event.reason ?? null,
    snapshot(event.before),
    snapshot(event.after),
  ];
}

export const AUDIT_TRAIL_REPORT = reportDefinition<AuditEvent>({
  path: '/api/v1/audit',
  paged: true,
  columns: AUDIT_COLUMNS,
  toRow: toAuditRow,
  sheetName: 'Audit Trail',
});
