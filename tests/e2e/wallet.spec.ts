// Money on a wallet and wallet transactions, in Chromium against the real gateway: top-up with a
// wrong then a right code from the outbox, a refused cash-out, a double-clicked Send Request, the OTP action of a
// pending transaction, the Excel export of 20,000 rows read back, the PDF download, and axe on these screens.
// The suite shares one gateway, so each test moves money on its own demo user (naccug, group@demo.test's scope).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { prepareWorld, startGateway, utcDay } from '../../scripts/bench-web';
import { DEMO_PASSWORD, demoLogins, expectAccessible, latestMessage, openScreen, signIn } from './support';

interface WalletUser {
  id: string;
  fullname: string;
  balance: string;
  currency: string;
  phone: string;
}

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/id/token', {
    data: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { attributes: { accessToken: string } } };
  return body.data.attributes.accessToken;
}

type Included = { type: string; id: string; attributes: Record<string, unknown> };

/** The end user named `fullname` in the scope of `email`, with wallet balance and mobile, read through the API. */
async function walletUser(request: APIRequestContext, email: string, fullname: string): Promise<WalletUser> {
  const token = await tokenFor(request, email);
  const response = await request.get('/api/v1/um/user', {
    params: { 'page[size]': '100', 'filter[account.roles]': '256', include: 'account,wallet,phonenumber' },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as {
    data: { id: string; attributes: { fullname: string }; relationships: Record<string, { data: { type: string; id: string } | null }> }[];
    included: Included[];
  };
  const user = body.data.find((entry) => entry.attributes.fullname === fullname);
  if (!user) throw new Error(`${fullname} is not in the scope of ${email}`);
  const related = (name: string) => {
    const link = user.relationships[name]?.data;
    return body.included.find((entry) => link && entry.type === link.type && entry.id === link.id)?.attributes ?? {};
  };
  return {
    id: user.id,
    fullname,
    balance: String(related('wallet').balance),
    currency: String(related('wallet').currency),
    phone: String(related('phonenumber').value),
  };
}

/**
 * The `index`-th end user with a wallet in the scope of `email`, by account id: the tests pick users by place, not by a
 * name the demo world's generator happens to give, so a richer demo world does not break them.
 */
async function walletUserAt(request: APIRequestContext, email: string, index: number): Promise<WalletUser> {
  const token = await tokenFor(request, email);
  const response = await request.get('/api/v1/um/user', {
    params: { 'page[size]': '100', 'filter[account.roles]': '256', sort: 'account.accountId', include: 'account,wallet' },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as {
    data: { attributes: { fullname: string }; relationships: Record<string, { data: { type: string; id: string } | null }> }[];
    included: Included[];
  };
  const names = body.data.map((entry) => entry.attributes.fullname);
  // Money moves only on an Active or Verified account (users-and-wallets §4: on hold and sanctioned wallets are frozen).
  const statusOf = (link: { type: string; id: string } | null | undefined) =>
    body.included.find((entry) => link && entry.type === link.type && entry.id === link.id)?.attributes.statusName;
  const candidates = body.data.filter(
    (entry) =>
      entry.relationships.wallet?.data &&
      ['Active', 'Verified'].includes(String(statusOf(entry.relationships.account?.data))) &&
      names.indexOf(entry.attributes.fullname) === names.lastIndexOf(entry.attributes.fullname),
  );
  const chosen = candidates[index];
  if (!chosen) throw new Error(`${email} has fewer than ${index + 1} end users with a wallet and a name of their own`);
  return walletUser(request, email, chosen.attributes.fullname);
}

async function pendingSinceYesterday(request: APIRequestContext, token: string, userId: string): Promise<number> {
  const response = await request.get('/api/v1/wallet-transactions', {
    params: { 'filter[userId]': userId, 'filter[status]': 'PENDING', 'filter[startDate]': utcDay(-1), 'filter[endDate]': utcDay(0), 'page[size]': '1' },
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { meta: { itemTotal: number } }).meta.itemTotal;
}

async function transactionCount(request: APIRequestContext, email: string, userId: string): Promise<number> {
  const token = await tokenFor(request, email);
  const response = await request.get('/api/v1/wallet-transactions', {
    params: { 'filter[userId]': userId, 'page[size]': '1' },
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { meta: { itemTotal: number } }).meta.itemTotal;
}

/** The newest code sent for the transaction `reference` after `since`, from the gateway's outbox. */
async function codeFor(request: APIRequestContext, reference: string, since: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const body = (await (await request.get('/dev/outbox')).json()) as { data: { at: string; body: string; code?: string }[] };
      code = body.data.find((message) => message.at >= since && message.body.includes(reference))?.code;
      return code !== undefined;
    })
    .toBe(true);
  return code ?? '';
}

/** "237080.00" + 150 → "237,230.00", as the list and the widget show it (users-and-wallets §9). */
function shown(balance: string, plus = 0): string {
  const cents = Math.round(Number(balance) * 100) + plus * 100;
  const whole = Math.trunc(cents / 100).toLocaleString('en-US');
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

async function openMembers(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu', exact: true }).getByRole('link', { name: 'Members', exact: true }).click();
  const table = page.getByRole('table', { name: 'Members', exact: true });
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  return table;
}

function rowOf(table: Locator, name: string): Locator {
  return table.locator('tbody tr[aria-rowindex]').filter({ hasText: name });
}

/** Opens 'User Information' for `user` and the top-up modal of `service`. */
async function openTopUp(page: Page, table: Locator, user: WalletUser, service: string, title: string) {
  await table.getByRole('textbox', { name: 'Filter Name', exact: true }).fill(user.fullname);
  await expect(table.locator('tbody tr[aria-rowindex]')).toHaveCount(1);
  await rowOf(table, user.fullname).click();
  const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
  await panel.getByRole('combobox', { name: 'Top-up service', exact: true }).click();
  await page.getByRole('option', { name: service }).click();
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.getByRole('textbox', { name: /Amount/ })).toBeFocused();
  return { panel, modal };
}

/** Verify Request, the fees, Proceed: the code step is open and the code is in the outbox. */
async function verifyToCodeStep(request: APIRequestContext, modal: Locator, user: WalletUser, amount: number) {
  await modal.getByRole('textbox', { name: /Amount/ }).fill(String(amount));
  await modal.getByRole('textbox', { name: 'Remarks', exact: true }).fill('e2e wallet test');
  const since = new Date(Date.now() - 1000).toISOString();
  await modal.getByRole('button', { name: 'Verify Request', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Transaction details and fees', exact: true })).toBeVisible();
  await expect(modal.getByRole('table')).toContainText(`${user.currency} ${shown(String(amount))}`);
  await modal.getByRole('button', { name: 'Proceed', exact: true }).click();
  const message = await latestMessage(request, user.phone, since);
  if (!message.code) throw new Error('the outbox message carries no code');
  return message.code;
}

test.describe('money on a wallet (users-and-wallets §4)', () => {
  test('[UW-4.30][UW-4.39][UW-4.35][UW-4.38] a top-up with a wrong then a right code moves the balance in the list and the panel', async ({ page, request }) => {
    const user = await walletUserAt(request, demoLogins.group, 0);
    await signIn(page, demoLogins.group);
    const table = await openMembers(page);
    await expect(rowOf(table, user.fullname)).toContainText(shown(user.balance));

    const { panel, modal } = await openTopUp(page, table, user, 'Top Up', 'Top-up');
    await expect(panel.getByRole('region', { name: 'Wallet balance', exact: true })).toContainText(`${user.currency} ${shown(user.balance)}`);
    const code = await verifyToCodeStep(request, modal, user, 150);
    await expectAccessible(page);

    const wrong = code === '000000' ? '111111' : '000000';
    await modal.getByRole('textbox', { name: /One-time code/ }).fill(wrong);
    await modal.getByRole('button', { name: 'Send Request', exact: true }).click();
    await expect(modal.getByRole('alert')).toHaveText('Invalid OTP entered!');
    await expect(modal.getByRole('textbox', { name: /One-time code/ })).toBeVisible();

    await modal.getByRole('textbox', { name: /One-time code/ }).fill(code);
    await modal.getByRole('button', { name: 'Send Request', exact: true }).click();
    await expect(page.getByText('Transaction Completed', { exact: true }).first()).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Transaction Completed', exact: true })).toBeVisible();
    await expect(modal).toContainText(`${user.currency} 150.00`);
    await modal.getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(modal).toBeHidden();

    await expect(panel.getByRole('region', { name: 'Wallet balance', exact: true })).toContainText(`${user.currency} ${shown(user.balance, 150)}`);
    await expect(rowOf(table, user.fullname)).toContainText(shown(user.balance, 150));
    expect((await walletUser(request, demoLogins.group, user.fullname)).balance).toBe((Number(user.balance) + 150).toFixed(2));
  });

  test('a cash-out larger than the balance is refused with a clear message and moves no money', async ({ page, request }) => {
    const user = await walletUserAt(request, demoLogins.group, 1);
    const before = await transactionCount(request, demoLogins.group, user.id);
    await signIn(page, demoLogins.group);
    const table = await openMembers(page);
    const { modal } = await openTopUp(page, table, user, 'Cash Out', 'Cash Out');
    const tooMuch = Math.trunc(Number(user.balance)) + 1000;
    await modal.getByRole('textbox', { name: /Amount/ }).fill(String(tooMuch));
    await modal.getByRole('button', { name: 'Verify Request', exact: true }).click();
    await expect(modal.getByRole('alert')).toContainText(`The wallet holds ${user.balance} ${user.currency}`);
    await expect(modal.getByRole('textbox', { name: /Amount/ })).toHaveValue(String(tooMuch));
    await modal.getByRole('button', { name: 'Close', exact: true }).click();

    expect((await walletUser(request, demoLogins.group, user.fullname)).balance).toBe(user.balance);
    expect(await transactionCount(request, demoLogins.group, user.id)).toBe(before);
    await expect(rowOf(table, user.fullname)).toContainText(shown(user.balance));
  });

  test('a double-clicked Send Request moves the money once', async ({ page, request }) => {
    const user = await walletUserAt(request, demoLogins.group, 2);
    const before = await transactionCount(request, demoLogins.group, user.id);
    await signIn(page, demoLogins.group);
    const table = await openMembers(page);
    const { panel, modal } = await openTopUp(page, table, user, 'Top Up', 'Top-up');
    const code = await verifyToCodeStep(request, modal, user, 75);
    await modal.getByRole('textbox', { name: /One-time code/ }).fill(code);
    await modal.getByRole('button', { name: 'Send Request', exact: true }).dblclick();
    await expect(modal.getByRole('heading', { name: 'Transaction Completed', exact: true })).toBeVisible();
    const reference = (await modal.getByRole('row', { name: /Reference Number/ }).getByRole('cell').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^WT/);
    await modal.getByRole('button', { name: 'Ok', exact: true }).click();

    expect((await walletUser(request, demoLogins.group, user.fullname)).balance).toBe((Number(user.balance) + 75).toFixed(2));
    expect(await transactionCount(request, demoLogins.group, user.id)).toBe(before + 1);
    await panel.getByRole('tab', { name: 'Transactions', exact: true }).click();
    const transactions = panel.getByRole('table', { name: 'Transactions', exact: true });
    await expect(transactions.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await transactions.getByRole('textbox', { name: 'Filter Reference', exact: true }).fill(reference);
    await expect(transactions.locator('tbody tr[aria-rowindex]')).toHaveCount(1);
    await expect(transactions.locator('tbody tr[aria-rowindex]')).toContainText(reference);
    await expect(transactions.locator('tbody tr[aria-rowindex]')).toContainText('COMPLETED');
    await expectAccessible(page);
  });

  test('[RP-2.52][RP-2.53] the OTP action of a pending top-up re-sends its code and confirms it', async ({ page, request }) => {
    // A top-up left at its code step (Verify Request made, the modal closed): its code is still alive for 5 minutes.
    const token = await tokenFor(request, demoLogins.group);
    // A user with no other PENDING transaction since yesterday, so the filtered list shows this one alone.
    let user = await walletUserAt(request, demoLogins.group, 3);
    for (let index = 4; (await pendingSinceYesterday(request, token, user.id)) > 0; index += 1) user = await walletUserAt(request, demoLogins.group, index);
    const created = await request.post('/api/v1/wallet-transactions', {
      headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-otp-${Date.now()}` },
      data: { data: { type: 'wallettransaction', attributes: { Amount: '40', ReceiverUserId: user.id, template: 'topup' } } },
    });
    expect(created.status()).toBe(201);
    const reference = ((await created.json()) as { data: { attributes: { referenceNumber: string } } }).data.attributes.referenceNumber;

    await signIn(page, demoLogins.group, { at: `/wallet/transactions?startDate=${utcDay(-1)}&endDate=${utcDay(0)}` });
    const table = page.getByRole('table', { name: 'Transactions', exact: true });
    await table.getByRole('textbox', { name: 'Filter Receiver Name', exact: true }).fill(user.fullname);
    await table.getByRole('combobox', { name: 'Filter Status', exact: true }).click();
    await page.getByRole('option', { name: 'PENDING', exact: true }).click();
    const row = table.locator('tbody tr[aria-rowindex]').first();
    await expect(row).toContainText(user.fullname);
    await expect(row).toContainText('PENDING');
    await expect(table.locator('tbody tr[aria-rowindex]')).toHaveCount(1);

    await row.getByRole('button', { name: 'OTP', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Top-up: ${reference}` });
    await expect(modal.getByRole('textbox', { name: /One-time code/ })).toBeFocused();
    const since = new Date(Date.now() - 1000).toISOString();
    await modal.getByRole('button', { name: 'Re-send code', exact: true }).click();
    await expect(modal.getByRole('status').filter({ hasText: 'OPT has' })).toHaveText(
      'OPT has successfully been sent to your registered mobile and email address.',
    );
    const code = await codeFor(request, reference, since);
    await modal.getByRole('textbox', { name: /One-time code/ }).fill(code);
    await modal.getByRole('button', { name: 'Send Request', exact: true }).click();
    await expect(modal.getByRole('heading', { name: 'Transaction Completed', exact: true })).toBeVisible();
    await modal.getByRole('button', { name: 'Ok', exact: true }).click();
    await expect(table.locator('tbody')).toContainText('No records found');
    expect((await walletUser(request, demoLogins.group, user.fullname)).balance).toBe((Number(user.balance) + 40).toFixed(2));
  });
});

test.describe('wallet transactions screen (/wallet/transactions)', () => {
  test('[UW-9.06][UW-2.61] lists the last 7 days with a date-range picker and an Export menu; axe finds nothing serious', async ({ page }) => {
    await signIn(page, demoLogins.partner);
    await page.getByRole('navigation', { name: 'Main menu', exact: true }).getByRole('link', { name: 'Transactions', exact: true }).click();
    await expect(page).toHaveURL(/\/wallet\/transactions/);
    const table = page.getByRole('table', { name: 'Transactions', exact: true });
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Date range', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Excel', 'PDF']);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });

  test('[RP-2.14] axe finds nothing serious with the date-range calendar open, on this month and the one before', async ({ page }) => {
    await signIn(page, demoLogins.partner, { at: '/wallet/transactions' });
    await page.getByRole('button', { name: 'Date range', exact: true }).click();
    const calendar = page.getByRole('dialog', { name: 'Date range', exact: true });
    await expect(calendar).toBeVisible();
    await expectAccessible(page);
    await calendar.getByRole('button', { name: 'Previous month', exact: true }).click();
    await expectAccessible(page);
    // The header names the month shown; it opens the months of the year.
    await calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ }).click();
    await expect(calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('[RP-7.04] the PDF download is a PDF named after the range', async ({ page }) => {
    await signIn(page, demoLogins.partner);
    const [start, end] = [utcDay(-7), utcDay(0)];
    await openScreen(page, `/wallet/transactions?startDate=${start}&endDate=${end}`);
    await expect(page.getByRole('table', { name: 'Transactions', exact: true }).locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PDF', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Transactions_${start}_${end}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

// The demo world spreads its 20,000 transactions over five tenants; this gateway's own world gives teller exactly
// 20,000 in the last 90 days, so one export covers them all.
const atScale = test.extend<object, { scaleGateway: { url: string; startDate: string; endDate: string } }>({
  scaleGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'teller-e2e-scale-'));
      const startDate = utcDay(-90);
      prepareWorld({ dataDir, tenant: 'teller', transactions: 20_000, sinceDay: startDate });
      const gateway = await startGateway({ dataDir });
      await use({ url: gateway.url, startDate, endDate: utcDay(0) });
      await gateway.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ scaleGateway }, use) => use(scaleGateway.url),
});

atScale('[RP-7.03] exports 20,000 rows to Excel and the file reads back with numeric amounts', async ({ page, scaleGateway }) => {
  atScale.setTimeout(120_000);
  await signIn(page, demoLogins.partner, { at: `/wallet/transactions?startDate=${scaleGateway.startDate}&endDate=${scaleGateway.endDate}` });
  await expect(page.getByText('Showing 1 to 10 of 20000', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('menuitem', { name: 'Excel', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel Excel export', exact: true })).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Transaction List.xlsx');

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  expect(sheet.actualRowCount).toBe(20_001);
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const amountColumn = headers.indexOf('Amount');
  expect(amountColumn).toBeGreaterThan(0);
  const amount = sheet.getRow(2).getCell(amountColumn);
  expect(typeof amount.value).toBe('number');
  expect(amount.numFmt).toMatch(/0\.00/);
});
