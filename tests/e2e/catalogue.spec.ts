// The catalogue screens against the real gateway as partner@demo.test, on the demo world's products
// (identity-and-catalogue §2-§9): the products table and settings pane, fees by product and currency, forex cards.
import { expect, test } from '@playwright/test';
import { demoLogins, expectAccessible, signIn } from './support';

test('[IC-2.24] [IC-2.62] [IC-4.05] [IC-4.06] [IC-8.20] [IC-8.25] products: the settings pane adds and deletes a service', async ({ page }) => {
  const service = `Night ${Date.now()}`;
  await signIn(page, demoLogins.partner, { at: '/products/list' });
  const row = page.getByRole('row').filter({ hasText: 'Cash Pickup' });
  await expect(row).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Settings', exact: true }).click();
  const pane = page.getByRole('dialog', { name: 'Cash Pickup Settings' });
  await expect(pane.getByRole('tab', { name: 'Sending Currency' })).toBeVisible();
  await expect(pane.getByRole('table', { name: 'Sending Currencies' }).getByRole('cell', { name: 'USD', exact: true })).toBeVisible();
  await expectAccessible(page);

  await pane.getByRole('tab', { name: 'Service', exact: true }).click();
  await pane.getByRole('button', { name: 'New', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'New Service' });
  await modal.getByRole('textbox', { name: 'Name', exact: true }).fill(service);
  await modal.getByRole('textbox', { name: 'Description', exact: true }).fill('Paid out overnight');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Service added Successful', { exact: true })).toBeVisible();
  const added = pane.getByRole('row').filter({ hasText: service });
  await expect(added).toBeVisible();

  await added.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Service' }).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(added).toHaveCount(0);
});

test('[IC-2.61] [IC-8.22] the product detail keeps the type read-only and saves', async ({ page }) => {
  await signIn(page, demoLogins.partner, { at: '/products/list' });
  await page.getByRole('row').filter({ hasText: 'Bank Payout' }).getByRole('button', { name: 'View', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Subtitle', exact: true }).fill('Pay out to any bank account');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Save Success', { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('[IC-2.66] [IC-2.29] [IC-8.23] [IC-8.24] fees: choose product and currency, add a fee band, delete it', async ({ page }) => {
  await signIn(page, demoLogins.partner, { at: '/fees' });
  await expect(page.getByText('Please select a Product', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: 'Send Money', exact: true }).click();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: /^USD/ }).click();
  const table = page.getByRole('table', { name: 'Fee Details' });
  await expect(table).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New Fee', exact: true }).click();
  await expect(page).toHaveURL(/\/fees\/new\/[^/]+\/[^/]+$/);
  await page.getByRole('textbox', { name: 'Min Amount' }).fill('900000');
  await page.getByRole('textbox', { name: 'Max Amount' }).fill('900500');
  await page.getByRole('textbox', { name: 'Default Value' }).fill('12');
  await page.getByRole('textbox', { name: 'Partner Value' }).fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Fee Creation Successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/fees\?productId=/);
  const band = table.getByRole('row').filter({ hasText: '900,000.00' });
  await expect(band).toBeVisible();
  await band.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete fee' }).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText('Fee Deletion Successful', { exact: true })).toBeVisible();
  await expect(band).toHaveCount(0);
});

test('[IC-2.67] [IC-2.68] [IC-2.69] [IC-8.17] forex: a card per pair, the edit modal saves', async ({ page }) => {
  await signIn(page, demoLogins.partner, { at: '/forex' });
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: 'Send Money', exact: true }).click();
  const card = page.getByRole('region', { name: 'USD → NGN' });
  await expect(card.getByText('Market FX', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Edit USD → NGN' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit USD → NGN' });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Market FX' }).fill('1530.5');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Forex has settings has been saved', { exact: true })).toBeVisible();
  await expect(card.getByText('1,530.50', { exact: true })).toBeVisible();
});
