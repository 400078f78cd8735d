import { describe, expect, it } from 'vitest';
import identityAdmin from '../../schemas/menus/identity-admin.json';
import { SCREEN_ROUTES, findScreenRoute, matchesRoute } from './routes.ts';

const screenOf = (path: string) => findScreenRoute(path)?.screen;

describe('screen routes', () => {
  it('[UW-2.09] opens the five public routes without a session', () => {
    const open = SCREEN_ROUTES.filter((route) => route.access !== 'protected').map((route) => route.path);
    expect(open).toEqual(['/login', '/forgetpassword', '/recoverycode', '/auth/resetpassword/:token', '/auth/newpassword/:token']);
    expect(screenOf('/auth/resetpassword/abc123')).toBe('resetPassword');
    expect(screenOf('/auth/newpassword/abc123')).toBe('newPassword');
  });

  it.each([
    ['IC-2.01', '/', 'home'],
    ['IC-2.06', '/dashboard', 'dashboard'],
    ['IC-2.07', '/user/profile', 'profile'],
    ['IC-2.08', '/admin/dashboard', 'adminDashboard'],
    ['IC-2.09', '/admin/transactions', 'adminDashboard'],
    ['IC-2.10', '/admin/tenants', 'tenants'],
    ['IC-2.11', '/admin/tenants/create', 'tenantForm'],
    ['IC-2.12', '/admin/tenants/update/t-1', 'tenantForm'],
    ['IC-2.13', '/admin/tenants/duplicate/t-1', 'tenantForm'],
    ['IC-2.14', '/admin/tenants/update', 'tenantForm'],
    ['IC-2.15', '/admin/scopes', 'scopes'],
    ['IC-2.16', '/admin/scopes/add-scope', 'scopeForm'],
    ['IC-2.17', '/admin/scopes/r-1/s-1', 'scopeForm'],
    ['IC-2.18', '/admin/scopes/s-1', 'scopeForm'],
    ['IC-2.19', '/admin/Resources', 'resources'],
    ['IC-2.20', '/admin/resources/add-resource', 'resourceForm'],
    ['IC-2.21', '/admin/resources/r-1', 'resourceForm'],
    ['IC-2.22', '/wallet/users', 'walletUsers'],
    ['IC-2.23', '/wallet/admins', 'walletAdmins'],
    ['IC-2.24', '/products/list', 'products'],
    ['IC-2.25', '/products/new', 'productForm'],
    ['IC-2.26', '/products/p-1', 'productDetail'],
    ['IC-2.27', '/currencies/new', 'currencyForm'],
    ['IC-2.28', '/fees', 'fees'],
    ['IC-2.29', '/fees/new/p-1/c-1', 'feeForm'],
    ['IC-2.30', '/fees/f-1', 'feeDetail'],
    ['IC-2.31', '/forex', 'forex'],
    ['IC-2.32', '/remittances/users', 'remittanceUsers'],
    ['IC-2.33', '/remittances/users/u-1', 'remittanceUser'],
    ['IC-2.34', '/remittances/admins', 'remittanceAdmins'],
    ['IC-2.35', '/admins', 'admins'],
    ['IC-2.36', '/users', 'users'],
  ])('[%s] %s opens the %s screen', (_row, path, screen) => {
    expect(screenOf(path)).toBe(screen);
  });

  it('matches like React Router: case-insensitive, parameters need a segment, query ignored', () => {
    expect(matchesRoute('/dashboard', '/Dashboard')).toBe(true);
    expect(matchesRoute('/transactions/remittances/:filterstatus', '/transactions/remittances/256?x=1')).toBe(true);
    expect(matchesRoute('/fees/:id', '/fees/')).toBe(false);
    expect(matchesRoute('/fees/:id', '/fees/a/b')).toBe(false);
  });

  it('[UW-2.08] finds no screen for an unknown path', () => {
    expect(findScreenRoute('/no/such/page')).toBeUndefined();
    expect(findScreenRoute('/wallet')).toBeUndefined();
  });

  it('[RP-2.03] [RP-2.04] [RP-2.06] [RP-2.11] the pay-in and pay-out tables and the dashboard have their routes; the pay-out table takes no filterstatus (the spec shows none)', () => {
    expect(screenOf('/remittances/payin')).toBe('walletPayins');
    expect(screenOf('/remittances/payout')).toBe('walletPayouts');
    expect(screenOf('/remittances/dashboard')).toBe('payinDashboard');
    expect(screenOf('/transactions/remittances/128')).toBe('remittanceTransactions');
    expect(findScreenRoute('/remittances/payout/128')).toBeUndefined();
    expect(JSON.stringify(identityAdmin)).toContain('"label":"Main Dashboard","route":"/remittances/dashboard"');
  });
});
