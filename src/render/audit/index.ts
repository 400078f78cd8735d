export { AuditDiff } from './AuditDiff';
export { RecordHistory } from './RecordHistory';
