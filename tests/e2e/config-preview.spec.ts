// Config health and preview in Chromium against the real gateway: the admin tenant's top admin opens Config from the
// Control Panel, reads the checker's verdict on every file, and previews a tenant's menu as a role, a table with demo
// rows and a form live with its validation.
import { expect, test } from '@playwright/test';
import { demoLogins, expectAccessible, expectHydrated, signIn, tabCallHeaders } from './support';

test("the admin tenant's top admin sees every config file's verdict and previews a tenant as a role", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await signIn(page, demoLogins.super, { at: '/admin/tenants' });
  await page.getByRole('navigation', { name: 'Main menu', exact: true }).getByRole('link', { name: 'Config', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/config/);
  await expect(page.getByRole('heading', { level: 1, name: 'Config' })).toBeVisible();

  // Health: the gateway's verdict on every file, each ok.
  const files = page.getByRole('table', { name: 'Config files and their verdicts' });
  const users = files.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'schemas/tables/users.json', exact: true }) });
  await expect(users).toContainText('table');
  await expect(users).toContainText('ok');
  await expect(files.getByRole('rowheader', { name: 'tenants/naccug.json', exact: true })).toBeVisible();
  await expect(files.getByRole('rowheader', { name: 'schemas/meta/form.schema.json', exact: true })).toBeVisible();
  await expect(page.getByText(/^All \d+ files are ok\.$/)).toBeVisible();
  await page.getByRole('switch', { name: 'Only files with problems' }).check();
  await expect(files.locator('tbody tr')).toHaveCount(0);
  await expectAccessible(page);

  // Preview: naccug as a field officer (role 64).
  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
  await page.getByRole('combobox', { name: 'As tenant', exact: true }).click();
  await page.getByRole('option', { name: /\(naccug\)$/ }).click();
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Lower admin (64)', exact: true }).click();
  const menu = page.getByRole('navigation', { name: /^Menu of .* as role 64$/ });
  await expect(menu.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Audit', exact: true })).toHaveCount(0);
  // Following a preview entry stays in the preview.
  await menu.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/config\?/);

  // As the top admin, the same tenant's menu gains Audit.
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Top admin (4)', exact: true }).click();
  await expect(page.getByRole('navigation', { name: /^Menu of .* as role 4$/ }).getByRole('link', { name: 'Audit', exact: true })).toBeVisible();

  // A table file with demo rows made from its column types, relabelled as the tenant has it.
  await page.getByRole('combobox', { name: 'Table file', exact: true }).click();
  await page.getByRole('option', { name: 'schemas/tables/users.json', exact: true }).click();
  const table = page.getByRole('table', { name: 'Members', exact: true });
  await expect(table.getByRole('columnheader', { name: /Account Id/ })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tbody tr').first()).toContainText('Account Id 1');
  await expect(table.locator('tbody tr').first()).toContainText('@demo.test');

  // A form, live with its validation: an empty required field shows its message.
  await page.getByRole('combobox', { name: 'Form file', exact: true }).click();
  await page.getByRole('option', { name: 'schemas/forms/product.json', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invalid Title', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill('Savings');
  await expect(page.getByText('Invalid Title', { exact: true })).toHaveCount(0);

  // The choice is in the address: a reload (as a saved config file causes in development) shows the same preview.
  expect(page.url()).toMatch(/tenant=naccug/);
  await page.reload();
  await expectHydrated(page);
  await expect(page.getByRole('table', { name: 'Members', exact: true }).locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test('staff of another tenant get no Config page: the gateway refuses them', async ({ page }) => {
  await signIn(page, demoLogins.partner, { at: '/admin/config' });
  // IC-6.04: the admin area is closed to every other tenant by one route rule, before the Config screen's own check.
  await expect(page.getByText('This area is only open to the admin tenant.')).toBeVisible();
  // As the tab itself calls: its cookie session and CSRF token.
  const headers = await tabCallHeaders(page);
  const answer = await page.evaluate(async (headers) => {
    const response = await fetch('/api/v1/config/health', { headers });
    return { status: response.status, body: (await response.json()) as { errors: Array<{ code?: string }> } };
  }, headers);
  expect(answer.status).toBe(403);
  expect(answer.body.errors[0]?.code).toBe('not_admin_tenant');
});
