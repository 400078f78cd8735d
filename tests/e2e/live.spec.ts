// Live tables, in Chromium against the real gateway: a status change made in one tab shows in another tab's open
// Members table as it happens (the aim is within a second; the test leaves the time to the machine), in place (no
// reload, the scroll position kept, the row highlighted), and a stream that dropped reconnects and catches up on what
// happened meanwhile, as does a cold load's stream opened after its first page.
import { expect, test, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { demoLogins, openScreen, signIn, tabCallHeaders } from './support';

interface StatusAnswer {
  data: { attributes: { statusName: string } };
}

/** Calls the gateway from `page` as its own session (cookie and CSRF token), as the app would. */
async function gateway<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const headers = await tabCallHeaders(page);
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const response = await fetch(path, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body, headers },
  );
}

/** Marks the account Duplicate, or clears the mark; answers the status name it now shows. */
async function toggleDuplicate(page: Page, accountId: string): Promise<string> {
  const found = await gateway<{ data: Array<{ id: string }> }>(page, 'GET', `/api/v1/um/user?filter[account.accountId]=${encodeURIComponent(accountId)}&include=account`);
  const id = found.data[0]?.id;
  if (!id) throw new Error(`No user with account id ${accountId}`);
  const account = await gateway<{ included?: Array<{ type: string; attributes: { status?: number } }> }>(page, 'GET', `/api/v1/um/User/${id}?include=account`);
  const status = account.included?.find((part) => part.type === 'account')?.attributes.status ?? 0;
  const answer = await gateway<StatusAnswer>(page, 'PATCH', `/api/v1/um/account/${id}`, {
    data: { type: 'Account', attributes: { status: status & 2 ? -2 : 2, reason: 'Live tables e2e' } },
  });
  return answer.data.attributes.statusName;
}

/** Two signed-in partner tabs in their own browsers: `watcher` with its change stream open, and `actor`. */
async function watcherAndActor(browser: Browser, watcherOptions: BrowserContextOptions = {}) {
  const watching = await browser.newContext(watcherOptions);
  const acting = await browser.newContext();
  const watcher = await watching.newPage();
  const actor = await acting.newPage();
  // One stream per signed-in tab, opened once signed in.
  const streamOpened = watcher.waitForRequest((request) => request.url().includes('/api/v1/changes'));
  await signIn(watcher, demoLogins.partner);
  await streamOpened;
  await signIn(actor, demoLogins.partner);
  return { watching, acting, watcher, actor };
}

/** Opens the Members list in `watcher` and finds a Verified row: the row, its account id and a locator that finds the
 * same row whatever its status shows. The list is newest first and other workers add members to the same tenant, so
 * a test whose list is read again takes one of the first such rows, each test its own (`last` is for a test that
 * needs to scroll: a row near the page's end, which a re-read could push to the next page). */
async function verifiedMember(watcher: Page, which: number | 'last') {
  // Hydrated first: the gateway draws the rows before the screen's code has loaded, and a tab taken offline then
  // would be testing a failed load, not a live table.
  await openScreen(watcher, '/wallet/users');
  const table = watcher.getByRole('table', { name: 'Members' });
  const verified = table.locator('tbody tr').filter({ hasText: 'Verified' });
  const row = which === 'last' ? verified.last() : verified.nth(which);
  await expect(row).toBeVisible();
  const accountId = (await row.locator('td').nth(1).innerText()).trim();
  return { row, accountId, sameRow: table.locator('tbody tr').filter({ hasText: accountId }) };
}

/**
 * Notes from now on whether the row showing `accountId` was highlighted as changed: the highlight lasts a moment
 * (HIGHLIGHT_MS) and a busy machine may read the row after it ended. Answers a function that tells.
 */
async function noteHighlight(watcher: Page, accountId: string): Promise<() => Promise<boolean>> {
  const mark = `highlighted-${accountId}`;
  await watcher.evaluate(
    ({ accountId, mark }) => {
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('tr[data-live-changed="true"]')) {
          if (row.textContent?.includes(accountId)) sessionStorage.setItem(mark, 'yes');
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-live-changed'] });
    },
    { accountId, mark },
  );
  return () => watcher.evaluate((mark) => sessionStorage.getItem(mark) === 'yes', mark);
}

/**
 * Takes the watching tab offline and returns once the page knows it (navigator.onLine): coming back online is what
 * makes the stream reconnect after the last id it read (src/api/change-stream.ts).
 */
async function goOffline(watching: BrowserContext, watcher: Page): Promise<void> {
  await watching.setOffline(true);
  await expect.poll(() => watcher.evaluate(() => navigator.onLine)).toBe(false);
}

