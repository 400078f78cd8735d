// The audit trail (src/config/routes.ts ScreenManifest, render/table TableSources): the screen, and the source of
// schemas/tables/audit.json's rows by operationId (the History tabs read it too).
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { tableSource, type TableSources } from '../../render/table/table-sources';

export const screens: ScreenManifest = {
  audit: { module: './AuditScreen', routes: [{ path: '/audit', title: 'Audit' }] },
};

export const tableSources = {
  listAuditEvents: tableSource(tablePageQuery('listAuditEvents')),
} satisfies TableSources;
