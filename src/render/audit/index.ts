export { AuditDiff } from './AuditDiff';
export { auditChanges, auditValue, changeSummary, fieldLabel } from './audit-diff';
export { RecordHistory, describeAuditEvent } from './RecordHistory';