test('a status change in one tab shows in another tab’s open table within a second, in place, and a reconnect catches up', async ({ browser }) => {
  const { watching, acting, watcher, actor } = await watcherAndActor(browser, { viewport: { width: 1280, height: 520 } });

  const { row, accountId, sameRow } = await verifiedMember(watcher, 'last');
  await row.scrollIntoViewIfNeeded();
  await watcher.evaluate(() => window.scrollBy(0, 40));
  const scrollY = await watcher.evaluate(() => window.scrollY);
  expect(scrollY).toBeGreaterThan(0);
  await watcher.evaluate(() => Object.assign(window, { liveMarker: 'not reloaded' }));

  const highlighted = await noteHighlight(watcher, accountId);
  const shown = await toggleDuplicate(actor, accountId);
  // The highlight and the page left as it was prove the change came by the stream; how soon it comes is the machine's
  // to decide (a 1 s and a 3 s wait here failed at load 14: issue 25), so the expectation's own wait applies.
  await expect(sameRow).toContainText(shown);
  await expect.poll(highlighted).toBe(true);
  expect(await watcher.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('not reloaded');
  expect(await watcher.evaluate(() => window.scrollY)).toBe(scrollY);

  // The connection drops; a change happens meanwhile; the stream comes back after the last id it read.
  await goOffline(watching, watcher);
  const meanwhile = await toggleDuplicate(actor, accountId);
  const resumed = watcher.waitForRequest((request) => request.url().includes('/api/v1/changes') && request.headers()['last-event-id'] !== undefined);
  await watching.setOffline(false);
  await resumed;
  await expect(sameRow).toContainText(meanwhile);
  expect(await watcher.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('not reloaded');

  await watching.close();
  await acting.close();
});

test('a cold load’s stream, opened after the first page, still brings a change made in between', async ({ browser }) => {
  const watching = await browser.newContext();
  const acting = await browser.newContext();
  const watcher = await watching.newPage();
  const actor = await acting.newPage();
  // The signed-in tab's own stream is asked for first (at once, or later on a busy machine): awaited here, so the
  // stream the test holds below is the cold load's, not this one.
  const signedInStream = watcher.waitForRequest((request) => request.url().includes('/api/v1/changes'));
  await signIn(watcher, demoLogins.partner);
  await signedInStream;
  await signIn(actor, demoLogins.partner);

  // The reload's stream waits until the change is made: it connects only after the first page was read.
  let releaseStream: () => void = () => undefined;
  const streamHeld = new Promise<void>((release) => (releaseStream = release));
  const streamAsked = watcher.waitForRequest((request) => request.url().includes('/api/v1/changes'));
  await watcher.route('**/api/v1/changes', async (route) => {
    await streamHeld;
    await route.continue();
  });
  const { accountId, sameRow } = await verifiedMember(watcher, 0);
  const highlighted = await noteHighlight(watcher, accountId);
  const shown = await toggleDuplicate(actor, accountId);
  const request = await streamAsked;
  expect(request.headers()['last-event-id'], 'the stream starts from the first page’s change cursor').toMatch(/^[0-9]+(-[0-9]+)?$/);
  releaseStream();
  await expect(sameRow).toContainText(shown);
  await expect.poll(highlighted).toBe(true);
  // Leave the member Verified, as found, for the other tests of this tenant.
  await toggleDuplicate(actor, accountId);
  await watching.close();
  await acting.close();
});

test('a tab whose stream cursor the gateway never wrote (it outlived a database restore) reads its open list again and follows changes from the newest event', async ({ browser }) => {
  const { watching, acting, watcher, actor } = await watcherAndActor(browser);
  const { accountId, sameRow } = await verifiedMember(watcher, 1);
  await watcher.evaluate(() => Object.assign(window, { liveMarker: 'not reloaded' }));

  // The tab goes away; meanwhile a change is made; when it comes back its cursor is one the database never wrote,
  // ahead of the newest event, as after a restore from an older backup.
  await goOffline(watching, watcher);
  const meanwhile = await toggleDuplicate(actor, accountId);
  const refused = watcher.waitForResponse((response) => response.url().includes('/api/v1/changes') && response.status() === 400);
  let replaced = false;
  await watcher.route('**/api/v1/changes', async (route) => {
    const headers = route.request().headers();
    if (replaced || headers['last-event-id'] === undefined) return route.continue();
    replaced = true;
    return route.continue({ headers: { ...headers, 'last-event-id': '999999999999' } });
  });
  const fromNewest = watcher.waitForRequest((request) => request.url().includes('/api/v1/changes') && request.headers()['last-event-id'] === undefined);
  await watching.setOffline(false);
  await refused;
  await fromNewest;
  // The open list is read again: the change made while the tab was away shows.
  await expect(sameRow).toContainText(meanwhile);
  // And the stream follows from the newest event: the next change arrives live.
  const highlighted = await noteHighlight(watcher, accountId);
  const next = await toggleDuplicate(actor, accountId);
  await expect(sameRow).toContainText(next);
  await expect.poll(highlighted).toBe(true);
  expect(await watcher.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('not reloaded');
  await watching.close();
  await acting.close();
});
