// The audit trail (listAuditEvents) is read through the resource layer (../resource.ts); this names its row for the
// screens that show one, and the key a change the trail records marks stale.
import type { FlatRecord } from '../jsonapi';
import { resourceTypeKey, type RowOf } from '../resource';

export type AuditEvent = RowOf<'listAuditEvents'>;

/** A table's rows are its list operation's rows; this only names their type. */
export function asAuditEvent(row: FlatRecord): AuditEvent {
  return row as AuditEvent;
}

/** Every audit page, every tenant's: what a change the trail records marks stale. */
export function getAuditEventsQueryOptions() {
  return { queryKey: resourceTypeKey('audit-event') };
}
