// How schemas/tables/approvals.json fetches its rows: the tenant's four-eyes approvals (src/api/approvals, shared with
// the header's count).
import { getApprovalsQueryOptions } from '../../api/approvals';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const approvalsTableSources: TableSources = {
  listApprovals: tableSource(getApprovalsQueryOptions),
};
