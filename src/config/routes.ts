// The screens of the app as data (identity-and-catalogue §2 route map, users-and-wallets §2 public routes).
// The shell builds its router from this list; the config checker uses it to find menu routes with no screen.

/** public: open without a session; guest: public, and a signed-in visitor is sent on (users-and-wallets §2);
 * protected: needs a session. */
export type RouteAccess = 'public' | 'guest' | 'protected';

export interface ScreenRoute {
  /** React Router pattern; `:name` is a parameter. */
  path: string;
  /** Stable screen id the shell maps to a lazy component. */
  screen: string;
  /** What the screen shows, from the route map; placeholders show it until the screen exists. */
  title: string;
  access: RouteAccess;
}

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: '/login', screen: 'login', title: 'Sign in', access: 'guest' },
  { path: '/forgetpassword', screen: 'forgetPassword', title: 'Forgot password', access: 'guest' },
  { path: '/recoverycode', screen: 'recoveryCode', title: 'Recovery code', access: 'guest' },
  { path: '/auth/resetpassword/:token', screen: 'resetPassword', title: 'Reset Password', access: 'guest' },
  { path: '/auth/newpassword/:token', screen: 'newPassword', title: 'Your new account has been created', access: 'guest' },

  { path: '/', screen: 'home', title: 'Home', access: 'protected' },
  { path: '/dashboard', screen: 'dashboard', title: 'Dashboard', access: 'protected' },
  { path: '/user/profile', screen: 'profile', title: 'Own profile', access: 'protected' },

  { path: '/admin/dashboard', screen: 'adminDashboard', title: 'Admin dashboard', access: 'protected' },
  { path: '/admin/transactions', screen: 'adminDashboard', title: 'Admin dashboard', access: 'protected' },
  { path: '/admin/tenants', screen: 'tenants', title: 'Tenant list', access: 'protected' },
  { path: '/admin/tenants/create', screen: 'tenantForm', title: 'Create tenant', access: 'protected' },
  { path: '/admin/tenants/:action/:id', screen: 'tenantForm', title: 'Tenant form', access: 'protected' },
  { path: '/admin/tenants/:action', screen: 'tenantForm', title: 'Tenant form', access: 'protected' },
  { path: '/admin/scopes', screen: 'scopes', title: 'Scope list', access: 'protected' },
  { path: '/admin/scopes/add-scope', screen: 'scopeForm', title: 'Create scope', access: 'protected' },
  { path: '/admin/scopes/:resourceId/:id', screen: 'scopeForm', title: 'Scope form', access: 'protected' },
  { path: '/admin/scopes/:id', screen: 'scopeForm', title: 'Scope form', access: 'protected' },
  { path: '/admin/config', screen: 'config', title: 'Config', access: 'protected' },
  { path: '/admin/Resources', screen: 'resources', title: 'Resource list', access: 'protected' },
  { path: '/admin/resources/add-resource', screen: 'resourceForm', title: 'Create resource', access: 'protected' },
  { path: '/admin/resources/:id', screen: 'resourceForm', title: 'Resource form', access: 'protected' },

  { path: '/wallet/transactions', screen: 'walletTransactions', title: 'Wallet transactions', access: 'protected' },
  { path: '/wallet/users', screen: 'walletUsers', title: 'Users', access: 'protected' },
  { path: '/wallet/admins', screen: 'walletAdmins', title: 'Admin users', access: 'protected' },

  { path: '/products/list', screen: 'products', title: 'Products', access: 'protected' },
  { path: '/products/new', screen: 'productForm', title: 'New product', access: 'protected' },
  { path: '/products/:id', screen: 'productDetail', title: 'Product detail', access: 'protected' },
  { path: '/currencies/list', screen: 'currencies', title: 'Currencies', access: 'protected' },
  { path: '/currencies/new', screen: 'currencyForm', title: 'New currency', access: 'protected' },
  { path: '/fees', screen: 'fees', title: 'Fee details', access: 'protected' },
  { path: '/fees/new/:productId/:currencyId', screen: 'feeForm', title: 'New fee', access: 'protected' },
  { path: '/fees/:id', screen: 'feeDetail', title: 'Fee detail', access: 'protected' },
  { path: '/forex', screen: 'forex', title: 'Forex', access: 'protected' },

  { path: '/remittances/dashboard', screen: 'payinDashboard', title: 'Pay-in dashboard', access: 'protected' },
  { path: '/transactions/remittances', screen: 'remittanceTransactions', title: 'Remittance transactions', access: 'protected' },
  {
    path: '/transactions/remittances/:filterstatus',
    screen: 'remittanceTransactions',
    title: 'Remittance transactions',
    access: 'protected',
  },
  { path: '/upt/transactions/remittances', screen: 'uptTransactions', title: 'Universal payment transactions', access: 'protected' },
  { path: '/upt/settings/countries', screen: 'uptCountries', title: 'Countries', access: 'protected' },
  { path: '/upt/settings/banks', screen: 'uptBanks', title: 'Banks', access: 'protected' },
  { path: '/remittances/payout', screen: 'walletPayouts', title: 'Pay-out transactions', access: 'protected' },
  { path: '/remittances/payin', screen: 'walletPayins', title: 'Pay-in transactions', access: 'protected' },
  { path: '/payoutAccount', screen: 'payoutAccount', title: 'Payout Account', access: 'protected' },
  { path: '/remittances/users', screen: 'remittanceUsers', title: 'Remittance users', access: 'protected' },
  { path: '/remittances/users/:id', screen: 'remittanceUser', title: 'Remittance user', access: 'protected' },
  { path: '/remittances/admins', screen: 'remittanceAdmins', title: 'Remittance admins', access: 'protected' },
  { path: '/admins', screen: 'admins', title: 'Admins', access: 'protected' },
  { path: '/users', screen: 'users', title: 'Users', access: 'protected' },
  { path: '/audit', screen: 'audit', title: 'Audit', access: 'protected' },
  { path: '/approvals', screen: 'approvals', title: 'Approvals', access: 'protected' },
];

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** True when `path` (no query) matches `pattern`; case-insensitive and parameter-aware, as React Router matches. */
export function matchesRoute(pattern: string, path: string): boolean {
  const wanted = segments(pattern);
  const given = segments(path.split(/[?#]/)[0] ?? '');
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, index) => {
    const actual = given[index] ?? '';
    return segment.startsWith(':') ? actual !== '' : segment.toLowerCase() === actual.toLowerCase();
  });
}

/**
 * identity-and-catalogue §6 (IC-6.04): the admin-only area, the Control Panel's pages, which only the admin tenant
 * opens (the gateway refuses the others' identity calls too, 403 not_admin_tenant). Routes match without case.
 */
export function inAdminArea(path: string): boolean {
  return path.toLowerCase().startsWith('/admin/');
}

/** The screen route a path opens, preferring literal segments over parameters like React Router's ranking. */
export function findScreenRoute(path: string, routes: readonly ScreenRoute[] = SCREEN_ROUTES): ScreenRoute | undefined {
  const matches = routes.filter((route) => matchesRoute(route.path, path));
  const literalCount = (route: ScreenRoute) => segments(route.path).filter((segment) => !segment.startsWith(':')).length;
  return matches.sort((a, b) => literalCount(b) - literalCount(a))[0];
}
