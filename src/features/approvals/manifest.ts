// The four-eyes approvals (src/config/routes.ts ScreenManifest, render/table TableSources): the screen, and the source
// of schemas/tables/approvals.json's rows, the tenant's approvals by operationId (the header's count,
// src/app/PendingApprovals.tsx, reads the same list).
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const screens: ScreenManifest = {
  approvals: { module: './ApprovalsScreen', routes: [{ path: '/approvals', title: 'Approvals' }] },
};

export const tableSources = {
  listApprovals: tableSource(tablePageQuery('listApprovals')),
} satisfies TableSources;
