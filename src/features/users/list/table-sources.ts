// How the users and admins tables (schemas/tables/users.json, admins.json: operation listUsers) fetch and show their
// rows: with the related parts the columns read, group ids shown as names, and the status and role filters offering
// what users-and-wallets §4 and §6 allow. The app passes these to every table (src/app/table-sources.ts).
import { tableSource, type TableSources } from '../../../render/table/table-sources';
import { getUsersQueryOptions } from '../api/list-users';
import { statusChoices } from '../details/status-actions';
import { adminRoleChoices, withGroupNames, withUserListInclude } from './list-query';

export const usersTableSources: TableSources = {
  listUsers: tableSource(({ tenant, params }) => getUsersQueryOptions({ tenant, params: withUserListInclude(params) }), {
    rows: (rows, lists) => withGroupNames(rows, lists.listGroups),
    choices: (lists, query) => ({
      ...lists,
      listStatuses: statusChoices(lists.listStatuses ?? [], query.filters.status),
      listRoles: adminRoleChoices(lists.listRoles ?? []),
    }),
  }),
};
