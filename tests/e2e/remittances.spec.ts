// Remittances and payouts in Chromium against the real gateway (no mocks): as the payout admin of tawakal-swift, the
// table with its payout-admin header and columns, the details popup, every branch of the swift status check (00, 01,
// 32, another code, a bank that is down, a bank that is slow) with its re-initiate and cancel, a bulk edit of 50 ticked
// rows, each export downloaded and read back, and a bulk reprocessing of 1,000; the pay-in dashboard's click-through as
// payin@demo.test; the UPT PDF as upt@demo.test; and the wallet view of payoutofficer@demo.test, whom the gateway
// refuses too. axe on the table and the dialogs. The simulated bank answers by the last digit of a row's reference
// (README): 0-2 paid 00, 3-5 unknown 01, 6-7 held 32, 8 96, 9 91; PUT /dev/bank switches it down or slow.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pdfText } from '../../server/testing/pdf-text.ts';
import { DEMO_PASSWORD, demoLogins, expectAccessible, signIn } from './support';

const PAYOUT_OFFICER = 'payoutofficer@demo.test';
const UPT = 'upt@demo.test';
const TABLE = 'Remittance Transactions';
const SWIFT_DIALOG = 'Swift Transaction Status';

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
  attributes: {
    payoutExternalId: string;
    transactionDate: string;
    statusId: number;
    status: string;
    queued: boolean;
    actions: { checkStatus: boolean; reprocess: boolean; cancel: boolean };
  };
}

interface RowList {
  data: Row[];
  meta: { itemTotal: number };
}

