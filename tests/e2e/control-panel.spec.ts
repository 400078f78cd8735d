// The identity admin's Control Panel against the real gateway (identity-and-catalogue §2-§8): a tenant created here
// is at once a tenant the admin may switch into, and a scope goes round trip through its list and form.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoLogins, expectAccessible, latestMessage, openScreen, signIn, tabCallHeaders } from './support';

async function confirmSave(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
}

test('[IC-2.10] [IC-2.11] [IC-2.52] [IC-8.11] [IC-4.09] super@demo.test creates a tenant in the Control Panel, then switches into it', async ({ page }) => {
  const name = `Kombo Savings ${Date.now()}`;
  await signIn(page, demoLogins.super, { at: '/admin/tenants' });
  await expect(page.getByText('Admin Control Panel', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tenants' }).getByRole('cell', { name: 'naccug', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Tenant', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tenants\/create$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('A savings group made in the Control Panel');
  await page.getByRole('combobox', { name: 'Client Claims Prefix' }).fill('kombo_');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Client Id' })).toHaveValue(/^[A-Za-z0-9+/]{22}==$/);
  await page.getByRole('checkbox', { name: 'Partner Admin (4)' }).check();
  await page.getByRole('combobox', { name: 'Scopes' }).click();
  await page.getByRole('option', { name: 'wallet', exact: true }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await confirmSave(page);
  await expect(page.getByText('Tenant has successfully been created!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tenants$/);

  await page.getByRole('textbox', { name: 'Filter Name' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('kombo_', { exact: true })).toBeVisible();

  const selector = page.getByRole('combobox', { name: 'Tenant', exact: true });
  await selector.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(selector).toHaveValue(name);
  const chosen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('teller.tenant') ?? '{}') as { id?: string; name?: string; accessToken?: string });
  expect(chosen.name).toBe(name);
  // The cookie session switched: the tab names the tenant and holds no token of it (issue 28 item 4).
  expect(chosen.accessToken).toBeUndefined();
  const groups = await page.request.get('/api/v1/um/groups', { headers: await tabCallHeaders(page) });
  expect(groups.status()).toBe(200);
});

test('[IC-2.50] [IC-3.04] [IC-2.53] the tenant form in update mode keeps the client id read-only and copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demoLogins.super, { at: '/admin/tenants' });
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'naccug', exact: true }) });
  await row.getByRole('button', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tenants\/update\/naccug$/);
  const clientId = page.getByRole('textbox', { name: 'Client Id' });
  await expect(clientId).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Copy Client Id' }).click();
  await expect(page.getByText('Client Id copied!', { exact: true })).toBeVisible();
  await expect(page.getByText('Client Id copied!', { exact: true })).toBeHidden({ timeout: 5000 });
  await expectAccessible(page);
});

