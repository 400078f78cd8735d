// Issue 28 item 1: the sign-in's second factor in Chromium, against the real gateway. The demo enrols
// sschecker@demo.test with a fixed authenticator-app secret (server/seed/second-factors.ts); codes are computed here.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from '../../server/seed/second-factors.ts';
import { DEMO_PASSWORD, expectAccessible, openLogin } from './support';

const LOGIN = 'sschecker@demo.test';
const REFUSED = 'The code is wrong, expired or already used. Enter the current code from your authenticator app.';

test('[issue 28] asks for the authenticator-app code after the password; a wrong code is refused with its message, the current one signs in', async ({ page }) => {
  await openLogin(page);
  await page.getByLabel(/^Email/).fill(LOGIN);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = page.getByLabel(/^Authenticator app code/);
  await expect(code).toBeFocused();
  await expectAccessible(page);

  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(REFUSED);

  await code.fill(await generate({ secret: DEMO_TOTP_SECRET }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});
