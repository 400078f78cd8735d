// The users screens (src/config/routes.ts ScreenManifest): one module (./screens.tsx) draws the lists of users and
// admins on the wallet, remittance and plain routes, one user's page and the own profile.
import type { ScreenManifest } from '../../config/routes';

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
