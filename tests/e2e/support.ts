// Shared steps for the end-to-end suite: demo logins, the gateway's outbox, accessibility scans.
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { FIRST_SCREEN_HOLD, SESSION_KEYS } from '../../src/api/page-contract.ts';
import type { components, operations } from '../../src/api/gateway.d.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export const demoLogins = {
  super: 'super@demo.test',
  partner: 'partner@demo.test',
  group: 'group@demo.test',
  officer: 'officer@demo.test',
  payout: 'payout@demo.test',
  payin: 'payin@demo.test',
} as const;

/** The four-eyes approver of the main wallet tenant (schemas/approvals/teller.json). */
export const CHECKER_LOGIN = 'checker@demo.test';

/**
 * Opens /login and waits for the app's working card: login.html paints an inert copy first (scripts/first-paint.ts),
 * which looks the same but takes no input, so a key pressed before the app has rendered would go nowhere.
 */
export async function openLogin(page: Page) {
  await page.goto('/login');
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  await expect(page.getByLabel(/^Email/)).toBeVisible();
}

/**
 * How long a page may take to become ready (hydrated, its first screen drawn) before a test fails: the app's code is
 * parsed and run first, which passed the suite's 10 s on a 2-core machine kept busy (load 25, issue 25). A wait, not
 * an assertion on time.
 */
const READY_TIMEOUT = 30_000;

/** The web app's sign-in client (src/features/auth/api/sign-in.ts WEB_CLIENT_ID; that module needs a browser). */
const WEB_CLIENT_ID = 'teller-web';

// The demo logins e2e tests sign in with have no second factor, so the answer is the (cookie) session (issue 28).
type TokenAnswer = components['schemas']['CookieSessionDocument'];
type TenantSelections = operations['listTenantSelections']['responses'][200]['content']['application/json'];
type TenantAnswer = operations['connectToken']['responses'][200]['content']['application/json'];

export interface SignInOptions {
  password?: string;
  /**
   * The tenant the tab has chosen, by the name its selector shows (the admin tenant's staff only), as after a switch;
   * the tab still opens `at` ('/' by default, the admin home), not the tenant's home the selector goes to.
   */
  tenant?: string;
  /** The screen the tab opens first, instead of the person's home ("/"): one page load, not two. */
  at?: string;
  /** For a login with a second factor (issue 28): makes its current authenticator-app code, given after the password. */
  factorCode?: () => string;
}

/**
 * Signs in as the login form does, without the form: the gateway's own token call (which also sets the browser's
 * session cookie, as the app's call does), then the tab's session stored under the keys and in the shape
 * src/api/session.ts stores it, and the first screen opened and hydrated. With `tenant`, the tenant switch's own
 * calls (src/app/tenant-switch.ts: the selection list, then connect/token, which sets the tenant cookie) and the
 * chosen tenant stored as the switch stores it. For every test whose subject is not sign-in or the switch; the one
 * place that knows how a tab is signed in (sign-in-through-api.spec.ts proves the tab ends up as after
 * `signInThroughForm`).
 */
