// Keyboard-first work in Chromium against the real gateway, without a mouse: the command palette (Ctrl+K) to a menu
// item, to a user found by phone and by e-mail, to a transaction found by reference; a table's rows by arrow keys
// and Enter; the shortcuts behind `?`. axe scans each.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoLogins, expectAccessible, expectHydrated, openLogin, openScreen, readAsTheTab } from './support';

type UserDocument = { data: Array<{ id: string; attributes: { fullname: string }; relationships?: Record<string, { data: { id: string; type: string } | null }> }>; included?: Array<{ type: string; id: string; attributes: { value?: string } }> };
type TransactionDocument = { data: Array<{ attributes: { referenceNumber: string; receiverName: string } }> };

async function signInByKeyboard(page: Page, email: string) {
  await openLogin(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

async function openPalette(page: Page) {
  await expectHydrated(page);
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search pages, users and transactions' });
  await expect(search).toBeFocused();
  return search;
}

/** A user of the Members list with both a phone number and an e-mail, read from the gateway as the list reads it
 * (the page itself comes drawn with its first page: the browser does not ask for it). */
async function memberWithContacts(page: Page): Promise<{ id: string; name: string; phone: string; email: string }> {
  await openScreen(page, '/wallet/users');
  const body = await readAsTheTab<UserDocument>(page, '/api/v1/um/user?filter[account.roles]=256&include=account,phonenumber,email&page[size]=10&sort=-created');
  const value = (type: string, id: string | undefined) => body.included?.find((item) => item.type === type && item.id === id)?.attributes.value;
  for (const user of body.data) {
    const phone = value('phonenumber', user.relationships?.phonenumber?.data?.id);
    const email = value('email', user.relationships?.email?.data?.id);
    if (phone && email) return { id: user.id, name: user.attributes.fullname, phone, email };
  }
  throw new Error('no member with a phone number and an e-mail');
}

test('Ctrl+K jumps to a menu item of the tenant, by keyboard only', async ({ page }) => {
  await signInByKeyboard(page, demoLogins.partner);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const search = await openPalette(page);
  await search.fill('admins');
  await expect(page.getByRole('button', { name: /^Admins/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Enter opens Admins' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wallet\/admins$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();
  // The palette offers only the menu the role sees: the Audit item is role 4's (schemas/menus/every-menu.json).
  const again = await openPalette(page);
  await again.fill('audit');
  await expect(page.getByRole('button', { name: /^Audit/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
});

test('the palette hides the menu items the role may not see', async ({ page }) => {
  await signInByKeyboard(page, demoLogins.officer);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const search = await openPalette(page);
  await search.fill('audit');
  await expect(page.getByText('Nothing found', { exact: true })).toBeVisible();
});

test('Ctrl+K finds a user by phone and by e-mail and opens the User Information panel', async ({ page }) => {
  await signInByKeyboard(page, demoLogins.partner);
  const member = await memberWithContacts(page);
  await expect(page.getByRole('table', { name: 'Members' }).locator('tbody tr').first()).toBeVisible();
  for (const text of [member.phone, member.email.toUpperCase()]) {
    await openScreen(page, '/Dashboard');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    const search = await openPalette(page);
    await search.fill(text);
    const found = page.getByRole('button', { name: new RegExp(`^${member.name}`) });
    await expect(found).toBeVisible();
    // The first result is selected: the menu has no item matching a phone number or an e-mail.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/wallet/users\\?user=${member.id}$`));
    const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
    await expect(panel.getByText(member.name).first()).toBeVisible();
  }
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/wallet\/users$/);
});

test('Ctrl+K finds a transaction by reference and opens its details', async ({ page }) => {
  await signInByKeyboard(page, demoLogins.partner);
  await openScreen(page, '/wallet/transactions?startDate=2000-01-01&endDate=2099-12-31');
  const body = await readAsTheTab<TransactionDocument>(page, '/api/v1/wallet-transactions?filter[startDate]=2000-01-01&filter[endDate]=2099-12-31&page[size]=10&sort=-created');
  const transaction = body.data[0]?.attributes;
  if (!transaction) throw new Error('the demo world has no wallet transaction on teller');
  await openScreen(page, '/Dashboard');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const search = await openPalette(page);
  await search.fill(transaction.referenceNumber.toLowerCase());
  await expect(page.getByRole('button', { name: new RegExp(`^${transaction.referenceNumber}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/wallet/transactions\\?transaction=${encodeURIComponent(transaction.referenceNumber)}$`));
  const panel = page.getByRole('dialog', { name: 'Transaction details', exact: true });
  await expect(panel.getByText(transaction.referenceNumber, { exact: true })).toBeVisible();
  await expect(panel.getByText(transaction.receiverName, { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a table by keyboard: Tab to the rows, arrows and End move the focus, the live region names the row, Enter opens it', async ({ page }) => {
  await signInByKeyboard(page, demoLogins.partner);
  await openScreen(page, '/wallet/users');
  const table = page.getByRole('table', { name: 'Members' });
  const rows = table.locator('tbody tr[aria-rowindex]');
  await expect(rows.first()).toBeVisible();
  await rows.first().focus();
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await expect(rows.nth(1)).toHaveAttribute('tabindex', '0');
  await expect(rows.first()).toHaveAttribute('tabindex', '-1');
  const announced = page.getByRole('status', { name: 'Focused row of Members' });
  await expect(announced).toContainText(/^Row 2 of \d+: 2,/);
  await page.keyboard.press('End');
  const count = await rows.count();
  await expect(rows.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Shift+Tab leaves the table and Tab comes back to the row that held the focus.
  await page.keyboard.press('Shift+Tab');
  await expect(rows.nth(1)).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows.nth(1)).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
  await expect(panel.getByRole('tab', { name: 'User Details', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/wallet\/users\?user=\d+$/);
});

test('? lists the shortcuts in a dialog that holds the focus and closes on Escape; typing ? in a field does not open it', async ({ page }) => {
  await signInByKeyboard(page, demoLogins.partner);
  await openScreen(page, '/wallet/users');
  const filter = page.getByRole('textbox', { name: /^Filter Email/ });
  await filter.focus();
  await page.keyboard.type('?');
  await expect(filter).toHaveValue('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await filter.fill('');
  await filter.blur();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Open the command palette/ })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Open the focused row/ })).toBeVisible();
  const focusedInside = await dialog.evaluate((element) => element.contains(document.activeElement));
  expect(focusedInside).toBe(true);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
