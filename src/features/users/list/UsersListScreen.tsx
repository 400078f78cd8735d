// users-and-wallets §2 "Users list and admins list": one screen drawn from schemas/tables/users.json or admins.json,
// titled as the tenant's menu labels it (Members, Agents...), fetched page by page with the table's role filter;
// a row or its view action opens 'User Information'.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { errorText } from '../../../api/errors';
import { DEFAULT_META, type FlatRecord } from '../../../api/jsonapi';
import { tableView } from '../../../config/catalogue';
import { SchemaTable, initialTableQuery, type TableQuery } from '../../../render/table';
import { useStaffContext } from '../../../config/staff-context';
import { getUserQueryOptions } from '../api/get-user';
import { useGroups } from '../../../api/reference-lists/list-groups';
import { useRoles } from '../../../api/reference-lists/list-roles';
import { useStatuses } from '../../../api/reference-lists/list-statuses';
import { getUsersQueryOptions, useUsers } from '../api/list-users';
import { UserInformationPanel } from '../details/UserInformationPanel';
import { statusChoices } from '../details/status-actions';
import { useUserSlots } from '../slots';
import { requireTable, useUsersConfig } from '../users-config';
import { adminRoleChoices, menuLabelFor, usersListParams, withGroupNames } from './list-query';

export type UsersTableId = 'users' | 'admins';

export interface UsersListScreenProps {
  tableId: UsersTableId;
  /** Toolbar filters of the table shown whatever their rule, e.g. ['role'] (users-and-wallets §6: "or when forced"). */
  forceFilters?: readonly string[];
}

export function UsersListScreen({ tableId, forceFilters }: UsersListScreenProps) {
  const staff = useStaffContext();
  // A tenant switch starts the list afresh: page 1, no filters, no open panel.
  return <UsersList key={`${tableId}:${staff.tenant?.id ?? ''}`} tableId={tableId} forceFilters={forceFilters} />;
}

function UsersList({ tableId, forceFilters }: { tableId: UsersTableId; forceFilters?: readonly string[] }) {
  const staff = useStaffContext();
  const { pathname } = useLocation();
  const { getTable, set } = useUsersConfig();
  const table = requireTable(getTable(tableId), tableId);
  const tenant = staff.tenant?.id ?? null;
  const queryClient = useQueryClient();

  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery(table));
  const users = useUsers({ tenant, params: usersListParams(table, query) });
  const groups = useGroups(tenant);
  const statuses = useStatuses(tenant);
  const roles = useRoles(tenant);
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const title = menuLabelFor(staff.menu, pathname) ?? tableView(table, staff.tenant, staff.ruleContext).title ?? table.id;
  const open = (row: FlatRecord) => {
    void queryClient.prefetchQuery(getUserQueryOptions({ id: row.id, tenant }));
    setOpenUserId(row.id);
  };
  const CreateUser = useUserSlots().createUser;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      <SchemaTable
        config={table}
        title={title}
        data={withGroupNames(users.data?.rows ?? [], groups.data)}
        meta={users.data?.meta ?? DEFAULT_META}
        query={query}
        onQueryChange={setQuery}
        ruleContext={staff.ruleContext}
        tenant={staff.tenant}
        loading={users.isFetching}
        error={users.isError ? errorText(users.error) : null}
        colorMaps={set.colorMaps}
        lists={{ listGroups: groups.data ?? [], listStatuses: statusChoices(statuses.data ?? [], query.filters.status), listRoles: adminRoleChoices(roles.data ?? []) }}
        forceFilters={forceFilters}
        onRowOpen={open}
        onRowAction={(actionId, row) => {
          if (actionId === 'view') open(row);
        }}
        onToolbarAction={(actionId) => {
          if (actionId === 'addUser') setCreating(true);
        }}
      />
      <UserInformationPanel userId={openUserId} onClose={() => setOpenUserId(null)} openedFrom="users" />
      {CreateUser && (
        <CreateUser
          opened={creating}
          audience={tableId === 'admins' ? 'admin' : 'endUser'}
          onClose={() => setCreating(false)}
          onCreated={(userId) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey });
            setOpenUserId(userId);
          }}
        />
      )}
    </Stack>
  );
}