async function listRows(request: APIRequestContext, email: string, params: Record<string, string>): Promise<RowList> {
  const response = await request.get('/api/v1/remittance', { params, headers: { authorization: `Bearer ${await tokenFor(request, email)}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as RowList;
}

const referenceOf = (row: Row) => row.attributes.payoutExternalId.split('|')[0] ?? '';
const dayOf = (row: Row) => row.attributes.transactionDate.slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Rows one test took, so the next takes another. */
const taken = new Set<string>();

/** A failed tawakal-swift row the payout admin may check now, whose reference ends in one of `digits` (the bank's answer). */
async function rowAnswering(request: APIRequestContext, digits: string): Promise<Row> {
  const { data } = await listRows(request, demoLogins.payout, { 'page[size]': '1000', 'filter[statusId]': '128', sort: '-transactionDate' });
  const row = data.find((candidate) => {
    const reference = referenceOf(candidate);
    const { actions, queued } = candidate.attributes;
    return !taken.has(candidate.id) && actions.checkStatus && actions.reprocess && !queued && !reference.endsWith('A') && digits.includes(reference.slice(-1));
  });
  if (!row) throw new Error(`the demo world has no failed tawakal-swift row the bank answers for a reference ending in ${digits}`);
  taken.add(row.id);
  return row;
}

/** The remittance table filtered to `row`. */
const addressOf = (row: Row) =>
  `/transactions/remittances?startDate=${dayOf(row)}&endDate=${dayOf(row)}&filter%5BpayoutExternalId%5D=${encodeURIComponent(referenceOf(row))}`;

/** The row in the table the page shows (addressOf), and the swift dialog its Analyse Request opens. */
async function checkStatus(page: Page, row: Row) {
  const reference = referenceOf(row);
  const line = page.getByRole('table', { name: TABLE }).locator('tbody tr').filter({ hasText: reference }).first();
  await line.getByRole('button', { name: 'Analyse Request' }).click();
  return { line, reference, dialog: page.getByRole('dialog', { name: SWIFT_DIALOG }) };
}

async function setBank(request: APIRequestContext, mode: 'normal' | 'down' | 'slow') {
  const response = await request.put('/dev/bank', { data: { mode } });
  expect(response.ok()).toBe(true);
}

async function sheetOf(download: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const file = await readFile(await download.path());
  await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${download.suggestedFilename()} has no sheet`);
  return sheet;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

/** Chooses Export → `item` and waits for the file. */
async function exportAs(page: Page, item: string): Promise<Download> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return downloading;
}

test.describe('remittance transactions (payout admin)', () => {
  test('[RP-2.01][RP-2.13][RP-2.18][RP-2.28] the table with the Available Balance, payout-admin actions and the details popup', async ({ page }) => {
    await signIn(page, demoLogins.payout, { at: '/transactions/remittances' });
    const table = page.getByRole('table', { name: TABLE });
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
    const row = await rowAnswering(request, '67');
    await signIn(page, demoLogins.payout, { at: addressOf(row) });
    const { dialog, line, reference } = await checkStatus(page, row);
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

  test('[RP-4.09] a status check answered 00 shows the bank paid it: no note, no action', async ({ page, request }) => {
    const row = await rowAnswering(request, '012');
    await signIn(page, demoLogins.payout, { at: addressOf(row) });
    const { dialog } = await checkStatus(page, row);
    await expect(dialog.getByText('Response Code')).toBeVisible();
    await expect(dialog.getByText('00', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/re-initiated|reprocessed with a new reference|Required swift verification!/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Re-Initiate' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel Transaction' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("[RP-4.10][RP-4.14] a status check answered 01 'Transaction does not exist.' offers Re-Initiate only; it is re-initiated", async ({ page, request }) => {
    const row = await rowAnswering(request, '345');
    await signIn(page, demoLogins.payout, { at: addressOf(row) });
    const { dialog } = await checkStatus(page, row);
    await expect(dialog.getByText('Transaction does not exist.')).toBeVisible();
    await expect(dialog.getByText('This transaction can be re-initiated or cancelled.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel Transaction' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Re-Initiate' }).click();
    await page.getByRole('dialog', { name: 'Re-Initiate' }).getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByText('Request Sent Sucessfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Queued for the settler, or already settled by it: either way no longer the row it was.
    const after = await listRows(request, demoLogins.payout, { 'filter[payoutExternalId]': referenceOf(row), 'filter[startDate]': dayOf(row), 'filter[endDate]': dayOf(row) });
    const now = after.data.find((candidate) => candidate.id === row.id)?.attributes;
    expect(now?.queued === true || now?.status !== row.attributes.status).toBe(true);
  });

  test('[RP-4.13][RP-4.15][RP-4.20] another code asks for swift verification and offers Cancel only; the cancel sets 128 Cancelled - {reason}', async ({ page, request }) => {
    const row = await rowAnswering(request, '89');
    await signIn(page, demoLogins.payout, { at: addressOf(row) });
    const { dialog, line } = await checkStatus(page, row);
    await expect(dialog.getByText('Required swift verification!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Re-Initiate' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel Transaction' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Transaction' });
    await confirm.getByRole('textbox', { name: /Reason/ }).fill('Beneficiary asked to stop');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByText('Request Sent Sucessfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(line).toContainText('Cancelled - Beneficiary asked to stop');
  });

  test('[RP-8.07] a bank that is down answers in a red alert with Close; nothing changes', async ({ page, request }) => {
    const row = await rowAnswering(request, '345');
    await signIn(page, demoLogins.payout, { at: addressOf(row) });
    await setBank(request, 'down');
    try {
      const { dialog } = await checkStatus(page, row);
      await expect(dialog.getByRole('alert')).toContainText('The bank could not be reached. Nothing changed.');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    } finally {
      await setBank(request, 'normal');
    }
    const after = await listRows(request, demoLogins.payout, { 'filter[payoutExternalId]': referenceOf(row), 'filter[startDate]': dayOf(row), 'filter[endDate]': dayOf(row) });
    expect(after.data.find((candidate) => candidate.id === row.id)?.attributes.status).toBe(row.attributes.status);
  });

  test('[RP-8.07] a bank that does not answer in time is a time-out in the red alert, never a 500', async ({ page, request }) => {
    const row = await rowAnswering(request, '345');
    await signIn(page, demoLogins.payout, { at: addressOf(row) });
    await setBank(request, 'slow');
    try {
      const { dialog } = await checkStatus(page, row);
      await expect(dialog.getByRole('alert')).toContainText('The bank did not answer in time. Nothing changed.', { timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
    } finally {
      await setBank(request, 'normal');
    }
  });

  test('[RP-4.23][RP-2.17][RP-2.19] a bulk edit of 50 ticked rows sets one code and description on each', async ({ page, request }) => {
    const [startDate, endDate] = [daysAgo(80), daysAgo(70)];
    const description = `Settled at branch ${Date.now()}`;
    await signIn(page, demoLogins.payout, { at: `/transactions/remittances?startDate=${startDate}&endDate=${endDate}&pageSize=50` });
    const table = page.getByRole('table', { name: TABLE });
    await expect(table.locator('tbody tr')).toHaveCount(50);
    await table.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByRole('button', { name: 'Edit Selected Status (50)' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Selected Status' });
    await modal.getByRole('textbox', { name: /Status Code/ }).fill('256');
    await modal.getByRole('textbox', { name: /Status Description/ }).fill(description);
    await modal.getByRole('button', { name: 'Update Status' }).click();
    await expect(modal).toHaveCount(0);
    await expect(table.getByText(description).first()).toBeVisible();
    const edited = await listRows(request, demoLogins.payout, { 'filter[status]': description, 'filter[startDate]': startDate, 'filter[endDate]': endDate });
    expect(edited.meta.itemTotal).toBe(50);
    expect(edited.data.every((row) => row.attributes.statusId === 256)).toBe(true);
  });

  test('[RP-9.09][RP-3.04][RP-3.02] Excel saves Transaction_Report_{start}_{end}.xlsx with the RP §3 columns and every row of the range', async ({ page, request }) => {
    const [startDate, endDate] = [daysAgo(20), daysAgo(18)];
    await signIn(page, demoLogins.payout, { at: `/transactions/remittances?startDate=${startDate}&endDate=${endDate}` });
    await expect(page.getByRole('table', { name: TABLE }).locator('tbody tr').first()).toBeVisible();
    const download = await exportAs(page, 'Excel');
    expect(download.suggestedFilename()).toBe(`Transaction_Report_${startDate}_${endDate}.xlsx`);
    const sheet = await sheetOf(download);
    expect(headerOf(sheet)).toEqual([
      'type', 'id', 'payinId', 'payoutExternalId', 'partnerId', 'referenceNumber', 'senderName', 'senderAmount', 'senderCurrency', 'receiverName',
      'receiverAmount', 'receiverCurrency', 'transactionFee', 'transactionFx', 'statusId', 'status', 'purpose', 'senderRemarks', 'transactionDate',
    ]);
    const { meta } = await listRows(request, demoLogins.payout, { 'filter[startDate]': startDate, 'filter[endDate]': endDate, 'page[size]': '1' });
    expect(sheet.actualRowCount).toBe(meta.itemTotal + 1);
    const references = (sheet.getColumn(4).values as unknown[]).slice(2).map(String);
    expect(references.every((reference) => !reference.includes('|'))).toBe(true);
  });

  test('[RP-9.10][RP-3.15][RP-9.02][RP-9.03] Daily Report saves Daily_Transaction_Report_{start}_{end}.xlsx, one row a day and receiver currency', async ({ page }) => {
    const [startDate, endDate] = [daysAgo(9), daysAgo(3)];
    await signIn(page, demoLogins.payout, { at: `/transactions/remittances?startDate=${startDate}&endDate=${endDate}` });
    await expect(page.getByRole('table', { name: TABLE }).locator('tbody tr').first()).toBeVisible();
    const download = await exportAs(page, 'Daily Report');
    expect(download.suggestedFilename()).toBe(`Daily_Transaction_Report_${startDate}_${endDate}.xlsx`);
    const sheet = await sheetOf(download);
    expect(headerOf(sheet)).toEqual([
      'date', 'successTrans', 'failedTrans', 'transCounts', 'processingTrans', 'usdTrans', 'usdFxRates', 'eurTrans', 'eurFxTrans', 'receiverAmount', 'receiverCurrency',
    ]);
    // Issue 22: a rate is a currency pair's, so each day has a row per receiver currency (the demo pays NGN, GHS, KES).
    const pairs = Array.from({ length: sheet.actualRowCount - 1 }, (_, index) => `${String(sheet.getCell(`A${index + 2}`).value)} ${String(sheet.getCell(`K${index + 2}`).value)}`);
    const currencies = [...new Set(pairs.map((pair) => pair.slice(11)))];
    expect(currencies).toEqual(expect.arrayContaining(['NGN', 'GHS']));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(7 * currencies.length);
    expect(sheet.getCell('A2').value).toBe(startDate);
    expect(sheet.getCell('F2').numFmt).toBe('#,##0.0000');
    expect(sheet.getCell('G2').numFmt).toBe('#,##0.00');
  });

  test('[RP-1.03][RP-2.69] PDF saves the payout PDF as Transactions_{start}_{end}.pdf', async ({ page }) => {
    const [startDate, endDate] = [daysAgo(2), daysAgo(1)];
    await signIn(page, demoLogins.payout, { at: `/transactions/remittances?startDate=${startDate}&endDate=${endDate}` });
    await expect(page.getByRole('table', { name: TABLE }).locator('tbody tr').first()).toBeVisible();
    const download = await exportAs(page, 'PDF');
    expect(download.suggestedFilename()).toBe(`Transactions_${startDate}_${endDate}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Payout transactions');
    expect(text).toContain(`${startDate} to ${endDate}`);
  });

  test('[RP-2.16][RP-4.25][RP-8.08] a bulk reprocessing of 1,000 days back reports the 1,000 transactions re-processed', async ({ page }) => {
    await signIn(page, demoLogins.payout, { at: '/transactions/remittances' });
    await page.getByRole('button', { name: 'Bulk Reprocessing' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk Reprocessing' });
    await modal.getByText('By days').click();
    await modal.getByRole('textbox', { name: /Number of Days Prior Today/ }).fill('366');
    await modal.getByRole('button', { name: 'Reprocess' }).click();
    await expect(modal.getByText('Bulk Reprocessing Finished!')).toBeVisible({ timeout: 30_000 });
    await expect(modal.getByText('1000 transactions re-processed.')).toBeVisible();
    await modal.locator('button', { hasText: 'Close' }).click();
    await expect(modal).toHaveCount(0);
  });
});

test.describe('pay-in dashboard', () => {
  test('[RP-2.62][RP-2.64] a status widget opens the table filtered to its status over its period, with as many rows', async ({ page }) => {
    await signIn(page, demoLogins.payin, { at: '/remittances/dashboard' });
    await page.getByRole('radiogroup', { name: 'Status period' }).getByText('Year').click();
    const widget = page.getByRole('link', { name: /^[\d,]+ Failed$/ });
    await expect(widget).toBeVisible();
    await expect(page.getByTestId('chart-range')).toBeVisible();
    await expectAccessible(page, 'main');
    const value = Number(((await widget.getAttribute('aria-label')) ?? '').replace(/\D/g, ''));
    expect(value).toBeGreaterThan(0);
    await widget.click();
    await expect(page).toHaveURL(/\/transactions\/remittances\?.*filter%5BstatusId%5D=128/);
    await expect(page.getByRole('table', { name: TABLE }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText(new RegExp(`^Showing 1 to \\d+ of ${value}$`))).toBeVisible();
  });
});

test.describe('universal payment transactions', () => {
  test('[RP-7.06] PDF saves UPT_{start}_{end}.pdf', async ({ page }) => {
    const [startDate, endDate] = [daysAgo(6), daysAgo(0)];
    await signIn(page, UPT, { at: `/upt/transactions/remittances?startDate=${startDate}&endDate=${endDate}` });
    await expect(page.getByRole('table', { name: 'Universal Payment Transactions' }).locator('tbody tr').first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`UPT_${startDate}_${endDate}.pdf`);
    expect(pdfText(await readFile(await download.path()))).toContain('Universal payment transactions');
  });
});

test.describe('remittance transactions (staff who are not payout admins)', () => {
  test('[RP-6.07][RP-6.08] see the wallet view without payout-admin actions, and the gateway refuses them', async ({ page, request }) => {
    await signIn(page, PAYOUT_OFFICER, { at: '/transactions/remittances' });
    const table = page.getByRole('table', { name: TABLE });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bulk Reprocessing' })).toHaveCount(0);
    await expect(page.getByText('Available Balance:')).toHaveCount(0);
    await expect(table.getByRole('button', { name: 'Analyse Request' })).toHaveCount(0);

    const token = await tokenFor(request, PAYOUT_OFFICER);
    const [row] = (await listRows(request, PAYOUT_OFFICER, { 'filter[statusId]': '128', 'page[size]': '1' })).data;
    const refused = await request.post('/api/v1/integration/swift/republish-transactions', {
      headers: { authorization: `Bearer ${token}` },
      data: { data: { type: 'Transaction', attributes: { id: row?.id ?? '1' } } },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errors: Array<{ code?: string }> }).errors[0]?.code).toBe('not_payout_admin');
  });
});
