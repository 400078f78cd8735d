import { describe, expect, it } from 'vitest';
import { matchingEntries, menuEntries, transactionAddress, userAddress } from './palette-entries';

const menu = [
  { label: 'Dashboard', route: '/Dashboard' },
  { label: 'Remittances', children: [{ label: 'Pay-in', route: '/remittances/payin' }, { label: 'Users', route: '/remittances/users' }] },
  { label: 'Members', route: '/wallet/users' },
];

describe('the command palette entries', () => {
  it('offers every item of the menu with a route, nested ones under their parents', () => {
    expect(menuEntries(menu)).toEqual([
      { label: 'Dashboard', route: '/Dashboard', path: '' },
      { label: 'Pay-in', route: '/remittances/payin', path: 'Remittances' },
      { label: 'Users', route: '/remittances/users', path: 'Remittances' },
      { label: 'Members', route: '/wallet/users', path: '' },
    ]);
  });

  it('matches every word of the query in the label or the parents, case-insensitively', () => {
    const entries = menuEntries(menu);
    expect(matchingEntries(entries, 'remit pay').map((entry) => entry.label)).toEqual(['Pay-in']);
    expect(matchingEntries(entries, 'MEMB').map((entry) => entry.label)).toEqual(['Members']);
    expect(matchingEntries(entries, '')).toHaveLength(4);
    expect(matchingEntries(entries, '2207001')).toEqual([]);
  });

  it('opens a user on the first users list of the menu, a transaction on the wallet transactions list', () => {
    expect(userAddress(menuEntries(menu), '42')).toBe('/wallet/users?user=42');
    expect(userAddress(menuEntries([{ label: 'Users', route: '/remittances/users' }]), '7')).toBe('/remittances/users?user=7');
    expect(userAddress([], '7')).toBe('/wallet/users?user=7');
    expect(transactionAddress('WT 1/2')).toBe('/wallet/transactions?transaction=WT%201%2F2');
  });
});
