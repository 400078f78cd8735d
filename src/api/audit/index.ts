export { asAuditEvent, getAuditEventsQueryOptions, type AuditEvent } from './list-audit-events';
