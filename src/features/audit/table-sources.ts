// How schemas/tables/audit.json fetches its rows: the audit trail, by operationId (the History tabs read it too).
import { tablePageQuery } from '../../api/resource';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const auditTableSources: TableSources = {
  listAuditEvents: tableSource(tablePageQuery('listAuditEvents')),
};
