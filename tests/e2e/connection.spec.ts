// A dropped connection while a screen's code loads: the screen waits and draws once the browser is back online,
// instead of saying it could not be shown for the rest of the tab's life (src/lib/load-again.ts).
import { expect, test } from '@playwright/test';
import { demoLogins, signIn } from './support';

test('a screen opened while offline loads its code and draws once the browser is back online', async ({ page, context }) => {
  await signIn(page, demoLogins.partner);
  await context.setOffline(true);
  const failedLoad = page.waitForEvent('requestfailed', (request) => request.url().includes('/assets/'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit' }).click();
  await failedLoad;
  await expect(page.getByRole('alert').filter({ hasText: 'This screen could not be shown' })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This screen could not be shown' })).toHaveCount(0);
});
