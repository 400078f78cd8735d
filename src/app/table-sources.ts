// Each list operation a table file may name, fetched by the feature that owns it (src/render/table/table-sources.tsx).
// A feature with a new list operation adds its sources here, once.
import { approvalsTableSources } from '../features/approvals/table-sources';
import { auditTableSources } from '../features/audit/table-sources';
import { remittanceTableSources } from '../features/remittances/list/table-sources';
import { uptTableSources } from '../features/upt/table-sources';
import { catalogueTableSources } from '../features/catalogue/table-sources';
import { identityTableSources } from '../features/identity/table-sources';
import { usersTableSources } from '../features/users/list/table-sources';
import { walletTableSources } from '../features/wallet/transactions/table-sources';
import type { TableSources } from '../render/table';

export const tableSources: TableSources = {
  ...usersTableSources,
  ...walletTableSources,
  ...remittanceTableSources,
  ...uptTableSources,
  ...identityTableSources,
  ...catalogueTableSources,
  ...auditTableSources,
  ...approvalsTableSources,
};
