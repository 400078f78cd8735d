import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoLogins, expectAccessible, openLogin, openScreen, signInThroughForm } from './support';

test.describe('sign-in', () => {
  test('[UW-2.68] the page title starts as Loading...', async ({ page }) => {
    const response = await page.request.get('/login', { headers: { accept: 'text/html' } });
    expect(await response.text()).toContain('<title>Loading...</title>');
  });

  test('[UW-2.01][UW-2.09][UW-5.01] the login button is enabled only with both fields', async ({ page }) => {
    await openLogin(page);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await expect(login).toBeDisabled();
    await page.getByLabel(/^Email/).fill(demoLogins.partner);
    await expect(login).toBeDisabled();
    await page.getByLabel(/^Password/).fill('x');
    await expect(login).toBeEnabled();
    await page.getByLabel(/^Email/).fill('');
    await expect(login).toBeDisabled();
  });

  test('[UW-4.49][UW-8.06] a wrong password shows the server message until dismissed', async ({ page }) => {
    await openLogin(page);
    await page.getByLabel(/^Email/).fill(demoLogins.partner);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(alert).toBeHidden();
  });

  test('[UW-2.10][UW-2.02] a protected route redirects to login with the redirect parameter, and back after sign-in', async ({ page }) => {
    await page.goto('/user/profile?tab=1');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile%3Ftab%3D1$/);
    await page.getByLabel(/^Email/).fill(demoLogins.partner);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/profile\?tab=1$/);
  });

  test('[UW-2.11][UW-2.03] a signed-in visitor of /login goes to the redirect target or /', async ({ page }) => {
    await signInThroughForm(page, demoLogins.partner);
    await page.goto('/login?redirect=%2Fuser%2Fprofile');
    await expect(page).toHaveURL(/\/user\/profile$/);
    await page.goto('/forgetpassword');
    await expect(page).not.toHaveURL(/forgetpassword/);
  });

  test('[UW-2.08] an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByText('Sorry, page not found!', { exact: true })).toBeVisible();
  });

  test('[UW-4.50][UW-8.04] a 401 clears the session and the login page says it expired', async ({ page }) => {
    await signInThroughForm(page, demoLogins.partner);
    // The gateway rejects a session cookie it did not sign: the next call answers 401.
    await page.context().addCookies([{ name: 'teller_session', value: 'expired.token.value', url: page.url(), httpOnly: true, sameSite: 'Strict' }]);
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert')).toHaveText('Session has expired.  Log-in again.');
    expect(await page.evaluate(() => sessionStorage.getItem('teller.session'))).toBeNull();
  });

  test('[UW-3.17][UW-3.18] signing in to NACCUG loads roles, groups, statuses, countries and transaction types', async ({ page }) => {
    await openLogin(page);
    const lists = ['/api/v1/um/roles', '/api/v1/um/groups', '/api/v1/um/status', '/api/v1/um/countries', '/api/v1/tx/transactiontypes'];
    const requests = lists.map((path) => page.waitForRequest((request) => new URL(request.url()).pathname === path));
    await page.getByLabel(/^Email/).fill(demoLogins.group);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The landing page is the menu's first item, the dashboard, which asks for none of them itself.
    await expect(page).toHaveURL(/\/Dashboard$/i);
    expect((await Promise.all(requests)).map((request) => new URL(request.url()).pathname)).toEqual(lists);
  });

  test('[UW-3.16] storage keeps the login session and the user info; a reload restores the sign-in', async ({ page }) => {
    await signInThroughForm(page, demoLogins.partner);
    const stored = await page.evaluate(() => ({
      session: JSON.parse(sessionStorage.getItem('teller.session') ?? 'null') as { csrfToken?: string } | null,
      user: JSON.parse(sessionStorage.getItem('teller.user') ?? 'null') as { email?: string; tenantId?: string } | null,
    }));
    expect(stored.session?.csrfToken).toBeTruthy();
    expect(stored.user).toMatchObject({ email: demoLogins.partner, tenantId: 'teller' });
    // docs/decisions.md "Sessions and attempt limits": the tab's sessionStorage, never localStorage.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.reload();
    await expect(page.getByRole('button', { name: `Account menu for ${demoLogins.partner}` })).toBeVisible();
  });

  test('[issue 28] the session is an httpOnly cookie no page script can read; a call without its CSRF token is refused; logout ends it', async ({ page }) => {
    await signInThroughForm(page, demoLogins.partner);
    const seen = await page.evaluate(() => ({
      cookies: document.cookie,
      storage: Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '').join(' ') + JSON.stringify({ ...localStorage }),
    }));
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'teller_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // Neither the cookie nor any token (a JWT starts "eyJ") is within a page script's reach.
    expect(seen.cookies).not.toContain('teller_session');
    expect(seen.storage).not.toContain(session?.value ?? 'no session cookie');
    expect(seen.storage).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);

    // An action works: the profile's Sessions tab signs out the others, by cookie and CSRF token.
    // A drawn page takes no click before the app has hydrated it (support.ts openScreen).
    await openScreen(page, '/user/profile');
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page.getByText('This session', { exact: true })).toBeVisible();

    // A forged call (the browser adds the cookie, but the script has no token): 403, and the gateway changed nothing.
    const forged = await page.evaluate(async () => {
      const response = await fetch('/api/v1/id/sessions', { method: 'DELETE' });
      return { status: response.status, body: (await response.json()) as { errors: { code?: string }[] } };
    });
    expect(forged.status).toBe(403);
    expect(forged.body.errors[0]?.code).toBe('csrf_refused');

    const held = { cookie: `teller_session=${session?.value ?? ''}`, 'x-csrf-token': (await page.evaluate(() => (JSON.parse(sessionStorage.getItem('teller.session') ?? '{}') as { csrfToken?: string }).csrfToken ?? '')) };
    expect((await page.request.get('/api/v1/um/roles', { headers: held })).status()).toBe(200);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'teller_session')).toBeUndefined();
    expect((await page.request.get('/api/v1/um/roles', { headers: held })).status()).toBe(401);
  });

  test('keyboard-only sign-in', async ({ page }) => {
    await openLogin(page);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^Email/)).toBeFocused();
    await page.keyboard.type(demoLogins.partner);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^Password/)).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('[UW-2.68] theme cookie survives a reload', async ({ page, context }) => {
    await signInThroughForm(page, demoLogins.partner);
    const cookie = async () => (await context.cookies()).find((entry) => entry.name === 'theme')?.value;
    expect(await cookie()).toBe('teller');
    await page.getByRole('button', { name: /theme/i }).click();
    expect(await cookie()).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('login and recovery screens have no serious accessibility violation', async ({ page }) => {
    for (const path of ['/login', '/forgetpassword', '/recoverycode?email=a%2Bb@demo.test', '/auth/resetpassword/x', '/auth/newpassword/x', '/nowhere']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
  });
});

test.describe('password recovery through the outbox', () => {

  test('[UW-2.12][UW-5.02] forgot password requires a valid email', async ({ page }) => {
    await page.goto('/forgetpassword');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Invalid Email', { exact: true })).toBeVisible();
  });

  test('[UW-2.15] the recovery screen turns spaces in the email back into plus signs', async ({ page }) => {
    await page.goto('/recoverycode?email=ops+team@demo.test');
    await expect(page.getByText('ops+team@demo.test', { exact: true })).toBeVisible();
  });

  test('[UW-2.07][UW-2.18][UW-2.19] new-account mode has its own heading and button', async ({ page }) => {
    await page.goto('/auth/newpassword/some-token');
    await expect(page.getByRole('heading', { name: 'Your new account has been created', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set Password', exact: true })).toBeVisible();
  });
});
