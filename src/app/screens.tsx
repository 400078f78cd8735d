// Screen id (src/config/routes.ts) → the lazily loaded component that draws it. Screens that later work fills
// show a placeholder naming what will be there.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

export const screens: Partial<Record<string, Screen>> = {
  home: lazy(() => import('./HomePage')),
  walletUsers: lazy(() => import('../features/users/screens').then((m) => ({ default: m.UsersScreen }))),
  walletAdmins: lazy(() => import('../features/users/screens').then((m) => ({ default: m.AdminsScreen }))),
  users: lazy(() => import('../features/users/screens').then((m) => ({ default: m.UsersScreen }))),
  admins: lazy(() => import('../features/users/screens').then((m) => ({ default: m.AdminsScreen }))),
  remittanceUsers: lazy(() => import('../features/users/screens').then((m) => ({ default: m.UsersScreen }))),
  remittanceAdmins: lazy(() => import('../features/users/screens').then((m) => ({ default: m.AdminsScreen }))),
  remittanceUser: lazy(() => import('../features/users/screens').then((m) => ({ default: m.UserScreen }))),
  profile: lazy(() => import('../features/users/screens').then((m) => ({ default: m.ProfileScreen }))),
  walletTransactions: lazy(() => import('../features/wallet/transactions/WalletTransactionsScreen')),
};
