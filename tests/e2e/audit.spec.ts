// The audit trail on screen, in Chromium against the real gateway: a status change shows in the user's History tab
// and on the Audit screen with its field-by-field diff; the Audit screen filters, expands and exports.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoLogins, expectAccessible, openScreen, signIn } from './support';

async function openMembers(page: Page): Promise<Locator> {
  await openScreen(page, '/wallet/users');
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table;
}

/** The first member with `status`, after the filter's request answered. */
async function firstRowWithStatus(page: Page, table: Locator, status: string): Promise<Locator> {
  const answered = page.waitForResponse((response) => /filter(%5B|\[)status/.test(response.url()));
  await table.getByRole('combobox', { name: 'Filter Status', exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await answered;
  const row = table.locator('tbody tr').first();
  await expect(row.getByText(status, { exact: true })).toBeVisible();
  return row;
}

test('a status change shows in the user’s History tab and on the Audit screen, with who, when, why and the diff', async ({ page }) => {
  const reason = `Audit e2e ${Date.now()}`;
  await signIn(page, demoLogins.partner);
  const table = await openMembers(page);
  const row = await firstRowWithStatus(page, table, 'Verified');
  const accountId = (await row.locator('td').nth(1).innerText()).trim();
  await row.click();
  const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
  await panel.getByRole('combobox', { name: 'Change Status', exact: true }).click();
  await page.getByRole('option', { name: 'On Hold', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^On Hold: / });
  await dialog.getByLabel('Reason notes').fill(reason);
  await dialog.getByRole('button', { name: 'Proceed Status Change!', exact: true }).click();
  await expect(panel.getByLabel('Status On Hold')).toBeVisible();

  // The History tab of the user: the row and its diff.
  await panel.getByRole('tab', { name: 'History', exact: true }).click();
  const history = panel.getByRole('table', { name: 'History', exact: true });
  const entry = history.getByRole('row').filter({ hasText: reason });
  await expect(entry).toContainText('Verified → On Hold');
  await expect(entry).toContainText(demoLogins.partner);
  const diff = history.getByRole('table', { name: /^Changes of / }).first();
  const statusName = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Status name/ }) });
  await expect(statusName).toContainText('Verified');
  await expect(statusName).toContainText('On Hold');
  await panel.getByRole('button', { name: 'Close', exact: true }).click();

  // The Audit screen from the menu: the same row, filtered by what and who, expanded to its diff.
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  const audit = page.getByRole('table', { name: 'Audit', exact: true });
  await expect(audit.getByRole('columnheader', { name: 'Tenant' })).toHaveCount(0);
  const filtered = page.waitForResponse((response) => response.url().includes('/api/v1/audit') && /filter(%5B|\[)action/.test(response.url()));
  await audit.getByRole('textbox', { name: 'Filter What', exact: true }).fill('account.status');
  await filtered;
  await audit.getByRole('textbox', { name: 'Filter Who', exact: true }).fill('partner@');
  const auditRow = audit.locator('tbody tr').filter({ hasText: reason });
  await expect(auditRow).toContainText('account.status');
  await expect(auditRow).toContainText(demoLogins.partner);
  await auditRow.getByRole('button', { name: /^Expand row/ }).click();
  const expanded = audit.getByRole('table', { name: /^Changes of account\.status account / });
  const changed = expanded.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Status name/ }) });
  await expect(changed).toContainText('Verified');
  await expect(changed).toContainText('On Hold');
  expect(page.url()).toContain('filter%5Baction%5D=account.status');
  await expectAccessible(page);

  // Export: the rows shown, as a spreadsheet, through the export worker.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Audit Trail.xlsx');
  expect(accountId).not.toBe('');
});

test('the admin tenant’s super admin reads every tenant’s rows, with the tenant column', async ({ page }) => {
  await signIn(page, demoLogins.super, { at: '/audit' });
  const audit = page.getByRole('table', { name: 'Audit', exact: true });
  await expect(audit.getByRole('columnheader', { name: 'Tenant' })).toBeVisible();
  await expect(audit.locator('tbody tr').first()).toBeVisible();
});
