// Screen id (src/config/routes.ts) → the lazily loaded component that draws it. Screens that later work fills
// show a placeholder naming what will be there.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

const usersScreens = () => import('../features/users/screens');

export const screens: Partial<Record<string, Screen>> = {
  home: lazy(() => import('./HomePage')),
  walletUsers: lazy(() => usersScreens().then((m) => ({ default: m.UsersScreen }))),
  walletAdmins: lazy(() => usersScreens().then((m) => ({ default: m.AdminsScreen }))),
  users: lazy(() => usersScreens().then((m) => ({ default: m.UsersScreen }))),
  admins: lazy(() => usersScreens().then((m) => ({ default: m.AdminsScreen }))),
  remittanceUsers: lazy(() => usersScreens().then((m) => ({ default: m.UsersScreen }))),
  remittanceAdmins: lazy(() => usersScreens().then((m) => ({ default: m.AdminsScreen }))),
  remittanceUser: lazy(() => usersScreens().then((m) => ({ default: m.UserScreen }))),
  profile: lazy(() => usersScreens().then((m) => ({ default: m.ProfileScreen }))),
  walletTransactions: lazy(() => import('../features/wallet/transactions/WalletTransactionsScreen')),
  // identity-and-catalogue §2: each route its own chunk.
  tenants: lazy(() => import('../features/identity/tenants/TenantsScreen').then((m) => ({ default: m.TenantsScreen }))),
  tenantForm: lazy(() => import('../features/identity/tenants/TenantFormScreen').then((m) => ({ default: m.TenantFormScreen }))),
  scopes: lazy(() => import('../features/identity/scopes/ScopesScreen').then((m) => ({ default: m.ScopesScreen }))),
  scopeForm: lazy(() => import('../features/identity/scopes/ScopeFormScreen').then((m) => ({ default: m.ScopeFormScreen }))),
  resources: lazy(() => import('../features/identity/resources/ResourcesScreen').then((m) => ({ default: m.ResourcesScreen }))),
  resourceForm: lazy(() => import('../features/identity/resources/ResourceFormScreen').then((m) => ({ default: m.ResourceFormScreen }))),
};
