export { AUDIT_EVENTS_PATH, asAuditEvent, getAuditEventsQueryOptions, type AuditEvent } from './list-audit-events';
