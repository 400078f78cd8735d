// Four-eyes approvals in Chromium against the real gateway (schemas/approvals/teller.json: a top-up above 10,000.00
// GMD waits for a second person): the maker sees "Waiting for approval" instead of the fees, the checker approves it
// on the Approvals screen, the transaction is created once and the maker's code moves the money once; a rejection with
// its reason moves nothing; the maker can never approve their own request. Issue 22: a retried held request (same
// Idempotency-Key) is one approval in the checker's list and, once approved, answers the run's result; the person an
// action is about cannot decide it. Each test uses its own teller member.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CHECKER_LOGIN, DEMO_PASSWORD, demoLogins, expectAccessible, signIn } from './support';

interface Member {
  id: string;
  fullname: string;
  balance: string;
}

interface ApprovalDoc {
  data: { id: string; attributes: { status: string; summary: string; result: { status: number; document: { data?: { id: string; attributes: { referenceNumber: string } } } } | null } };
  errors?: Array<{ code?: string }>;
}

async function bearer(request: APIRequestContext, email: string): Promise<{ authorization: string }> {
  const response = await request.post('/api/v1/id/token', {
    data: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken}` };
}

type Included = { type: string; id: string; attributes: Record<string, unknown> };

/** The `index`-th Active or Verified teller member with a GMD wallet and a name of their own, by account id. */
async function memberAt(request: APIRequestContext, index: number): Promise<Member> {
  const response = await request.get('/api/v1/um/user', {
    params: { 'page[size]': '100', 'filter[account.roles]': '256', sort: '-account.accountId', include: 'account,wallet' },
    headers: await bearer(request, demoLogins.partner),
  });
  const body = (await response.json()) as {
    data: { id: string; attributes: { fullname: string }; relationships: Record<string, { data: { type: string; id: string } | null }> }[];
    included: Included[];
  };
  const related = (link: { type: string; id: string } | null | undefined) => body.included.find((entry) => link && entry.type === link.type && entry.id === link.id)?.attributes;
  const names = body.data.map((entry) => entry.attributes.fullname);
  const members = body.data.filter(
    (entry) =>
      related(entry.relationships.wallet?.data)?.currency === 'GMD' &&
      ['Active', 'Verified'].includes(String(related(entry.relationships.account?.data)?.statusName)) &&
      names.indexOf(entry.attributes.fullname) === names.lastIndexOf(entry.attributes.fullname),
  );
  const chosen = members[index];
  if (!chosen) throw new Error(`partner@demo.test has fewer than ${index + 1} members with a GMD wallet`);
  return { id: chosen.id, fullname: chosen.attributes.fullname, balance: String(related(chosen.relationships.wallet?.data)?.balance) };
}

async function balanceOf(request: APIRequestContext, member: Member): Promise<string> {
  const response = await request.get(`/api/v1/um/User/${member.id}`, { params: { include: 'wallet' }, headers: await bearer(request, demoLogins.partner) });
  const body = (await response.json()) as { included?: Included[] };
  return String(body.included?.find((entry) => entry.type === 'wallet' || 'balance' in entry.attributes)?.attributes.balance);
}

async function transactionsOf(request: APIRequestContext, member: Member): Promise<number> {
  const response = await request.get('/api/v1/wallet-transactions', { params: { 'filter[userId]': member.id, 'page[size]': '1' }, headers: await bearer(request, demoLogins.partner) });
  return ((await response.json()) as { meta: { itemTotal: number } }).meta.itemTotal;
}

/** The maker's top-up request through the API, with the Idempotency-Key given. */
function sendTopUp(request: APIRequestContext, member: Member, amount: number, key: string, headers: { authorization: string }) {
  return request.post('/api/v1/wallet-transactions', {
    headers: { ...headers, 'Idempotency-Key': key },
    data: { data: { type: 'wallettransaction', attributes: { Amount: String(amount), ReceiverUserId: member.id, template: 'topup' } } },
  });
}

/** The maker asks for a top-up through the API: the gateway holds it back and answers 202 with the approval. */
async function askTopUp(request: APIRequestContext, member: Member, amount: number): Promise<ApprovalDoc> {
  const response = await sendTopUp(request, member, amount, `e2e-approval-${Date.now()}-${member.id}`, await bearer(request, demoLogins.partner));
  expect(response.status()).toBe(202);
  return (await response.json()) as ApprovalDoc;
}

async function openApprovals(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu', exact: true }).getByRole('link', { name: 'Approvals', exact: true }).click();
  await expect(page).toHaveURL(/\/approvals/);
  const table = page.getByRole('table', { name: 'Approvals', exact: true });
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  return table;
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

test.describe('four-eyes approvals (schemas/approvals/teller.json)', () => {
  test('a top-up above the amount waits for the checker; approving creates it once and the money moves once', async ({ page, browser, request }) => {
    const member = await memberAt(request, 0);
    const before = await transactionsOf(request, member);

    // The maker: Verify Request answers "Waiting for approval" where the fees would be.
    await signIn(page, demoLogins.partner);
    await page.getByRole('navigation', { name: 'Main menu', exact: true }).getByRole('link', { name: 'Members', exact: true }).click();
    const members = page.getByRole('table', { name: 'Members', exact: true });
    await members.getByRole('textbox', { name: 'Filter Name', exact: true }).fill(member.fullname);
    await expect(members.locator('tbody tr[aria-rowindex]')).toHaveCount(1);
    await members.locator('tbody tr[aria-rowindex]').first().click();
    const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
    await panel.getByRole('combobox', { name: 'Top-up service', exact: true }).click();
    await page.getByRole('option', { name: 'Top Up' }).click();
    const modal = page.getByRole('dialog', { name: 'Top-up' });
    await modal.getByRole('textbox', { name: /Amount/ }).fill('15000');
    await modal.getByRole('button', { name: 'Verify Request', exact: true }).click();
    await expect(modal.getByRole('heading', { name: 'Waiting for approval', exact: true })).toBeVisible();
    await expect(modal.getByRole('status')).toContainText(`Top Up of 15000.00 GMD to the wallet of ${member.fullname}`);
    await expect(modal.getByRole('status')).toContainText('nothing has changed yet');
    await expect(modal.getByText('Transaction details and fees')).toHaveCount(0);
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Ok', exact: true }).click();
    expect(await transactionsOf(request, member)).toBe(before);
    expect(await balanceOf(request, member)).toBe(member.balance);

    // The checker: the header counts it, the Approvals screen shows before → after, Approve runs it.
    const checker = await signedIn(browser, CHECKER_LOGIN);
    await expect(checker.getByRole('link', { name: /^Approvals ?[1-9]\d* pending$/ })).toBeVisible();
    const table = await openApprovals(checker);
    const row = table.locator('tbody tr[aria-rowindex]').filter({ hasText: member.fullname }).filter({ hasText: '15000.00' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('pending');
    await expectAccessible(checker);
    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = checker.getByRole('dialog', { name: 'Approve this request?' });
    await expect(dialog.getByRole('table', { name: /^What changes/ })).toContainText('Wallet balance');
    await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
    await expectAccessible(checker);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(checker.getByText(/^Approved and done: Top Up of 15000\.00 GMD/).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('approved');

    // Created once, as the maker's pending transaction; a second approve answers the same result and creates nothing.
    const approvals = (await (await request.get('/api/v1/approvals', { params: { 'filter[status]': 'approved', 'page[size]': '100' }, headers: await bearer(request, CHECKER_LOGIN) })).json()) as { data: ApprovalDoc['data'][] };
    const approved = approvals.data.find((entry) => entry.attributes.summary.includes(member.fullname) && entry.attributes.summary.includes('15000.00'));
    const transaction = approved?.attributes.result?.document.data;
    expect(approved?.attributes.result?.status).toBe(201);
    expect(await transactionsOf(request, member)).toBe(before + 1);
    const again = await request.post(`/api/v1/approvals/${approved?.id ?? ''}/approve`, { headers: await bearer(request, CHECKER_LOGIN) });
    expect(((await again.json()) as ApprovalDoc).data.attributes.result).toEqual(approved?.attributes.result);
    expect(await transactionsOf(request, member)).toBe(before + 1);

    // The maker confirms with the customer's code, as any pending top-up: the money moves once.
    const outbox = (await (await request.get('/dev/outbox')).json()) as { data: { body: string; code?: string }[] };
    const code = outbox.data.find((message) => transaction && message.body.includes(transaction.attributes.referenceNumber))?.code ?? '';
    const confirmed = await request.patch(`/api/v1/wallet-transactions/${transaction?.id ?? ''}`, {
      headers: await bearer(request, demoLogins.partner),
      data: { data: { type: 'wallettransaction', id: transaction?.id, attributes: { Otp: code } } },
    });
    expect(confirmed.status()).toBe(200);
    expect(await balanceOf(request, member)).toBe((Number(member.balance) + 15000).toFixed(2));
    expect(await transactionsOf(request, member)).toBe(before + 1);
  });

  test('a rejection needs a reason, ends the approval and moves nothing', async ({ browser, request }) => {
    const member = await memberAt(request, 1);
    const before = await transactionsOf(request, member);
    const asked = await askTopUp(request, member, 12000);

    const checker = await signedIn(browser, CHECKER_LOGIN);
    const table = await openApprovals(checker);
    const row = table.locator('tbody tr[aria-rowindex]').filter({ hasText: member.fullname }).filter({ hasText: '12000.00' });
    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = checker.getByRole('dialog', { name: 'Reject this request?' });
    await expect(dialog.getByRole('textbox', { name: /Reason/ })).toBeFocused();
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('A reason is required.')).toBeVisible();
    await expectAccessible(checker);
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('The customer did not sign the form');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(checker.getByText(/^Rejected: Top Up of 12000\.00 GMD/).first()).toBeVisible();
    await expect(row).toContainText('rejected');
    await expect(row).toContainText('The customer did not sign the form');

    const late = await request.post(`/api/v1/approvals/${asked.data.id}/approve`, { headers: await bearer(request, CHECKER_LOGIN) });
    expect(late.status()).toBe(409);
    expect(await transactionsOf(request, member)).toBe(before);
    expect(await balanceOf(request, member)).toBe(member.balance);
  });

  test('the maker cannot approve their own request: no Approve on the screen, 403 from the gateway', async ({ page, request }) => {
    const member = await memberAt(request, 2);
    const asked = await askTopUp(request, member, 11000);
    await signIn(page, demoLogins.partner);
    const table = await openApprovals(page);
    const row = table.locator('tbody tr[aria-rowindex]').filter({ hasText: member.fullname }).filter({ hasText: '11000.00' });
    await expect(row).toContainText('pending');
    await expect(row.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
    const own = await request.post(`/api/v1/approvals/${asked.data.id}/approve`, { headers: await bearer(request, demoLogins.partner) });
    expect(own.status()).toBe(403);
    expect(((await own.json()) as ApprovalDoc).errors?.[0]?.code).toBe('maker_cannot_approve');
  });

  test('[issue 22] a held top-up retried with the same key is one approval for the checker, and after approval the retry answers its result', async ({ browser, request }) => {
    const member = await memberAt(request, 3);
    const before = await transactionsOf(request, member);
    const maker = await bearer(request, demoLogins.partner);
    const key = `e2e-retry-${Date.now()}-${member.id}`;
    const first = await sendTopUp(request, member, 13000, key, maker);
    expect(first.status()).toBe(202);
    const asked = (await first.json()) as ApprovalDoc;
    // The maker's client retries (a timeout, a double click): the same approval, never a second one.
    const again = await sendTopUp(request, member, 13000, key, maker);
    expect(again.status()).toBe(202);
    expect(((await again.json()) as ApprovalDoc).data.id).toBe(asked.data.id);
    const reused = await sendTopUp(request, member, 14000, key, maker);
    expect(reused.status()).toBe(422);
    expect(((await reused.json()) as ApprovalDoc).errors?.[0]?.code).toBe('idempotency_key_reused');

    const checker = await signedIn(browser, CHECKER_LOGIN);
    const table = await openApprovals(checker);
    const rows = table.locator('tbody tr[aria-rowindex]').filter({ hasText: member.fullname });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('13000.00');
    await expect(rows).toContainText('pending');
    await rows.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = checker.getByRole('dialog', { name: 'Approve this request?' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(checker.getByText(/^Approved and done: Top Up of 13000\.00 GMD/).first()).toBeVisible();
    await expect(rows).toContainText('approved');

    // The retry after approval answers what the approval's run answered: the same pending transaction, created once.
    const approved = (await (await request.get(`/api/v1/approvals/${asked.data.id}`, { headers: await bearer(request, CHECKER_LOGIN) })).json()) as ApprovalDoc;
    const late = await sendTopUp(request, member, 13000, key, maker);
    expect(late.status()).toBe(201);
    expect(late.headers()['idempotent-replayed']).toBe('true');
    expect(((await late.json()) as { data: { id: string } }).data.id).toBe(approved.data.attributes.result?.document.data?.id);
    expect(await transactionsOf(request, member)).toBe(before + 1);
    await checker.reload();
    await expect(table.locator('tbody tr[aria-rowindex]').filter({ hasText: member.fullname })).toHaveCount(1);
  });

  test('[issue 22] the person an action is about cannot decide it: the checker asked to be sanctioned gets no Approve, and the gateway says why', async ({ browser, request }) => {
    const users = (await (await request.get('/api/v1/um/user', { params: { 'filter[email]': CHECKER_LOGIN }, headers: await bearer(request, demoLogins.partner) })).json()) as {
      data: { id: string; attributes: { fullname: string } }[];
    };
    const subject = users.data[0];
    expect(subject).toBeDefined();
    const asked = await request.patch(`/api/v1/um/account/${subject?.id ?? ''}`, {
      headers: await bearer(request, demoLogins.partner),
      data: { data: { type: 'Account', attributes: { status: 32, reason: 'e2e conflict of interest' } } },
    });
    expect(asked.status()).toBe(202);
    const approval = (await asked.json()) as ApprovalDoc;

    const checker = await signedIn(browser, CHECKER_LOGIN);
    const table = await openApprovals(checker);
    const row = table.locator('tbody tr[aria-rowindex]').filter({ hasText: 'e2e conflict of interest' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Add To Sanction for the staff member ${subject?.attributes.fullname ?? ''}`);
    await expect(row).toContainText('pending');
    await expect(row.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
    const own = await request.post(`/api/v1/approvals/${approval.data.id}/approve`, { headers: await bearer(request, CHECKER_LOGIN) });
    expect(own.status()).toBe(403);
    const error = ((await own.json()) as { errors: { code?: string; title: string }[] }).errors[0];
    expect(error?.code).toBe('subject_cannot_approve');
    expect(error?.title).toBe('This action is about you: another person must decide it.');
  });
});