export async function signIn(page: Page, email: string, { password = DEMO_PASSWORD, tenant, at, factorCode }: SignInOptions = {}) {
  // As the app on the gateway's origin signs in: a cookie session, whose CSRF token the tab keeps (issue 28 item 4).
  let answer = await page.request.post('/api/v1/id/token', {
    headers: COOKIE_SESSION,
    data: { data: { type: 'token', attributes: { username: email, password, clientid: WEB_CLIENT_ID } } },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  if (factorCode) {
    const { pendingToken } = ((await answer.json()) as { data: { attributes: { pendingToken: string } } }).data.attributes;
    answer = await page.request.post('/api/v1/id/token/second-factor', {
      headers: COOKIE_SESSION,
      data: { data: { type: 'secondfactor', attributes: { pendingToken, code: factorCode() } } },
    });
    expect(answer.status(), `second factor of ${email}`).toBe(200);
  }
  const { attributes } = ((await answer.json()) as TokenAnswer).data;
  const { user } = attributes;
  const { csrfToken } = attributes;
  expect(csrfToken, 'a cookie session answers its CSRF token').toBeTruthy();
  const stored: Record<string, unknown> = {
    [SESSION_KEYS.session]: { csrfToken, expiresAt: Date.now() + attributes.expiresIn * 1000 },
    [SESSION_KEYS.user]: {
      userId: String(user.id),
      email: user.email,
      roles: user.roles,
      tenantId: user.tenant,
      tenantName: user.tenantName,
      tenantType: user.tenantType,
      claim: user.claim ?? null,
      adminTenant: user.adminTenant,
    },
  };
  if (tenant !== undefined) stored[SESSION_KEYS.tenant] = await chooseTenant(page, csrfToken, tenant);
  // A new session has no login message, and no tenant unless one was chosen (sessionStore.signIn, selectTenant).
  const cleared = tenant === undefined ? [SESSION_KEYS.tenant, SESSION_KEYS.loginMessage] : [SESSION_KEYS.loginMessage];
  // Before the first page of the tab runs, and only for it: a later page (after Logout, say) finds what the tab left.
  const seeding = await page.addInitScript(({ entries, cleared }) => {
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, JSON.stringify(value));
    for (const key of cleared) sessionStorage.removeItem(key);
  }, { entries: stored, cleared });
  try {
    await openScreen(page, at ?? '/');
  } finally {
    await seeding.dispose();
  }
  await expect(page).not.toHaveURL(/\/login/);
  // As after the form: the way to the person's home ("/" to it) is over and the landing screen has drawn.
  if (at === undefined) await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: READY_TIMEOUT });
}

/** The tenant switch's calls for the tenant named `name`, as the session itself: what the tab stores of it. */
async function chooseTenant(page: Page, csrfToken: string, name: string) {
  const headers = cookieCallHeaders(csrfToken);
  const listed = await page.request.get('/api/v1/id/tenant/tenantselections', { headers });
  expect(listed.status(), 'tenant selections').toBe(200);
  const choice = ((await listed.json()) as TenantSelections).data.find((entry) => entry.attributes.name === name);
  if (!choice) throw new Error(`no tenant named ${name} to switch to`);
  const { clientId, grantType, scope, type } = choice.attributes;
  const switched = await page.request.post('/connect/token', {
    headers,
    form: { client_id: clientId, grant_type: grantType, ...(scope === '' ? {} : { scope }) },
  });
  expect(switched.status(), `switch to ${name}`).toBe(200);
  const answer = (await switched.json()) as TenantAnswer;
  expect(answer.access_token, 'a cookie session is given no tenant token').toBeUndefined();
  return { id: choice.id, name, type };
}

/** The header by which the app asks for a cookie session at sign-in (the contract's `Teller-Session`). */
export const COOKIE_SESSION = { 'teller-session': 'cookie' } as const;

/** What a cookie session's call carries besides the cookie (src/api/session.ts authHeaders), in `tenant` if named. */
export function cookieCallHeaders(csrfToken: string, tenant?: string): Record<string, string> {
  return { 'x-csrf-token': csrfToken, ...(tenant ? { 'x-teller-tenant': tenant } : {}) };
}

/** The tab's own headers for a call as the app makes it now (a cookie session's CSRF token and chosen tenant). */
export async function tabCallHeaders(page: Page): Promise<Record<string, string>> {
  const { csrfToken, tenant } = await page.evaluate((keys) => {
    const session = JSON.parse(sessionStorage.getItem(keys.session) ?? '{}') as { csrfToken?: string };
    const chosen = JSON.parse(sessionStorage.getItem(keys.tenant) ?? 'null') as { id?: string } | null;
    return { csrfToken: session.csrfToken ?? '', tenant: chosen?.id };
  }, SESSION_KEYS);
  return cookieCallHeaders(csrfToken, tenant);
}

/** Signs in through the login form, for the tests whose subject is sign-in itself. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await openLogin(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // The landing screen has drawn: a test's first click is not raced by the way there ("/" to the person's home).
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** A page the gateway drew takes input once the app has hydrated it (#root holds its input until then). */
export async function expectHydrated(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute(FIRST_SCREEN_HOLD, { timeout: READY_TIMEOUT });
}

