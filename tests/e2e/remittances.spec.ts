// Remittance (bank payout) transactions in Chromium against the real gateway, as the payout admin of tawakal-swift:
// the table with its payout-admin header and columns, the details popup, and a swift status check answered 32 that is
// re-initiated end to end (after the refetch the row is Re-Processing, or settled if the settler's timer came first);
// axe on the table and the dialog.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, demoLogins, expectAccessible, signIn } from './support';

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/id/token', {
    data: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { attributes: { accessToken: string } } };
  return body.data.attributes.accessToken;
}

interface Row {
  id: string;
  attributes: { payoutExternalId: string; transactionDate: string; senderName: string; queued: boolean; actions: { checkStatus: boolean; reprocess: boolean } };
}

/** A row the simulated bank answers 32 (its reference ends in 6 or 7, README) that may be re-initiated now. */
async function reissuableRow(request: APIRequestContext): Promise<Row> {
  const token = await tokenFor(request, demoLogins.payout);
  const response = await request.get('/api/v1/remittance', {
    params: { 'page[size]': '500', 'filter[statusId]': '128', sort: '-transactionDate' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Row[] };
  const row = body.data.find(({ attributes }) => {
    const reference = attributes.payoutExternalId.split('|')[0] ?? '';
    return attributes.actions.checkStatus && attributes.actions.reprocess && !attributes.queued && /[67]$/.test(reference) && !reference.endsWith('A');
  });
  if (!row) throw new Error('the demo world has no failed tawakal-swift row the bank answers 32');
  return row;
}

test.describe('remittance transactions (payout admin)', () => {
  test('[RP-2.01][RP-2.13][RP-2.18][RP-2.28] the table with the Available Balance, payout-admin actions and the details popup', async ({ page }) => {
    await signIn(page, demoLogins.payout);
    await page.goto('/transactions/remittances');
    const table = page.getByRole('table', { name: 'Remittance Transactions' });
    await expect(table.getByRole('columnheader', { name: 'Reference #' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText('Available Balance:')).toBeVisible();
    await expect(page.getByText(/^[\d,]+\.\d{2} [A-Z]{3}$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bulk Reprocessing' })).toBeVisible();
    await expectAccessible(page, 'main');

    await table.locator('tbody tr').first().getByRole('button').filter({ hasText: /^PI-/ }).click();
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByText('Reference Number')).toBeVisible();
    // axe reads colours as drawn: wait for the opening transition to end.
    await expect(details).toHaveCSS('opacity', '1');
    await expectAccessible(page, '[role="dialog"]');
  });

  test('[RP-4.08][RP-4.11][RP-4.16][RP-4.18][RP-4.19] a status check answered 32 is re-initiated; the row is re-processed after the refetch', async ({ page, request }) => {
    const row = await reissuableRow(request);
    const reference = row.attributes.payoutExternalId.split('|')[0] ?? '';
    const day = row.attributes.transactionDate.slice(0, 10);
    await signIn(page, demoLogins.payout);
    await page.goto(`/transactions/remittances?startDate=${day}&endDate=${day}&filter%5BpayoutExternalId%5D=${encodeURIComponent(reference)}`);
    const table = page.getByRole('table', { name: 'Remittance Transactions' });
    const line = table.locator('tbody tr').filter({ hasText: reference }).first();
    await line.getByRole('button', { name: 'Analyse Request' }).click();

    const dialog = page.getByRole('dialog', { name: 'Swift Transaction Status' });
    await expect(dialog.getByText(`This transaction will be reprocessed with a new reference: ${reference}A`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel Transaction' })).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Re-Initiate' }).click();
    await page.getByRole('dialog', { name: 'Re-Initiate' }).getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByText('Request Sent Sucessfully!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Re-Initiate' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    // Queued for the settler (Re-Processing), or already settled by its timer under the new reference (README).
    await expect(line).toContainText(/Re-Processing|Approved or completed successfully/);
  });
});
