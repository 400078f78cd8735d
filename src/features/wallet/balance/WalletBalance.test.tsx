import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ruleContext } from '../../../config/rules';
import { WalletBalance, type WalletHolder } from './WalletBalance';

function renderBalance(user: WalletHolder, role: number) {
  render(
    <MantineProvider env="test">
      <WalletBalance user={user} context={ruleContext({ role, roles: [role] })} />
    </MantineProvider>,
  );
}

describe('wallet balance widget', () => {
  it('[UW-9.11] shows the balance with 2 decimals in the wallet currency', () => {
    renderBalance({ wallet: { currency: 'GMD', balance: '195839.5' } }, 16);
    expect(screen.getByRole('region', { name: 'Wallet balance' })).toHaveTextContent('GMD 195,839.50');
  });

  it('[UW-9.12] a wallet without currency shows USD with symbol D', () => {
    renderBalance({ wallet: { currency: null, balance: '12' } }, 16);
    const widget = screen.getByRole('region', { name: 'Wallet balance' });
    expect(widget).toHaveTextContent('D 12.00');
    expect(widget).toHaveTextContent('USD');
  });

  it.each([4, 64])('[UW-6.19] is hidden for role %i', (role) => {
    renderBalance({ wallet: { currency: 'GMD', balance: '10.00' } }, role);
    expect(screen.queryByRole('region', { name: 'Wallet balance' })).not.toBeInTheDocument();
  });

  it.each([16, 256])('[UW-6.19] shows for role %i', (role) => {
    renderBalance({ wallet: { currency: 'GMD', balance: '10.00' } }, role);
    expect(screen.getByRole('region', { name: 'Wallet balance' })).toBeInTheDocument();
  });
});
