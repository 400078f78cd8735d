// How the users and admins tables (schemas/tables/users.json, admins.json: operation listUsers) fetch and show their
// rows: with the related parts the columns read, group ids shown as names, and the status and role filters offering
// what users-and-wallets §4 and §6 allow. The app passes these to every table (src/app/table-sources.ts).
import { tablePageQuery } from '../../../api/resource';
import { tableSource, type TableSources } from '../../../render/table/table-sources';
import { statusChoices } from '../details/status-actions';
import { asUserRecord } from '../user-record';
import { adminRoleChoices, withGroupNames, withUserListInclude } from './list-query';

const usersPage = tablePageQuery('listUsers');

export const usersTableSources: TableSources = {
  listUsers: tableSource((key) => usersPage({ ...key, params: withUserListInclude(key.params) }), {
    rows: (rows, lists) => withGroupNames(rows.map(asUserRecord), lists.listGroups),
    choices: (lists, query) => ({
      ...lists,
      listStatuses: statusChoices(lists.listStatuses ?? [], query.filters.status),
      listRoles: adminRoleChoices(lists.listRoles ?? []),
    }),
  }),
};
