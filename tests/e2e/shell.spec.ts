import { expect, test, type Page } from '@playwright/test';
import { demoLogins, expectAccessible, signIn } from './support';

async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
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
      // users-and-wallets §6: only the dssc claim sees the tenant selector
      await expect(page.getByRole('combobox', { name: 'Tenant' })).toHaveCount(who === 'super' ? 1 : 0);
    });
  }
});

test('[UW-6.01][UW-4.58] super@demo.test switches tenants and lands on the new menu', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await expect(page.getByRole('button', { name: 'Control Panel' }).first()).toBeVisible();
  const selector = page.getByRole('combobox', { name: 'Tenant' });
  await selector.click();
  await page.getByRole('option', { name: 'NACCUG' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/i);
  expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Members']));

  const tokenBefore = await page.evaluate(() => JSON.parse(localStorage.getItem('teller.tenant') ?? '{}').accessToken as string);
  expect(tokenBefore).toBeTruthy();

  await selector.click();
  await page.getByRole('option', { name: /amal/i }).click();
  await expect(page).toHaveURL(/\/remittances\/dashboard$/);
  expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Forex']));
  const tokenAfter = await page.evaluate(() => JSON.parse(localStorage.getItem('teller.tenant') ?? '{}').accessToken as string);
  expect(tokenAfter).not.toBe(tokenBefore);

  // [UW-4.56] a reload restores the session and the chosen tenant
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Tenant' })).toHaveValue(/amal/i);
});

test('[UW-4.59] a switch under /admin/ keeps the path', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await page.goto('/admin/tenants');
  await expect(page.getByText('Admin Control Panel')).toBeVisible();
  await page.getByRole('combobox', { name: 'Tenant' }).click();
  await page.getByRole('option', { name: 'NACCUG' }).click();
  await expect(page).toHaveURL(/\/admin\/tenants$/);
});

test('[UW-4.57] logout clears storage and goes to /login', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('a screen of a later area shows a placeholder naming it', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await page.goto('/admin/scopes');
  await expect(page.getByText(/Scope list will be shown here/)).toBeVisible();
});

test('the signed-in shell has no serious accessibility violation', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await expectAccessible(page);
  await page.goto('/admin/tenants');
  await expectAccessible(page);
});
