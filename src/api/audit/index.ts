export { AUDIT_EVENTS_PATH, asAuditEvent, getAuditEventsQueryOptions, listAuditEvents, type AuditEvent, type AuditEventsKey } from './list-audit-events';
