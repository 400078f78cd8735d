// The dashboards against the demo world (identity-and-catalogue §2 admin dashboard, the wallet tenants' /dashboard):
// figures from the gateway, the Weekly / Monthly toggle, the chart and its table, and a click on a widget or a bar
// opening the list it totals, with axe.
import { expect, test, type Page } from '@playwright/test';
import { demoLogins, expectAccessible, openScreen, signIn } from './support';

const DAY_LABEL = /^\d{2}-[A-Z][a-z]{2}-\d{4}$/;
const MONTH_LABEL = /^[A-Z][a-z]{2}-\d{4}$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

async function periodRows(page: Page) {
  const table = page.getByRole('table', { name: 'Transactions' });
  if (!(await table.isVisible())) await page.getByRole('button', { name: 'Show data table' }).click();
  await expect(table).toBeVisible();
  return table.getByRole('row').filter({ has: page.getByRole('cell') });
}

test('[IC-2.06] [IC-2.37] [IC-2.38] [IC-2.39] [IC-2.40] [IC-2.41] [IC-2.42] [IC-2.43] [IC-2.44] partner@demo.test lands on the wallet dashboard: widgets, totals, the chart and both timeframes', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const widgets = page.getByRole('list', { name: 'Widgets' }).getByRole('listitem');
  await expect(widgets.first()).toContainText(/^[\d,]+\.\d{2}Users/);

  await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  const totals = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
  await expect(totals).toHaveText([/^P2PGMD [\d,]+\.\d{2}$/, /^Top UpGMD [\d,]+\.\d{2}$/, /^DisbursementGMD [\d,]+\.\d{2}$/, /^Cash-OutGMD [\d,]+\.\d{2}$/]);
  await expect(page.getByText(/^GMD, \d{2}-[A-Z][a-z]{2}-\d{4} - \d{2}-[A-Z][a-z]{2}-\d{4}$/)).toBeVisible();

  const figure = page.getByRole('figure', { name: 'Transactions' });
  const chart = figure.locator('.recharts-wrapper');
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.height).toBe(300);
  await expect(figure.locator('.recharts-yAxis')).toHaveCount(2);
  await expect(figure.locator('.recharts-bar')).toHaveCount(1);
  await expect(figure.locator('.recharts-line')).toHaveCount(4);
  // Keyboard reachable: the chart takes focus (its arrows move the tooltip), the data table's button follows it.
  await expect(figure.locator('.recharts-wrapper[tabindex="0"], .recharts-wrapper [tabindex="0"]').first()).toBeVisible();

  const weekly = await periodRows(page);
  await expect(weekly).toHaveCount(7);
  for (const label of await weekly.locator('td:first-child').allInnerTexts()) expect(label.trim()).toMatch(DAY_LABEL);
  await expectAccessible(page);

  await page.getByText('Monthly', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  const monthly = await periodRows(page);
  await expect(monthly).toHaveCount(12);
  for (const label of await monthly.locator('td:first-child').allInnerTexts()) expect(label.trim()).toMatch(MONTH_LABEL);
});

test('[IC-2.37] a widget opens the list it totals, filtered as counted', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  const verified = page.getByRole('list', { name: 'Widgets' }).getByRole('link', { name: /Verified/ });
  const value = ((await verified.locator('p').first().innerText()).replace(/[,.]00$/, '').replace(/,/g, ''));
  await verified.click();
  await expect(page).toHaveURL(/\/wallet\/users\?filter%5Bstatus%5D=Verified$/);
  await expect(page.getByText(new RegExp(`^Showing 1 to \\d+ of ${value}$`))).toBeVisible();
});

test('[IC-2.42] a bar opens the wallet transactions it counts', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  const rows = await periodRows(page);
  // The table is drawn before the figures arrive: read it once a period shows a count.
  await expect(rows.locator('td:nth-child(2)').filter({ hasNotText: /^0$/ }).first()).toBeVisible();
  const counts = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((text) => Number(text));
  const labels = (await rows.locator('td:first-child').allInnerTexts()).map((text) => text.trim());
  const index = counts.findIndex((count) => count > 0);
  expect(index).toBeGreaterThanOrEqual(0);
  // Bars are drawn for the periods with a count, in order.
  const bar = page.getByRole('figure', { name: 'Transactions' }).locator('.recharts-bar-rectangle path').first();
  await bar.click();
  await expect(page).toHaveURL(/\/wallet\/transactions\?startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}&filter%5Bstatus%5D=COMPLETED&filter%5Bcurrency%5D=GMD$/);
  await expect(page.getByText(new RegExp(`^Showing 1 to \\d+ of ${counts[index]}$`))).toBeVisible();
  const [day, month, year] = (labels[index] ?? '').split('-');
  const iso = `${year}-${String(MONTHS.indexOf(month ?? '') + 1).padStart(2, '0')}-${day}`;
  expect(new URL(page.url()).searchParams.get('startDate')).toBe(iso);
  expect(new URL(page.url()).searchParams.get('endDate')).toBe(iso);
});

test('[IC-2.08] [IC-2.09] [IC-2.04] super@demo.test: the Control Panel opens the admin dashboard; a switch into NACCUG shows its figures', async ({ page }) => {
  await signIn(page, demoLogins.super);
  await page.getByRole('main').getByRole('button', { name: 'Control Panel', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Admin Control Panel', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Tenant', exact: true }).click();
  await page.getByRole('option', { name: 'NACCUG', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Figures of NACCUG', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Widgets' }).getByRole('listitem').first()).not.toContainText(/^0\.00Users/);
  await expectAccessible(page);
  await openScreen(page, '/admin/transactions');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});
