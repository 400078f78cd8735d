// Sessions a person can see and end (issue 28 item 3), against the real gateway: one person signed in in two browsers
// sees both sessions in the profile's Sessions tab, ends the other one, and the other browser is signed out on its
// next call; "Sign out all others" asks first and ends the rest. A top admin ending a staff member's sessions is in
// ends-shared-sessions.spec.ts, which runs after every other file.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openScreen, signIn, signedInElsewhere } from './support';

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

  // The other browser's next call answers 401: the app clears the session and the login page says it expired. That
  // call is its change stream's reconnect, since the gateway ends a stream whose session ended within seconds (a click
  // here raced it and found the tab already gone).
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
  // Each other browser is signed out by its change stream's 401, as in the test above, and its next visit is refused
  // too. (Visiting before the stream had answered raced the stream's own way to the login page: the busy-loop run of
  // dfd1f96 saw the visit interrupted by it.)
  for (const other of others) {
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByRole('alert')).toHaveText('Session has expired.  Log-in again.');
    await other.goto('/user/profile');
    await expect(other).toHaveURL(/\/login/);
    await other.context().close();
  }
});
