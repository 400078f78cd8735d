// The users screens as the shell's screen ids name them (src/config/routes.ts): lists of users and admins on the
// wallet, remittance and plain routes, one user's page, and the own profile.
import { UsersListScreen } from './list/UsersListScreen';

export function UsersScreen() {
  return <UsersListScreen tableId="users" />;
}

export function AdminsScreen() {
  return <UsersListScreen tableId="admins" />;
}

export { UserScreen } from './details/UserScreen';
export { ProfileScreen } from './profile/ProfileScreen';
