// Sessions a person can see and end (issue 28 item 3), against the real gateway: one person signed in in two browsers
// sees both sessions in the profile's Sessions tab, ends the other one, and the other browser is signed out on its
// next call; "Sign out all others" asks first and ends the rest; a top admin ends a staff member's sessions.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHECKER_LOGIN, demoLogins, expectAccessible, openScreen, signIn } from './support';

async function signedInElsewhere(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

async function openSessionsTab(page: Page) {
  await openScreen(page, '/user/profile');
  await page.getByRole('tab', { name: 'Sessions', exact: true }).click();
  return page.getByRole('table', { name: 'Sessions', exact: true });
}

/**
 * The tests count one person's sessions, so they sign in as a login no other test file uses, and first end what
 * earlier tests of this file left live (a closed browser's session lives on until it expires).
 */
const OWN_LOGIN = 'branch@demo.test';

async function signedInAlone(page: Page) {
  await signIn(page, OWN_LOGIN);
  const sessions = await openSessionsTab(page);
  await expect(sessions.locator('tbody tr').first()).toBeVisible();
  const endOthers = page.getByRole('button', { name: 'Sign out all others', exact: true });
  if (await endOthers.isEnabled()) {
    await endOthers.click();
    await page.getByRole('dialog', { name: 'Sign out all others' }).getByRole('button', { name: 'Sign out all others', exact: true }).click();
    await expect(sessions.locator('tbody tr')).toHaveCount(1);
  }
}

test('[issue 28] two sign-ins show as two sessions; ending the other signs that browser out on its next call', async ({ page, browser }) => {
  await signedInAlone(page);
  const other = await signedInElsewhere(browser, OWN_LOGIN);
  // The other browser sits on its profile, so its next call is the Sessions tab's.
  await openScreen(other, '/user/profile');

  const sessions = await openSessionsTab(page);
  const rows = sessions.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const here = sessions.locator('tbody tr[aria-current="true"]');
  await expect(here).toHaveCount(1);
  await expect(here).toContainText('This session');
  await expect(here).toContainText('Chrome on Linux');
  await expect(here.getByRole('button')).toHaveCount(0);
  await expectAccessible(page, 'main');

  const theirs = sessions.locator('tbody tr:not([aria-current])');
  await theirs.getByRole('button', { name: /^Sign out this one/ }).click();
  await expect(page.getByText('That session has been signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out all others', exact: true })).toBeDisabled();

  // The other browser's next call answers 401: the app clears the session and the login page says it expired.
  await other.getByRole('tab', { name: 'Sessions', exact: true }).click();
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByRole('alert')).toHaveText('Session has expired.  Log-in again.');
  await other.context().close();
});

test('[issue 28] "Sign out all others" asks first, keyboard only, and ends every other session', async ({ page, browser }) => {
  await signedInAlone(page);
  const others = [await signedInElsewhere(browser, OWN_LOGIN), await signedInElsewhere(browser, OWN_LOGIN)];
  const sessions = await openSessionsTab(page);
  await expect(sessions.locator('tbody tr')).toHaveCount(3);

  const trigger = page.getByRole('button', { name: 'Sign out all others', exact: true });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign out all others' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  // Escape closes it without sending, and focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(sessions.locator('tbody tr')).toHaveCount(3);

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Sign out all others', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your other sessions have been signed out.')).toBeVisible();
  await expect(sessions.locator('tbody tr')).toHaveCount(1);
  // Their next visit is refused: the page goes to the login screen.
  for (const other of others) {
    await other.goto('/user/profile');
    await expect(other).toHaveURL(/\/login/);
    await other.context().close();
  }
});

test('[issue 28] a top admin ends a staff member’s sessions from the admins list, confirmed; that browser is signed out', async ({ page, browser }) => {
  const staff = await signedInElsewhere(browser, CHECKER_LOGIN);
  await signIn(page, demoLogins.partner);
  await openScreen(page, '/wallet/admins');
  const admins = page.getByRole('table', { name: 'Admins', exact: true });
  await admins.getByRole('textbox', { name: 'Filter Email', exact: true }).fill(CHECKER_LOGIN);
  await expect(admins.locator('tbody tr[aria-rowindex]')).toHaveCount(1);
  await admins.locator('tbody tr[aria-rowindex]').first().click();
  const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
  await panel.getByRole('tab', { name: 'Sessions', exact: true }).click();
  const sessions = panel.getByRole('table', { name: /^Sessions of / });
  // Other tests sign in as checker too, so there is at least the one made above.
  await expect(sessions.locator('tbody tr').first()).toBeVisible();
  await expect(sessions.locator('tbody tr[aria-current]')).toHaveCount(0);
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'End all sessions', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'End all sessions' });
  await expect(dialog).toContainText('They are signed out everywhere at once.');
  await dialog.getByRole('button', { name: 'End all sessions', exact: true }).click();
  await expect(page.getByText('Their sessions have been ended.')).toBeVisible();
  await expect(panel.getByText('No live sessions.')).toBeVisible();

  await staff.goto('/user/profile');
  await expect(staff).toHaveURL(/\/login/);
  await staff.context().close();
});
