// Behind the README's TLS proxy (issue 22, defect 1): Chromium reaches the gateway over HTTPS through the project's TLS
// front (scripts/tls-front.ts, which sets X-Forwarded-For and X-Forwarded-Proto as nginx does), and the gateway trusts
// that hop (start-gateway.ts: TELLER_TRUSTED_PROXIES=127.0.0.1). The session cookies are Secure, and the browser sends
// them back over HTTPS to have its pages drawn. Limits and audit rows per real client behind the front:
// server/behind-tls-front.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { startTlsFront, type TlsFront } from '../../scripts/tls-front';
import { demoLogins, signIn, signInThroughForm } from './support';

interface ThroughFront {
  front: TlsFront;
  context: BrowserContext;
  close: () => Promise<void>;
}

/** A browser context whose every request goes through a new TLS front before the e2e gateway at `gateway`. */
async function throughFront(browser: Browser, gateway: string): Promise<ThroughFront> {
  const dir = mkdtempSync(join(tmpdir(), 'teller-e2e-front-'));
  const front = await startTlsFront(gateway, dir);
  // The front's certificate is made for the run.
  const context = await browser.newContext({ baseURL: front.url, ignoreHTTPSErrors: true });
  return {
    front,
    context,
    close: async () => {
      await context.close();
      await front.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('signing in over HTTPS through the TLS front sets the session cookie Secure, and the signed-in page is drawn for it', async ({ browser, baseURL }) => {
  const { front, context, close } = await throughFront(browser, baseURL ?? '');
  try {
    const page = await context.newPage();
    await signInThroughForm(page, demoLogins.partner);
    expect(page.url().startsWith(`${front.url}/`)).toBe(true);
    const cookies = await context.cookies(front.url);
    expect(cookies.find((cookie) => cookie.name === 'teller_session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    // Chromium sends a Secure cookie back over HTTPS only: a cold load of the members list comes drawn for the session.
    const drawn = await page.request.get('/wallet/users', { headers: { accept: 'text/html' } });
    expect(await drawn.text()).toContain('aria-label="Members"');
  } finally {
    await close();
  }
});

test('choosing a tenant through the TLS front sets the tenant cookie Secure', async ({ browser, baseURL }) => {
  const { front, context, close } = await throughFront(browser, baseURL ?? '');
  try {
    const page = await context.newPage();
    await signIn(page, demoLogins.super);
    const selector = page.getByRole('combobox', { name: 'Tenant', exact: true });
    await selector.click();
    await page.getByRole('option', { name: 'NACCUG', exact: true }).click();
    await expect(selector).toHaveValue('NACCUG');
    await expect.poll(async () => (await context.cookies(front.url)).find((cookie) => cookie.name === 'teller_tenant')?.secure).toBe(true);
  } finally {
    await close();
  }
});
