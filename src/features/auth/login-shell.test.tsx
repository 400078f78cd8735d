// The card login.html paints before the app runs (login-shell.html) says what the working card says, so the swap
// when the app takes over changes nothing a person reads (users-and-wallets §1, §2).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../render/test-utils';
import LoginPage from './LoginPage';
import shellHtml from './login-shell.html?raw';

const normalized = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function shell(): Document {
  return new DOMParser().parseFromString(shellHtml, 'text/html');
}

describe('the sign-in card painted before the app runs', () => {
  it('[UW-1.01] has the heading, description, fields, button and link of the login card, in the same order', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    const painted = shell().querySelector('main');
    expect(painted?.hasAttribute('inert')).toBe(true);

    const card = screen.getByRole('heading', { name: 'Sign in' }).closest('.mantine-Card-root');
    const texts = (root: ParentNode | null | undefined) =>
      [...(root?.querySelectorAll('p, h1, label, button, a') ?? [])].map((element) => normalized(element.textContent)).filter((text) => text !== '');
    // The app's password field has a visibility toggle without text; its required marks are ' *' like the shell's.
    expect(texts(painted)).toEqual(texts(card));
    expect(texts(painted)).toEqual(['Teller', 'Sign in', expect.stringMatching(/^An advanced platform/), 'Email *', 'Password *', 'Login', 'Forgot password?']);
  });
});
