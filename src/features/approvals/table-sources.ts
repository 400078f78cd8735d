// How schemas/tables/approvals.json fetches its rows: the tenant's four-eyes approvals, by operationId (the header's
// count, src/app/PendingApprovals.tsx, reads the same list).
import { tablePageQuery } from '../../api/resource';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const approvalsTableSources: TableSources = {
  listApprovals: tableSource(tablePageQuery('listApprovals')),
};
