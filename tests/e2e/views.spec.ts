// Saved table views in Chromium against the real gateway: a view with reordered columns and a filter opens the same
// from its address in a new page; a view shared with a role is seen by another staff member of it, never by another
// tenant; a tenant default stored with a value the list refuses opens the list with a notice, not an error; and the
// users table fits 1,280 px with its default view.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { demoLogins, expectAccessible, signIn } from './support';

/** The Members table on the screen the page shows, once its first rows have drawn. */
async function membersShown(page: Page): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table;
}

/** Header texts without the sort arrows. */
async function columnHeaders(table: Locator): Promise<string[]> {
  const texts = await table.locator('thead tr').first().getByRole('columnheader').allInnerTexts();
  return texts.map((text) => text.replace(/[▲▼↕]/g, '').trim());
}

async function viewNames(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Views/ }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  // An item's first line is its name; a badge (Role 16, Default) may follow.
  const names = (await items.allInnerTexts()).map((text) => (text.split('\n')[0] ?? '').trim());
  await page.keyboard.press('Escape');
  return names;
}

test('a saved view keeps reordered columns and a filter; its address opens the same in a new page; the role sees it, another tenant does not', async ({ page, browser }) => {
  const name = `Officer view ${Date.now()}`;
  await signIn(page, demoLogins.officer, { at: '/wallet/users' });
  const table = await membersShown(page);

  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const chooser = page.getByRole('group', { name: 'Columns' });
  // Unticked, a column moves below the shown ones.
  await chooser.getByRole('checkbox', { name: 'Groups', exact: true }).click();
  await expect(chooser.getByRole('checkbox', { name: 'Groups', exact: true })).not.toBeChecked();
  await chooser.getByRole('button', { name: 'Move Status up', exact: true }).click();
  await chooser.getByRole('button', { name: 'Move Status up', exact: true }).click();
  await page.keyboard.press('Escape');
  const answered = page.waitForResponse((response) => /filter(%5B|\[)status/.test(response.url()));
  await table.getByRole('combobox', { name: 'Filter Status', exact: true }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await answered;
  const headers = await columnHeaders(table);
  expect(headers).not.toContain('Groups');
  expect(headers.indexOf('Status')).toBeLessThan(headers.indexOf('Created'));

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: /View name/ }).fill(name);
  await dialog.getByRole('radio', { name: 'Everyone with a role' }).check();
  await expectAccessible(page);
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Group admins (16)' }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: `Views: ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/view=\d+/);
  const link = page.url();

  // The link in a new page (its own sign-in: a session belongs to its tab) opens exactly what was saved.
  const second = await page.context().newPage();
  await signIn(second, demoLogins.officer, { at: link });
  const again = second.getByRole('table', { name: 'Members' });
  await expect(again.locator('tbody tr').first()).toBeVisible();
  expect(await columnHeaders(again)).toEqual(headers);
  await expect(again.getByRole('combobox', { name: 'Filter Status', exact: true })).toHaveValue('Active');
  await expect(second.getByRole('button', { name: `Views: ${name}` })).toBeVisible();
  await second.close();

  // Another staff member of the role (the group admin of the same tenant) sees the shared view and opens it.
  const groupContext = await browser.newContext();
  const group = await groupContext.newPage();
  await signIn(group, demoLogins.group, { at: '/wallet/users' });
  const groupTable = await membersShown(group);
  expect(await viewNames(group)).toContain(name);
  await group.getByRole('button', { name: /^Views/ }).click();
  await group.getByRole('menuitem', { name }).click();
  await expect(groupTable.getByRole('combobox', { name: 'Filter Status', exact: true })).toHaveValue('Active');
  expect(await columnHeaders(groupTable)).toEqual(headers);
  await groupContext.close();

  // Another tenant's top admin never sees it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, demoLogins.partner, { at: '/wallet/users' });
  await membersShown(other);
  expect(await viewNames(other)).not.toContain(name);
  await otherContext.close();
});

test('the users table fits 1,280 px without scrolling sideways with its default view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, demoLogins.partner, { at: '/wallet/users' });
  const table = await membersShown(page);
  const scroller = table.locator('xpath=..');
  const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

/** The e2e gateway's SQLite database (tests/e2e/start-gateway.ts says where), to store what no request may. */
function e2eDatabase(): Database.Database {
  const dataDir = readFileSync(join(tmpdir(), `teller-e2e-${process.env.E2E_PORT ?? '8191'}.datadir`), 'utf8');
  return new Database(join(dataDir, 'teller.db'));
}

test('a tenant default view stored with a filter value the list refuses opens the Members list with a notice naming it, and the rows', async ({ page }) => {
  // Stored before saving was checked: the list refuses status "0" (the contract's StatusName).
  const db = e2eDatabase();
  const owner = db.prepare('select id from users where email = ?').get(demoLogins.partner) as { id: number };
  const at = new Date().toISOString();
  const { lastInsertRowid } = db
    .prepare('insert into table_views (tenant_id, owner_user_id, table_id, name, scope, role, is_default, state_json, created, updated) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run('teller', owner.id, 'users', 'Zero status default', 'tenant', null, 1, JSON.stringify({ columns: null, filters: { status: '0' }, sort: '-created', pageSize: 10 }), at, at);
  try {
    await signIn(page, demoLogins.partner, { at: '/wallet/users' });
    const table = await membersShown(page);
    const notice = page.getByRole('status', { name: 'Part of this view was left out' });
    await expect(notice).toContainText('“Zero status default” no longer fits this list, so it opened without the Status filter “0”.');
    await expect(page.getByRole('button', { name: 'Views: Zero status default' })).toBeVisible();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.getByRole('combobox', { name: 'Filter Status', exact: true })).toHaveValue('');
    await expectAccessible(page);
  } finally {
    db.prepare('delete from table_views where id = ?').run(lastInsertRowid);
    db.close();
  }
});
