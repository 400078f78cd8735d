// The users (src/config/routes.ts ScreenManifest, render/table TableSources, render/slots): one module (./screens.tsx)
// draws the lists of users and admins on the wallet, remittance and plain routes, one user's page and the own
// profile; the source of the users and admins tables' rows; the slots the users screens offer (./slots.ts) and what
// the users feature draws in slots: its own wizard, documents and photo, and the wallet screens' 'User Information'
// panel. Each slot's code loads on first use, so the shell that provides them carries none of it.
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { lazySlot } from '../../render/slots';
import { tableSource, type TableSources } from '../../render/table/table-sources';
import { statusChoices } from './details/status-actions';
import { adminRoleChoices, withGroupNames, withUserListInclude } from './list/list-query';
import { UserSlotsContext } from './slots';
import { asUserRecord } from './user-record';

export const screens: ScreenManifest = {
  profile: { module: './screens', component: 'ProfileScreen', routes: [{ path: '/user/profile', title: 'Own profile' }] },
  walletUsers: { module: './screens', component: 'UsersScreen', routes: [{ path: '/wallet/users', title: 'Users' }] },
  walletAdmins: { module: './screens', component: 'AdminsScreen', routes: [{ path: '/wallet/admins', title: 'Admin users' }] },
  remittanceUsers: { module: './screens', component: 'UsersScreen', routes: [{ path: '/remittances/users', title: 'Remittance users' }] },
  remittanceUser: { module: './screens', component: 'UserScreen', routes: [{ path: '/remittances/users/:id', title: 'Remittance user' }] },
  remittanceAdmins: { module: './screens', component: 'AdminsScreen', routes: [{ path: '/remittances/admins', title: 'Remittance admins' }] },
  admins: { module: './screens', component: 'AdminsScreen', routes: [{ path: '/admins', title: 'Admins' }] },
  users: { module: './screens', component: 'UsersScreen', routes: [{ path: '/users', title: 'Users' }] },
};

const usersPage = tablePageQuery('listUsers');

/** users-and-wallets §4, §6: with the related parts the columns read, group ids shown as names, and the status and
 * role filters offering what the users and admins may be set to. */
export const tableSources = {
  listUsers: tableSource((key) => usersPage({ ...key, params: withUserListInclude(key.params) }), {
    rows: (rows, lists) => withGroupNames(rows.map(asUserRecord), lists.listGroups),
    choices: (lists, query) => ({
      ...lists,
      listStatuses: statusChoices(lists.listStatuses ?? [], query.filters.status),
      listRoles: adminRoleChoices(lists.listRoles ?? []),
    }),
  }),
} satisfies TableSources;

export const slots = UserSlotsContext;

export const fills = {
  users: {
    createUser: lazySlot(() => import('./create').then((module) => module.CreateUserWizard)),
    documents: lazySlot(() => import('./documents').then((module) => module.UserDocumentsSlot)),
    avatar: lazySlot(() => import('./documents').then((module) => module.UserAvatarSlot)),
  },
  wallet: {
    userDetails: lazySlot(() => import('./details/UserInformationPanel').then((module) => module.UserInformationPanel)),
  },
};
