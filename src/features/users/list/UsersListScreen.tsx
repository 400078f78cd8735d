// users-and-wallets §2 "Users list and admins list": schemas/tables/users.json or admins.json, titled as the tenant's
// menu labels it (Members, Agents...); a row or View opens 'User Information', Add user the create-user wizard.
// The open user is in the address (`?user=<id>`), so a link or the command palette opens that user's panel.
import { Suspense, useEffect, useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import type { FlatRecord } from '../../../api/jsonapi';
import { useStaffContext } from '../../../config/staff-context';
import { SchemaTable, useTableController } from '../../../render/table';
import { readQuery, resourceTypeKey } from '../../../api/resource';
import { profileRead } from '../api/user-include';
import { useUserSlots } from '../slots';
import { menuLabelFor } from './list-query';
import { lazyLoaded } from '../../../lib/load-again';

/** The address parameter holding the user whose panel is open. */
export const USER_PARAM = 'user';

// The panel and the wizard load their code when first opened: the list paints without them.
const UserInformationPanel = lazyLoaded(() => import('../details/UserInformationPanel').then((module) => ({ default: module.UserInformationPanel })));

export interface UsersListScreenProps {
  tableId: 'users' | 'admins';
  /** Toolbar filters of the table shown whatever their rule, e.g. ['role'] (users-and-wallets §6: "or when forced"). */
  forceFilters?: readonly string[];
}

export function UsersListScreen({ tableId, forceFilters }: UsersListScreenProps) {
  const list = useTableController(tableId, { forceFilters });
  const { menu } = useStaffContext();
  const { pathname } = useLocation();
  const title = menuLabelFor(menu, pathname) ?? list.title;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const openUserId = search.get(USER_PARAM);
  const setOpenUserId = (userId: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (userId === null) next.delete(USER_PARAM);
      else next.set(USER_PARAM, userId);
      return next;
    });
  const [creating, setCreating] = useState(false);
  // Once opened they stay mounted, so closing them keeps its transition.
  const [panelUsed, setPanelUsed] = useState(false);
  useEffect(() => {
    if (openUserId !== null) setPanelUsed(true);
  }, [openUserId]);
  const [wizardUsed, setWizardUsed] = useState(false);
  const open = (row: FlatRecord) => {
    void queryClient.prefetchQuery(readQuery('getUser', profileRead(row.id)));
    setPanelUsed(true);
    setOpenUserId(row.id);
  };
  const created = (userId: string) => {
    setCreating(false);
    void queryClient.invalidateQueries({ queryKey: resourceTypeKey('user') });
    setPanelUsed(true);
    setOpenUserId(userId);
  };
  const startCreating = () => {
    setWizardUsed(true);
    setCreating(true);
  };
  const CreateUser = useUserSlots().createUser;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">{title}</Title>
      <SchemaTable
        {...list.tableProps}
        title={title}
        onRowOpen={open}
        flows={{ openUser: open, ...(CreateUser ? { createUser: startCreating } : {}) }}
      />
      {panelUsed && (
        <Suspense fallback={null}>
          <UserInformationPanel userId={openUserId} onClose={() => setOpenUserId(null)} openedFrom="users" />
        </Suspense>
      )}
      {CreateUser && wizardUsed && (
        <CreateUser opened={creating} audience={tableId === 'admins' ? 'admin' : 'endUser'} onClose={() => setCreating(false)} onCreated={created} />
      )}
    </Stack>
  );
}
