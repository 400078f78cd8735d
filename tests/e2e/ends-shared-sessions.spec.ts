// Tests that end every session of a demo login other files sign in with too: a password reset ends the person's
// sessions (as it must), and so does a top admin's "End all sessions". Run beside other files, they signed out a test
// of another file halfway (users.spec.ts's payin test, at load 8: issue 25), so this file is a Playwright project of
// its own that runs after every other (playwright.config.ts). Alone: `npx playwright test --no-deps ends-shared-sessions`.
import { expect, test } from '@playwright/test';
import { CHECKER_LOGIN, DEMO_PASSWORD, demoLogins, expectAccessible, latestMessage, openScreen, signIn, signInThroughForm, signedInElsewhere } from './support';

test('[UW-2.04][UW-2.06][UW-2.13][UW-2.14][UW-2.17][UW-2.21][UW-2.22][UW-2.23][UW-4.52][UW-4.54] a link account gets the neutral text and an email with a reset link', async ({ page, request }) => {
  const since = new Date().toISOString();
  await page.goto('/forgetpassword');
  await page.getByLabel(/^Email/).fill(demoLogins.payin);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(
    page.getByText(
      `If you have an existing and valid account from us, you will receive an email at ${demoLogins.payin} for the link and instructions to reset your password`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login', exact: true })).toBeVisible();

  const message = await latestMessage(request, demoLogins.payin, since);
  expect(message.link).toMatch(/\/auth\/resetpassword\//);
  await page.goto(new URL(message.link ?? '', page.url()).pathname);
  await expect(page.getByRole('heading', { name: 'Reset Password', exact: true })).toBeVisible();
  await page.getByLabel(/^New password/).fill('abc');
  await page.getByLabel(/^Confirm password/).fill('abc');
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expect(page.getByText('Invalid Password', { exact: true }).first()).toBeVisible();
  await page.getByLabel(/^New password/).fill(DEMO_PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expect(page.getByText('You have successfully reset your password.', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('[UW-2.05][UW-4.51][UW-2.15][UW-2.16][UW-5.03] a code account goes to /recoverycode and resets with the code from the outbox', async ({ page, request }) => {
  const since = new Date().toISOString();
  await page.goto('/forgetpassword');
  await page.getByLabel(/^Email/).fill(demoLogins.officer);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/recoverycode\?email=officer%40demo\.test/);
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expect(page.getByText('Invalid Recovery Code', { exact: true })).toBeVisible();

  const message = await latestMessage(request, demoLogins.officer, since);
  await page.getByLabel('Recovery code').fill(message.code ?? '');
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/resetpassword\//);
  await page.getByLabel(/^New password/).fill(DEMO_PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await expect(page.getByText('You have successfully reset your password.', { exact: true })).toBeVisible();
  await signInThroughForm(page, demoLogins.officer);
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
