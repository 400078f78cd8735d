// Issue 28 in Chromium against the real gateway, for the one demo login with a second factor: sschecker@demo.test
// (ss-swift, an authenticator app with the fixed secret of server/seed/second-factors.ts; codes are computed here).
// Item 1, the sign-in's second factor; item 2, the step-up of a bulk reprocessing, which ss-swift's step-up guards.
//
// A code is spent once: the gateway refuses a step no later than the last one the factor accepted. So both tests are
// in this one file, run in order in one worker, and each spends a later step than the test before it (the form the
// previous step, the step-up's sign-in the current one, its check the next); in two files, run side by side, one
// spent the step the other was about to give (a clean-clone CI run, stop 35).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../server/testing/passkey.ts';
import { DEMO_TOTP_SECRET } from '../../server/seed/second-factors.ts';
import { DEMO_PASSWORD, expectAccessible, openLogin, signIn } from './support';

const LOGIN = 'sschecker@demo.test';
const REFUSED = 'The code is wrong, expired or already used. Enter the current code from your authenticator app.';

test.describe.configure({ mode: 'serial' });

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

  // The previous step's code, which an authenticator app still shows for a moment after the step turns.
  await code.fill(totpCode(DEMO_TOTP_SECRET, new Date(), -1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

/** The factor checks of the login's live sessions, made `minutes` old (tests/e2e/start-gateway.ts says where the database is). */
function ageFactorChecks(minutes: number) {
  const dataDir = readFileSync(join(tmpdir(), `teller-e2e-${process.env.E2E_PORT ?? '8191'}.datadir`), 'utf8');
  const db = new Database(join(dataDir, 'teller.db'));
  try {
    const at = new Date(Date.now() - minutes * 60_000).toISOString();
    db.prepare('update sessions set factor_verified_at = ? where revoked_at is null and user_id = (select user_id from accounts where username = ?)').run(at, LOGIN);
  } finally {
    db.close();
  }
}

async function askReprocessing(page: Page, days: string) {
  await page.getByRole('button', { name: 'Bulk Reprocessing' }).click();
  const modal = page.getByRole('dialog', { name: 'Bulk Reprocessing' });
  await modal.getByText('By days').click();
  await modal.getByRole('textbox', { name: /Number of Days Prior Today/ }).fill(days);
  await modal.getByRole('button', { name: 'Reprocess' }).click();
  return modal;
}

test('[issue 28] a bulk reprocessing asks for the authenticator code in place: a wrong code is refused, the right one lets the same request through, and the window spares a second ask', async ({ page }) => {
  // The sign-in's own check spends the current step's code (the test before spent the previous one); the step-up gives the next.
  await signIn(page, LOGIN, { at: '/transactions/remittances', factorCode: () => totpCode(DEMO_TOTP_SECRET, new Date()) });
  ageFactorChecks(10);

  const modal = await askReprocessing(page, '2');
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText('within the last 5 minutes');
  const code = stepUp.getByRole('textbox', { name: /Authentication code/ });
  await expect(code).toBeFocused();
  await expectAccessible(page);

  await code.fill('000000');
  await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(stepUp.getByRole('alert')).toHaveText(REFUSED);
  await expect(code).toHaveValue('');

  await code.fill(totpCode(DEMO_TOTP_SECRET, new Date(), 1));
  await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(stepUp).toBeHidden();
  await expect(modal.getByText('Waiting for approval')).toBeVisible();
  await expect(modal).toContainText('nothing has changed yet');
  await modal.locator('button', { hasText: 'Close' }).click();
  await expect(modal).toHaveCount(0);

  // Within the window: the next guarded action goes straight through.
  const again = await askReprocessing(page, '3');
  await expect(again.getByText('Waiting for approval')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm it is you' })).toHaveCount(0);
});
