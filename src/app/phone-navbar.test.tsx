// On a phone (below Mantine's `sm` breakpoint) the navbar is off screen until the burger opens it: while it is closed
// its panel is hidden by CSS (shell.module.css: the navbar without data-open), so its links take no keyboard focus and no
// screen reader's attention. The CSS itself is proven in a real browser (tests/e2e/first-screen.spec.ts).
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGateway } from '../api/test-support/fake-gateway';
import { sessionStore } from '../api/session';
import { renderApp } from './test-support';


beforeEach(() => {
  fetchProxy.handle = new FakeGateway().handle;
  sessionStore.signIn({ userId: '1', email: 'partner@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'teller', claim: 'teller', adminTenant: false, expiresAt: Date.now() + 3_600_000 });
});
afterEach(() => void vi.restoreAllMocks());

describe('the navbar on a phone', () => {
  it('marks the menu closed on a phone until the burger opens it, and closed again on a choice', async () => {
    const user = userEvent.setup();
    await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const menu = screen.getByRole('navigation', { name: 'Main menu', hidden: true });
    const panel = menu.parentElement;
    expect(panel).not.toHaveAttribute('data-open');
    await user.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    expect(panel).toHaveAttribute('data-open');
    await user.click(menu.querySelector('a[aria-current="page"]') ?? menu);
    expect(panel).not.toHaveAttribute('data-open');
  });

  it('draws the menu at once on a wider screen', async () => {
    await renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});
