import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResolvedMenuItem } from '../config/catalogue';
import { Menu, isActiveRoute } from './Menu';
import { renderWithProviders } from './test-utils';

const items: ResolvedMenuItem[] = [
  { label: 'Dashboard', route: '/' },
  { label: 'Members', route: '/users' },
  { label: 'Remittances', children: [{ label: 'Transactions', route: '/remittance/transactions' }] },
];

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

describe('Menu', () => {
  it('renders each item as a link to its route, labelled as resolved (tenant label overrides included)', () => {
    renderWithProviders(<Menu items={items} />, { route: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });

  it('marks the item of the current path, and of paths below it, as the current page', () => {
    renderWithProviders(<Menu items={items} />, { route: '/users/42' });
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('opens a group that holds the current page and navigates on click', async () => {
    renderWithProviders(
      <>
        <Menu items={items} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      { route: '/remittance/transactions' },
    );
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Members' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/users');
  });

  it('folds a group behind a button the keyboard opens, saying whether it is open (regression: the group was an <a> without href, out of the tab order)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Menu items={items} />, { route: '/' });
    const group = screen.getByRole('button', { name: 'Remittances' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Transactions' })).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(group).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Transactions' })).toBeVisible();
  });

  it('treats / as active only on itself', () => {
    expect(isActiveRoute('/', '/users')).toBe(false);
    expect(isActiveRoute('/', '/')).toBe(true);
    expect(isActiveRoute('/users', '/users/')).toBe(true);
    expect(isActiveRoute('/users', '/usersx')).toBe(false);
  });
});
