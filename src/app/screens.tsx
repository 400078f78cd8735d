// Screen id (src/config/routes.ts) → the lazily loaded component that draws it. Screens that later work fills
// show a placeholder naming what will be there.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

const usersScreens = () => import('../features/users/screens');
const dashboardScreens = () => import('../features/dashboard/DashboardScreen');

export const screens: Partial<Record<string, Screen>> = {
  home: lazy(() => import('./HomePage')),
  dashboard: lazy(() => dashboardScreens().then((m) => ({ default: m.DashboardScreen }))),
  adminDashboard: lazy(() => dashboardScreens().then((m) => ({ default: m.AdminDashboardScreen }))),
  walletUsers: lazy(() => usersScreens().then((m) => ({ default: m.UsersScreen }))),
  walletAdmins: lazy(() => usersScreens().then((m) => ({ default: m.AdminsScreen }))),
  users: lazy(() => usersScreens().then((m) => ({ default: m.UsersScreen }))),
  admins: lazy(() => usersScreens().then((m) => ({ default: m.AdminsScreen }))),
  remittanceUsers: lazy(() => usersScreens().then((m) => ({ default: m.UsersScreen }))),
  remittanceAdmins: lazy(() => usersScreens().then((m) => ({ default: m.AdminsScreen }))),
  remittanceUser: lazy(() => usersScreens().then((m) => ({ default: m.UserScreen }))),
  profile: lazy(() => usersScreens().then((m) => ({ default: m.ProfileScreen }))),
  walletTransactions: lazy(() => import('../features/wallet/transactions/WalletTransactionsScreen')),
  remittanceTransactions: lazy(() => import('../features/remittances/list/RemittancesScreen')),
  walletPayins: lazy(() => import('../features/remittances/directions/RemittanceDirectionScreens').then((m) => ({ default: m.PayinTransactionsScreen }))),
  walletPayouts: lazy(() => import('../features/remittances/directions/RemittanceDirectionScreens').then((m) => ({ default: m.PayoutTransactionsScreen }))),
  payinDashboard: lazy(() => import('../features/remittances/dashboard/PayinDashboardScreen')),
  payoutAccount: lazy(() => import('../features/remittances/payout-account/PayoutAccountScreen')),
  uptTransactions: lazy(() => import('../features/upt/transactions/UptTransactionsScreen')),
  uptCountries: lazy(() => import('../features/upt/countries/UptCountriesScreen')),
  uptBanks: lazy(() => import('../features/upt/banks/UptBanksScreen')),
  // identity-and-catalogue §2: each route its own chunk.
  tenants: lazy(() => import('../features/identity/tenants/TenantsScreen').then((m) => ({ default: m.TenantsScreen }))),
  tenantForm: lazy(() => import('../features/identity/tenants/TenantFormScreen').then((m) => ({ default: m.TenantFormScreen }))),
  scopes: lazy(() => import('../features/identity/scopes/ScopesScreen').then((m) => ({ default: m.ScopesScreen }))),
  scopeForm: lazy(() => import('../features/identity/scopes/ScopeFormScreen').then((m) => ({ default: m.ScopeFormScreen }))),
  resources: lazy(() => import('../features/identity/resources/ResourcesScreen').then((m) => ({ default: m.ResourcesScreen }))),
  resourceForm: lazy(() => import('../features/identity/resources/ResourceFormScreen').then((m) => ({ default: m.ResourceFormScreen }))),
  products: lazy(() => import('../features/catalogue/products/ProductsScreen').then((m) => ({ default: m.ProductsScreen }))),
  productForm: lazy(() => import('../features/catalogue/products/NewProductScreen').then((m) => ({ default: m.NewProductScreen }))),
  productDetail: lazy(() => import('../features/catalogue/products/ProductDetailScreen').then((m) => ({ default: m.ProductDetailScreen }))),
  currencies: lazy(() => import('../features/catalogue/currencies/CurrenciesScreen').then((m) => ({ default: m.CurrenciesScreen }))),
  currencyForm: lazy(() => import('../features/catalogue/currencies/NewCurrencyScreen').then((m) => ({ default: m.NewCurrencyScreen }))),
  fees: lazy(() => import('../features/catalogue/fees/FeesScreen').then((m) => ({ default: m.FeesScreen }))),
  feeForm: lazy(() => import('../features/catalogue/fees/NewFeeScreen').then((m) => ({ default: m.NewFeeScreen }))),
  feeDetail: lazy(() => import('../features/catalogue/fees/FeeDetailScreen').then((m) => ({ default: m.FeeDetailScreen }))),
  forex: lazy(() => import('../features/catalogue/forex/ForexScreen').then((m) => ({ default: m.ForexScreen }))),
  audit: lazy(() => import('../features/audit/AuditScreen')),
};
