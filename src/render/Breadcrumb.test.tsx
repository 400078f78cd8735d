import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breadcrumb, breadcrumbTrail } from './Breadcrumb';
import { renderWithProviders } from './test-utils';

describe('Breadcrumb', () => {
  it('[UW-2.24] is built from the current path', () => {
    renderWithProviders(<Breadcrumb labels={{ '/admin': 'Admin', '/admin/tenants': 'Tenants' }} />, { route: '/admin/tenants/edit' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent(/Admin.*Tenants.*Edit/);
    expect(screen.getByRole('link', { name: 'Tenants' })).toHaveAttribute('href', '/admin/tenants');
    expect(screen.getByText('Edit')).toHaveAttribute('aria-current', 'page');
  });

  it('[UW-2.25] falls back to Dashboard when the path yields nothing', () => {
    renderWithProviders(<Breadcrumb />, { route: '/' });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard');
    expect(breadcrumbTrail('///')).toEqual([{ label: 'Dashboard', to: '/' }]);
  });

  it('[UW-2.26] holds the tenant selector on its right', () => {
    renderWithProviders(
      <Breadcrumb>
        <label>
          Tenant
          <select>
            <option>naccug</option>
          </select>
        </label>
      </Breadcrumb>,
      { route: '/users' },
    );
    expect(screen.getByRole('combobox', { name: 'Tenant' })).toBeInTheDocument();
  });

  it('labels segments readably when no label is given', () => {
    expect(breadcrumbTrail('/user/profile')).toEqual([
      { label: 'User', to: '/user' },
      { label: 'Profile', to: '/user/profile' },
    ]);
    expect(breadcrumbTrail('/fees/new-fee%20x')).toEqual([
      { label: 'Fees', to: '/fees' },
      { label: 'New fee x', to: '/fees/new-fee%20x' },
    ]);
  });
});
