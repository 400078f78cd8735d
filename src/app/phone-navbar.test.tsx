// On a phone (below Mantine's `sm` breakpoint) the navbar is off screen until the burger opens it: its menu is drawn
// only then, so its links take no keyboard focus and no screen reader's attention while they cannot be seen.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGateway } from '../api/test-support/fake-gateway';
import { sessionStore } from '../api/session';
import { renderApp } from './test-support';

vi.setConfig({ testTimeout: 30_000 });

/** A window as wide as a phone: every media query of a width under 48em matches. */
function phoneWidth(): void {
  const matchMedia = (query: string) => ({
    matches: /width\s*<\s*48em/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  vi.spyOn(window, 'matchMedia').mockImplementation(matchMedia as unknown as typeof window.matchMedia);
}

beforeEach(() => {
  fetchProxy.handle = new FakeGateway().handle;
  sessionStore.signIn({ userId: '1', email: 'partner@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'teller', claim: 'teller', adminTenant: false, expiresAt: Date.now() + 3_600_000 });
});
afterEach(() => void vi.restoreAllMocks());

describe('the navbar on a phone', () => {
  it('draws the menu only while the burger has it open, and closes it on a choice', async () => {
    phoneWidth();
    const user = userEvent.setup();
    await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(menu.querySelector('a[aria-current="page"]') ?? menu);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('draws the menu at once on a wider screen', async () => {
    await renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
