// Screen id (src/config/routes.ts) → the function that loads the code of the screen. Apart from the lazy components
// (./screens.tsx) so the app's entry can start loading a signed-in visitor's first screen with the shell, not after it.
import type { ComponentType } from 'react';
import { findScreenRoute } from '../config/routes';

type ScreenModule = Promise<{ default: ComponentType }>;

const usersScreens = () => import('../features/users/screens');
const dashboardScreens = () => import('../features/dashboard/DashboardScreen');

export const screenLoaders: Record<string, () => ScreenModule> = {
  home: () => import('./HomePage'),
  dashboard: () => dashboardScreens().then((m) => ({ default: m.DashboardScreen })),
  adminDashboard: () => dashboardScreens().then((m) => ({ default: m.AdminDashboardScreen })),
  walletUsers: () => usersScreens().then((m) => ({ default: m.UsersScreen })),
  walletAdmins: () => usersScreens().then((m) => ({ default: m.AdminsScreen })),
  users: () => usersScreens().then((m) => ({ default: m.UsersScreen })),
  admins: () => usersScreens().then((m) => ({ default: m.AdminsScreen })),
  remittanceUsers: () => usersScreens().then((m) => ({ default: m.UsersScreen })),
  remittanceAdmins: () => usersScreens().then((m) => ({ default: m.AdminsScreen })),
  remittanceUser: () => usersScreens().then((m) => ({ default: m.UserScreen })),
  profile: () => usersScreens().then((m) => ({ default: m.ProfileScreen })),
  walletTransactions: () => import('../features/wallet/transactions/WalletTransactionsScreen'),
  remittanceTransactions: () => import('../features/remittances/list/RemittancesScreen'),
  walletPayins: () => import('../features/remittances/directions/RemittanceDirectionScreens').then((m) => ({ default: m.PayinTransactionsScreen })),
  walletPayouts: () => import('../features/remittances/directions/RemittanceDirectionScreens').then((m) => ({ default: m.PayoutTransactionsScreen })),
  payinDashboard: () => import('../features/remittances/dashboard/PayinDashboardScreen'),
  payoutAccount: () => import('../features/remittances/payout-account/PayoutAccountScreen'),
  uptTransactions: () => import('../features/upt/transactions/UptTransactionsScreen'),
  uptCountries: () => import('../features/upt/countries/UptCountriesScreen'),
  uptBanks: () => import('../features/upt/banks/UptBanksScreen'),
  // identity-and-catalogue §2: each route its own chunk.
  tenants: () => import('../features/identity/tenants/TenantsScreen').then((m) => ({ default: m.TenantsScreen })),
  tenantForm: () => import('../features/identity/tenants/TenantFormScreen').then((m) => ({ default: m.TenantFormScreen })),
  scopes: () => import('../features/identity/scopes/ScopesScreen').then((m) => ({ default: m.ScopesScreen })),
  scopeForm: () => import('../features/identity/scopes/ScopeFormScreen').then((m) => ({ default: m.ScopeFormScreen })),
  resources: () => import('../features/identity/resources/ResourcesScreen').then((m) => ({ default: m.ResourcesScreen })),
  resourceForm: () => import('../features/identity/resources/ResourceFormScreen').then((m) => ({ default: m.ResourceFormScreen })),
  products: () => import('../features/catalogue/products/ProductsScreen').then((m) => ({ default: m.ProductsScreen })),
  productForm: () => import('../features/catalogue/products/NewProductScreen').then((m) => ({ default: m.NewProductScreen })),
  productDetail: () => import('../features/catalogue/products/ProductDetailScreen').then((m) => ({ default: m.ProductDetailScreen })),
  currencies: () => import('../features/catalogue/currencies/CurrenciesScreen').then((m) => ({ default: m.CurrenciesScreen })),
  currencyForm: () => import('../features/catalogue/currencies/NewCurrencyScreen').then((m) => ({ default: m.NewCurrencyScreen })),
  fees: () => import('../features/catalogue/fees/FeesScreen').then((m) => ({ default: m.FeesScreen })),
  feeForm: () => import('../features/catalogue/fees/NewFeeScreen').then((m) => ({ default: m.NewFeeScreen })),
  feeDetail: () => import('../features/catalogue/fees/FeeDetailScreen').then((m) => ({ default: m.FeeDetailScreen })),
  forex: () => import('../features/catalogue/forex/ForexScreen').then((m) => ({ default: m.ForexScreen })),
  audit: () => import('../features/audit/AuditScreen'),
  config: () => import('../features/config/ConfigScreen'),
  approvals: () => import('../features/approvals/ApprovalsScreen'),
};

/** Starts loading the screen of `path` now (the lazy component then finds its code loaded or on its way). */
export function preloadScreen(path: string): void {
  const route = findScreenRoute(path);
  if (route?.access === 'protected') void screenLoaders[route.screen]?.();
}
