import { describe, expect, it } from 'vitest';
import { evaluateRule, ruleContext } from '../config';
import { controlPanelRule } from './control-panel';
import { safeRedirect } from '../features/auth/redirect';
import { controlPanelTenant } from './HomePage';
import { landingAfterSwitch } from './TenantSelector';
import type { TenantChoice } from './tenant-switch';

const choice = (id: string, type: string): TenantChoice => ({ id, name: id, type, clientId: id, grantType: 'delegation', scope: 'x' });

describe('shell rules', () => {
  it('[UW-6.01] the Control Panel entry shows to the admin tenant outside admin pages only', () => {
    expect(evaluateRule(controlPanelRule, ruleContext({ isAdminTenant: true, path: '/wallet/users' }))).toBe(true);
    expect(evaluateRule(controlPanelRule, ruleContext({ isAdminTenant: true, path: '/admin/tenants' }))).toBe(false);
    expect(evaluateRule(controlPanelRule, ruleContext({ isAdminTenant: false, path: '/wallet/users' }))).toBe(false);
  });

  it('[IC-2.05] the Control Panel selects the first payin tenant, else the first tenant', () => {
    expect(controlPanelTenant([choice('teller', 'wallet'), choice('amal', 'payin')])?.id).toBe('amal');
    expect(controlPanelTenant([choice('teller', 'wallet'), choice('nt', 'payinpayoutservice')])?.id).toBe('nt');
    expect(controlPanelTenant([choice('teller', 'wallet'), choice('bunna', 'bunna')])?.id).toBe('teller');
  });

  it('[UW-4.58] after a switch to another tenant type the user goes to the first menu item', () => {
    expect(landingAfterSwitch('identity', choice('teller', 'wallet'), '/', 4)).toMatch(/^\//);
  });

  it('[UW-4.59] no move when the type is unchanged or the path is under /admin/', () => {
    expect(landingAfterSwitch('wallet', choice('teller', 'wallet'), '/wallet/users', 4)).toBeNull();
    expect(landingAfterSwitch('identity', choice('teller', 'wallet'), '/admin/tenants', 4)).toBeNull();
  });

  it('redirect targets stay inside the app', () => {
    expect(safeRedirect('/wallet/users?page=2')).toBe('/wallet/users?page=2');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
