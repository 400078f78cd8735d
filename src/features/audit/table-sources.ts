// How schemas/tables/audit.json fetches its rows: the audit trail (src/api/audit, shared with the History tabs).
import { getAuditEventsQueryOptions } from '../../api/audit';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const auditTableSources: TableSources = {
  listAuditEvents: tableSource(getAuditEventsQueryOptions),
};