/**
 * Opens a screen by its address and waits until it takes input: a signed-in screen the gateway drew takes none until
 * the app has hydrated it, and a pointer or a read of the page before then would meet a picture of the screen.
 */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expectHydrated(page);
}

/** `email` signed in in a browser of its own (another device, as far as the gateway can tell). */
export async function signedInElsewhere(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** GET `path` from the gateway as the tab's own session (its cookie and CSRF token, in its tenant), as the app reads it. */
export async function readAsTheTab<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path, { headers: await tabCallHeaders(page) });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

export interface OutboxMessage {
  id: string;
  at: string;
  channel: string;
  to: string;
  subject: string;
  body: string;
  code?: string;
  link?: string;
}

/** The newest outbox message to `to` written after `since`, waiting briefly for it to arrive. */
export async function latestMessage(request: APIRequestContext, to: string, since: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox');
      const body = (await response.json()) as { data: OutboxMessage[] };
      found = body.data.find((message) => message.to === to && message.at >= since);
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`no outbox message to ${to}`);
  return found;
}

/** axe's rules whose verdict depends on the colours drawn (text contrast, a link told from its text by colour). */
const AXE_COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** axe must find no serious or critical violation on the page as it stands. Label-in-name (WCAG 2.5.3) is one of
 * axe's experimental rules, off unless asked for: a control whose name differs from the words it shows is serious. */
export async function expectAccessible(page: Page, within?: string) {
  // Dialogs, menus, calendars and toasts fade in and out, and a toast may start to fade while axe reads the page: with
  // transitions off, axe measures every element as staff see it at rest, never a half-faded frame.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const scan = (builder: AxeBuilder) => (within ? builder.include(within) : builder);
  // Issue 22: in both colour schemes, the one drawn and the other (the theme switch sets Mantine's attribute on <html>;
  // setting it here draws the same page, its dialogs and menus still open, in the other scheme's colours). The other
  // scheme changes colours only, so its scan runs axe's rules that read colours; every rule ran on the page as drawn.
  // Only violations are read, so axe keeps no node lists of what passed (users.spec.ts's 13 scans: 27.8 → 23.6 s).
  // Each builder gets its own options object: AxeBuilder keeps the one it is given and withRules writes into it.
  const everyRule = scan(new AxeBuilder({ page }).options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } }));
  const colourRules = scan(new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withRules([...AXE_COLOUR_RULES]));
  const drawn = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light');
  const found: string[] = [];
  try {
    for (const scheme of drawn === 'dark' ? ['dark', 'light'] : ['light', 'dark']) {
      await page.evaluate((name) => document.documentElement.setAttribute('data-mantine-color-scheme', name), scheme);
      const results = await (scheme === drawn ? everyRule : colourRules).analyze();
      const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      found.push(...blocking.map((violation) => `${scheme}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.html.slice(0, 160)} ${node.any[0]?.message ?? ''}`).join(' | ')})`));
    }
  } finally {
    await page.evaluate((name) => document.documentElement.setAttribute('data-mantine-color-scheme', name), drawn);
    await still.evaluate((style) => style.parentNode?.removeChild(style));
  }
  expect(found).toEqual([]);
}

/** The Birth Date calendar of `form` (the user panel in edit mode, the Create User wizard) has no serious violation on
 * the month it opens on, nor on the one before. */
export async function expectBirthDateCalendarAccessible(page: Page, form: Locator) {
  await form.getByRole('textbox', { name: /^Birth Date/ }).click();
  const calendar = page.getByRole('dialog', { name: /^Birth Date calendar/ });
  await expect(calendar).toBeVisible();
  await expectAccessible(page);
  await calendar.getByRole('button', { name: 'Previous month', exact: true }).click();
  await expectAccessible(page);
}

/** `target` is the element a pointer at its centre reaches: nothing (a toast, an overlay) is drawn over it. */
export async function expectPointerReaches(target: Locator) {
  const reached = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit && element.contains(hit) ? 'the target' : (hit?.outerHTML.slice(0, 160) ?? 'nothing');
  });
  expect(reached).toBe('the target');
}
