// The users screens as the shell's screen ids name them (src/config/routes.ts): lists of users and admins on the
// wallet, remittance and plain routes, one user's page, and the own profile.
import { UsersListScreen } from './list/UsersListScreen';
import { lazyLoaded } from '../../lib/load-again';

export function UsersScreen() {
  return <UsersListScreen tableId="users" />;
}

export function AdminsScreen() {
  return <UsersListScreen tableId="admins" />;
}

// One user's page and the own profile draw the 'User Information' panel: their code loads when they are opened, so
// the lists paint without it.
const LazyUserScreen = lazyLoaded(() => import('./details/UserScreen').then((module) => ({ default: module.UserScreen })));
const LazyProfileScreen = lazyLoaded(() => import('./profile/ProfileScreen').then((module) => ({ default: module.ProfileScreen })));

export function UserScreen() {
  return <LazyUserScreen />;
}

export function ProfileScreen() {
  return <LazyProfileScreen />;
}