test('[IC-2.15] [IC-2.16] [IC-2.17] [IC-8.13] [IC-8.14] a scope round trip: create, find in the list, update', async ({ page }) => {
  const scopeName = `e2e.read.${Date.now()}`;
  await signIn(page, demoLogins.super, { at: '/admin/scopes' });
  await expect(page.getByRole('table', { name: 'Scopes' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Scope', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/scopes\/add-scope$/);
  await page.getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(scopeName);
  await page.getByRole('textbox', { name: 'Display Name' }).fill('Read in e2e');
  await expectAccessible(page);
  await confirmSave(page);
  await expect(page.getByText('Scope has successfully been created!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/scopes$/);

  await page.getByRole('textbox', { name: 'Filter Name' }).fill(scopeName);
  const row = page.getByRole('row').filter({ hasText: scopeName });
  await row.getByRole('button', { name: 'View Scope', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/scopes\/[^/]+\/[^/]+$/);
  const displayName = page.getByRole('textbox', { name: 'Display Name' });
  await expect(displayName).toHaveValue('Read in e2e');
  await displayName.fill('Read in e2e, renamed');
  await confirmSave(page);
  await expect(page.getByText('Scope has successfully been updated!', { exact: true })).toBeVisible();
});

test('[IC-6.04] users of another tenant cannot open the admin area', async ({ page }) => {
  await signIn(page, demoLogins.partner, { at: '/admin/tenants' });
  await expect(page.getByText('This area is only open to the admin tenant.', { exact: true })).toBeVisible();
});

test("[IC-5.04] [IC-4.09] [IC-2.73] a tenant made with the form's defaults is entered at once: its type's first menu item, its menu, its dashboard", async ({ page }) => {
  const name = `Defaults Savings ${Date.now()}`;
  await signIn(page, demoLogins.super, { at: '/admin/tenants/create' });
  // Only the required texts; no grant type, scope or claim ticked (IC-5.04), the type left at its default.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Made with the form as it opens');
  await page.getByRole('combobox', { name: 'Client Claims Prefix' }).fill('defaults_');
  await confirmSave(page);
  await expect(page.getByText('Tenant has successfully been created!', { exact: true })).toBeVisible();

  await openScreen(page, '/');
  const selector = page.getByRole('combobox', { name: 'Tenant', exact: true });
  await selector.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(selector).toHaveValue(name);
  await expect(page.getByText('An Error Occured!', { exact: true })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // IC-2.73 and IC-2.74: the wallet type's menu, not the admin tenant's.
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Transactions', exact: true })).toHaveAttribute('href', '/wallet/transactions');
  await expect(menu.getByRole('link', { name: 'Admin Users', exact: true })).toHaveAttribute('href', '/wallet/admins');
  await expect(menu.getByRole('link', { name: 'Tenants', exact: true })).toHaveCount(0);
  await expect(page.getByText(`Figures of ${name}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Figures of DSSC Admin', { exact: true })).toHaveCount(0);

  // A reload draws the same tenant: the gateway's drawn page and the app agree.
  await openScreen(page, '/dashboard');
  await expect(page.getByText(`Figures of ${name}`, { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin Users', exact: true })).toBeVisible();
});

test("[IC-5.04] [IC-2.73] a staff member of a tenant made with the form's defaults signs in to its type's first menu item and menu", async ({ page, request }) => {
  const stamp = Date.now().toString().slice(-8);
  const name = `Own Savings ${stamp}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const session = await request.post('/api/v1/id/token', {
    data: { data: { type: 'token', attributes: { username: demoLogins.super, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  const superToken = ((await session.json()) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
  const attributes = { clientName: name, description: 'Made with the form as it opens', clientClaimsPrefix: 'own_', type: 'wallet', grantTypes: [], scopes: [], claims: [] };
  const created = await request.put('/api/v1/id/tenant', { headers: bearer(superToken), data: { data: { type: 'Tenant', attributes } } });
  expect(created.status()).toBe(201);
  const tenant = ((await created.json()) as { data: { attributes: { clientId: string } } }).data.attributes;
  const switched = await request.post('/connect/token', { headers: bearer(superToken), form: { client_id: tenant.clientId, grant_type: 'delegation' } });
  expect(switched.ok()).toBe(true);
  const tenantToken = ((await switched.json()) as { access_token: string }).access_token;

  const email = `e2e.own.${stamp}@demo.test`;
  const since = new Date().toISOString();
  const person = { role: 4, firstname: 'Own', lastname: 'Staff', birthdate: '1990-01-01', email, gender: 'Female', nationality: 'Gambian', phonenumber: `220${stamp}` };
  const user = await request.post('/api/v1/um/user', { headers: bearer(tenantToken), data: { data: { type: 'User', attributes: person } } });
  expect(user.status()).toBe(201);
  const resetPasswordToken = ((await latestMessage(request, email, since)).link ?? '').split('/').pop() ?? '';
  const set = await request.patch('/api/v1/um/account', { data: { data: { type: 'Account', attributes: { password: DEMO_PASSWORD, resetPasswordToken } } } });
  expect(set.ok()).toBe(true);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Transactions', exact: true })).toHaveAttribute('href', '/wallet/transactions');
  await expect(page.getByText(`Figures of ${name}`, { exact: true })).toBeVisible();
  // A reload, drawn by the gateway, keeps the menu.
  await openScreen(page, '/dashboard');
  await expect(menu.getByRole('link', { name: 'Transactions', exact: true })).toBeVisible();
});

for (const path of ['/admin/dashboard', '/admin/transactions']) {
  test(`[IC-6.04] partner@demo.test typing ${path} gets the admin-only text, drawn by neither the gateway nor the app`, async ({ page }) => {
    await signIn(page, demoLogins.partner);
    // The gateway's drawn first screen of the address, with the tab's cookies.
    const drawn = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(drawn).toContain('This area is only open to the admin tenant.');
    expect(drawn).not.toContain('Figures of');
    expect(drawn).not.toContain('Admin Dashboard');
    await openScreen(page, path);
    await expect(page.getByText('This area is only open to the admin tenant.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByText(/^Figures of/)).toHaveCount(0);
  });
}

test("[IC-2.72] [IC-6.03] the 'Admin Control Panel' banner shows on Control Panel pages only, not on /", async ({ page }) => {
  await signIn(page, demoLogins.super);
  await expect(page.getByRole('main').getByRole('button', { name: 'Control Panel', exact: true })).toBeVisible();
  await expect(page.getByText('Admin Control Panel', { exact: true })).toHaveCount(0);
  await page.getByRole('main').getByRole('button', { name: 'Control Panel', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Admin Control Panel', { exact: true })).toBeVisible();
});
