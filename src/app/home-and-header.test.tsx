// The home page and the header (identity-and-catalogue §2 "/" and the theme switch, §6 the Control Panel entries),
// drawn by the signed-in app.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../api/test-support/fake-gateway';
import { sessionStore } from '../api/session';
import { config, getTenant } from '../config';
import { renderApp } from './test-support';
import { DARK_THEME, MAIN_THEME, initTheme, setTheme } from './theme';


function signIn(who: 'super' | 'partner', selected?: string): void {
  const [tenantId, claim] = who === 'super' ? ['dssc', 'dssc'] : ['teller', 'teller'];
  sessionStore.signIn({ userId: '1', email: `${who}@demo.test`, accessToken: 'session-token', roles: [4], tenantId, claim, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
  const tenant = selected ? getTenant(selected) : undefined;
  if (tenant) sessionStore.selectTenant({ id: tenant.id, name: tenant.name, type: tenant.type, accessToken: `${tenant.id}-token` });
}

const choice = (id: string) => {
  const tenant = getTenant(id);
  if (!tenant) throw new Error(`no tenant ${id}`);
  return { type: 'tenantselection', id, attributes: { name: tenant.name, type: tenant.type, clientId: tenant.clientId, grantType: tenant.grantType, scope: tenant.scope } };
};

let gateway: FakeGateway;
beforeEach(() => {
  localStorage.clear();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/id/tenant/tenantselections', () => ({ body: { data: ['teller', 'bunna', 'amal', 'nationtransfer'].map(choice) } }))
    .on('POST', '/connect/token', () => ({ body: { access_token: 'switched-token', token_type: 'Bearer', expires_in: 3600 } }));
  fetchProxy.handle = gateway.handle;
});
afterEach(() => act(() => notifications.clean()));

const header = () => screen.getByRole('banner');

describe('home (identity-and-catalogue §2 "/")', () => {
  it('[IC-2.02] [IC-6.01] sends a user outside the admin tenant to the first item of their menu, with no Control Panel button', async () => {
    signIn('partner');
    expect(await renderApp('/')).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Control Panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Control Panel' })).not.toBeInTheDocument();
  });

  it('[IC-5.04] [IC-2.02] sends a staff member of a wallet tenant made on the Control Panel (no tenant file) to the first item of the wallet menu', async () => {
    sessionStore.signIn({ userId: '7', email: 'awa@kombo.test', accessToken: 'session-token', roles: [4], tenantId: 'kombo-savings', tenantName: 'Kombo Savings', tenantType: 'wallet', claim: null, adminTenant: false, expiresAt: Date.now() + 3_600_000 });
    expect(await renderApp('/')).toEqual([]);
    // IC-2.73: the wallet type menu, first item Dashboard.
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('[IC-2.03] [IC-2.04] [IC-2.05] shows the admin tenant\'s user a logo and the Control Panel button, which switches into the first payin tenant and opens /admin/dashboard', async () => {
    const user = userEvent.setup();
    signIn('super');
    await renderApp('/');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('img', { name: 'DSSC Admin logo' })).toBeVisible();
    await user.click(await within(main).findByRole('button', { name: 'Control Panel' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    expect(screen.getByText('Admin Control Panel')).toBeVisible();
    // teller (wallet) and bunna come first in the list; amal is the first whose type contains payin.
    expect(new URLSearchParams(await gateway.callsTo('POST', '/connect/token')[0]?.request.text()).get('client_id')).toBe('amal-client');
    expect(sessionStore.get().tenant?.id).toBe('amal');
  });
});

describe('the header', () => {
  it('[IC-6.02] [IC-6.03] has the Control Panel entry for the admin tenant\'s users outside admin pages only', async () => {
    signIn('super', 'naccug');
    await renderApp('/Dashboard');
    expect(within(header()).getByRole('link', { name: 'Control Panel' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('[IC-6.03] hides the Control Panel entry on admin pages', async () => {
    signIn('super', 'naccug');
    await renderApp('/admin/tenants');
    expect(screen.getByText('Admin Control Panel')).toBeVisible();
    expect(within(header()).queryByRole('link', { name: 'Control Panel' })).not.toBeInTheDocument();
  });

  it('[IC-2.72] [IC-6.03] shows no \'Admin Control Panel\' banner on /, which is not a Control Panel page', async () => {
    signIn('super');
    await renderApp('/');
    expect(await within(screen.getByRole('main')).findByRole('button', { name: 'Control Panel' })).toBeVisible();
    expect(screen.queryByText('Admin Control Panel')).not.toBeInTheDocument();
  });

  it.each(['/admin/dashboard', '/admin/transactions', '/admin/tenants', '/admin/Resources', '/admin/scopes/add-scope', '/admin/config'])(
    '[IC-6.04] closes %s, typed by a user of another tenant, with the admin-only text and draws none of it',
    async (path) => {
      signIn('partner');
      await renderApp(path);
      expect(await screen.findByText('This area is only open to the admin tenant.')).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
      expect(screen.queryByText(/^Figures of/)).not.toBeInTheDocument();
      expect(gateway.calls.filter((call) => call.method === 'GET' && /^\/api\/v1\/(um\/statistics|wt\/statistics|payin\/dashboard|id\/)/.test(call.path))).toEqual([]);
    },
  );

  it('[IC-6.02] shows no Control Panel entry to another tenant\'s users', async () => {
    signIn('partner');
    await renderApp('/Dashboard');
    expect(within(header()).queryByRole('link', { name: 'Control Panel' })).not.toBeInTheDocument();
  });

  it('[IC-2.88] switches the theme, kept in the cookie named theme; the default theme is named after the main tenant', async () => {
    const user = userEvent.setup();
    expect(MAIN_THEME).toBe(config.tenants.find((tenant) => tenant.main)?.id);
    act(() => setTheme(MAIN_THEME));
    document.cookie = 'theme=; path=/; max-age=0';
    initTheme();
    expect(document.cookie).toContain(`theme=${MAIN_THEME}`);

    signIn('partner');
    await renderApp('/Dashboard');
    await user.click(within(header()).getByRole('button', { name: 'Switch to the dark theme' }));
    expect(document.cookie).toContain(`theme=${DARK_THEME}`);
    await user.click(within(header()).getByRole('button', { name: 'Switch to the light theme' }));
    expect(document.cookie).toContain(`theme=${MAIN_THEME}`);
  });
});
