// What a users or admins list asks the gateway for: the table's paging, sort and column filters with its fixed role
// filter (users-and-wallets §6: admins -256, end users 256) and the related parts its columns read.
import type { FlatRecord } from '../../../api/jsonapi';
import { listParams, type TableQuery } from '../../../render/table/table-query';
import type { TableConfig } from '../../../config/types';
import type { ResolvedMenu, ResolvedMenuItem } from '../../../config';
import { USER_LIST_INCLUDE } from '../api/user-include';
import type { ReferenceRow } from '../../../api/reference-lists';
import type { UserRecord } from '../user-record';

export function usersListParams(table: Pick<TableConfig, 'fixedFilters'>, query: TableQuery): Record<string, string> {
  return withUserListInclude(listParams(table, query));
}

/** List parameters with the related parts the users columns read. */
export function withUserListInclude(params: Readonly<Record<string, string>>): Record<string, string> {
  return { include: USER_LIST_INCLUDE, ...params };
}

/** The label the tenant's menu gives this route (Members, Agents, Admin Users...), if the menu links to it. */
export function menuLabelFor(menu: ResolvedMenu | null, pathname: string): string | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase();
  const find = (items: ResolvedMenuItem[]): string | undefined => {
    for (const item of items) {
      if (item.route?.toLowerCase() === wanted) return item.label;
      const child = item.children ? find(item.children) : undefined;
      if (child) return child;
    }
    return undefined;
  };
  return menu ? find(menu.items) : undefined;
}

/** Rows with their group ids shown as the groups' names (users-and-wallets §1: the Credit Union grouping). */
export function withGroupNames(rows: readonly UserRecord[], groups: readonly ReferenceRow<'listGroups'>[] | undefined): FlatRecord[] {
  if (!groups || groups.length === 0) return [...rows];
  const names = new Map(groups.map((group) => [group.value, group.name]));
  return rows.map((row) => {
    if (!row.account || row.account.groups.length === 0) return row;
    const shown = row.account.groups.map((id) => names.get(id) ?? String(id)).join(', ');
    return { ...row, account: { ...row.account, groups: shown } };
  });
}

/** The roles the admin lists' role filter offers: users-and-wallets §6, admin lists never hold role 256. */
export function adminRoleChoices(roles: readonly ReferenceRow<'listRoles'>[]): ReferenceRow<'listRoles'>[] {
  return roles.filter((role) => role.value !== 256);
}
