import { expect, test, type Page } from '@playwright/test';
import { demoLogins, expectAccessible, openScreen, signIn, tabCallHeaders } from './support';

async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu', exact: true });
  await expect(menu.getByRole('link').first()).toBeVisible();
  return (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

// identity-and-catalogue §2 "Per-tenant menus", with the role-group rule (4 and 64: default; others: Admins).
const expectedMenus: Record<keyof typeof demoLogins, string[]> = {
  super: ['Main Dashboard', 'Dashboard', 'Tenants', 'Resources', 'Scopes', 'Transactions'],
  partner: ['Dashboard', 'Transactions', 'Admins', 'Members'],
  group: ['Dashboard', 'Transactions', 'Admins', 'Members'],
  officer: ['Dashboard', 'Transactions', 'Admins', 'Members'],
  payout: ['Dashboard', 'Transactions', 'Admins', 'Users', 'Forex'],
  payin: ['Dashboard', 'Transactions', 'Admins', 'Users', 'Forex'],
};

test.describe('each demo login gets its tenant type menu', () => {
  for (const [who, email] of Object.entries(demoLogins) as [keyof typeof demoLogins, string][]) {
    test(`[UW-1.04][UW-6.01][UW-6.02] ${email} sees the ${who} menu`, async ({ page }) => {
      await signIn(page, email);
      const labels = await menuLabels(page);
      for (const label of expectedMenus[who]) expect(labels).toContain(label);
      // users-and-wallets §6: only the admin tenant sees the tenant selector
      await expect(page.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveCount(who === 'super' ? 1 : 0);
    });
  }
});

test('[UW-6.01][UW-4.58] super@demo.test switches tenants and lands on the new menu', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await expect(page.getByRole('button', { name: 'Control Panel', exact: true }).first()).toBeVisible();
  const selector = page.getByRole('combobox', { name: 'Tenant', exact: true });
  await selector.click();
  await page.getByRole('option', { name: 'NACCUG', exact: true }).click();
  await expect(page).toHaveURL(/\/Dashboard$/i);
  expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Members']));

  // The tab acts in the tenant it names (the cookie session holds no tenant token, issue 28 item 4).
  expect((await tabCallHeaders(page))['x-teller-tenant']).toBe('naccug');

  await selector.click();
  await page.getByRole('option', { name: /amal/i }).click();
  await expect(page).toHaveURL(/\/remittances\/dashboard$/);
  expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Forex']));
  expect((await tabCallHeaders(page))['x-teller-tenant']).toBe('amal');

  // [UW-4.56] a reload restores the session and the chosen tenant
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveValue(/amal/i);
});

test('[UW-4.59] a switch under /admin/ keeps the path', async ({ page }) => {
  await signIn(page, demoLogins.super, { at: '/admin/tenants' });
  await expect(page.getByText('Admin Control Panel', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
  await page.getByRole('option', { name: 'NACCUG', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tenants$/);
});

test('[UW-4.57] logout ends the session on the gateway, clears storage and goes to /login', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  // The session cookie the browser held and the tab's CSRF token, sent again after the logout as they were.
  const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'teller_session');
  expect(sessionCookie?.httpOnly).toBe(true);
  const held = { ...(await tabCallHeaders(page)), cookie: `teller_session=${sessionCookie?.value ?? ''}` };
  const read = () => page.request.get('/api/v1/um/roles', { headers: held });
  expect((await read()).status()).toBe(200);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  // The session the browser held no longer works anywhere (regression: Logout only cleared the browser's copy).
  expect((await read()).status()).toBe(401);
});

test('the signed-in shell has no serious accessibility violation', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await expectAccessible(page);
  await openScreen(page, '/admin/tenants');
  await expectAccessible(page);
});

test('[UW-1.04] the logo link is named by the words it shows; axe finds nothing serious with the tenant list and the account menu open', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  const banner = page.getByRole('banner');
  const brand = (await banner.getByRole('link').first().innerText()).trim();
  expect(brand).toBe('Teller Wallet');
  await expect(banner.getByRole('link', { name: `${brand} home`, exact: true })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  // Logout sends the page to /login itself; a navigation of the test's own would race it.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demoLogins.super);
  await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page);
});

test.describe('tenant switch failures (users-and-wallets §8)', () => {
  const NO_RESPONSE_TEXT = 'There was an error loggin in the client.  Please Try Again later.';
  // allTextContents keeps the spec's double spaces, which text matchers would collapse.
  const toasts = (page: Page) => page.getByRole('alert').allTextContents();

  async function switchToNaccug(page: Page) {
    await signIn(page, demoLogins.super);
    await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
    await page.getByRole('option', { name: 'NACCUG', exact: true }).click();
  }

  test('[UW-8.07] a switch with no server response shows the client-login text', async ({ page }) => {
    await page.route('**/connect/token', (route) => route.abort('connectionrefused'));
    await switchToNaccug(page);
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining(NO_RESPONSE_TEXT));
    expect(await page.evaluate(() => sessionStorage.getItem('teller.tenant'))).toBeNull();
  });

  test('[UW-8.09] a switch the server refuses shows the message of its errors object', async ({ page }) => {
    await page.route('**/connect/token', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ status: '403', title: 'Forbidden', detail: 'This client is disabled.' }] }),
      }),
    );
    await switchToNaccug(page);
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('This client is disabled.'));
  });

  test('[UW-8.08] a channel load with no response shows the same text; the switch stands', async ({ page }) => {
    await page.route('**/api/v1/channel', (route) => route.abort('connectionrefused'));
    await switchToNaccug(page);
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining(NO_RESPONSE_TEXT));
    await expect(page).toHaveURL(/\/Dashboard$/i);
    await expect(page.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveValue('NACCUG');
  });
});

test('[UW-3.17][UW-3.18] a switch into NACCUG loads its reference lists with the NACCUG token', async ({ page }) => {
  await signIn(page, demoLogins.super);
  const lists = ['/api/v1/um/roles', '/api/v1/um/groups', '/api/v1/um/status', '/api/v1/um/countries', '/api/v1/tx/transactiontypes'];
  const requests = lists.map((path) => page.waitForRequest((request) => new URL(request.url()).pathname === path));
  await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
  await page.getByRole('option', { name: 'NACCUG', exact: true }).click();
  const seen = await Promise.all(requests);
  for (const request of seen) {
    expect(await request.headerValue('x-teller-tenant')).toBe('naccug');
    expect(await request.headerValue('authorization')).toBeNull();
  }
});
