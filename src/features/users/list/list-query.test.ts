import { describe, expect, it } from 'vitest';
import { config } from '../../../config';
import { initialTableQuery } from '../../../render/table';
import type { TableConfig } from '../../../config/types';
import { adminRoleChoices, menuLabelFor, usersListParams, withGroupNames } from './list-query';
import type { UserRecord } from '../user-record';

function table(id: string): TableConfig {
  const found = config.tables[id];
  if (!found) throw new Error(`no table ${id}`);
  return found;
}

describe('users and admins list parameters (users-and-wallets §6, §7, §9)', () => {
  it('[UW-6.12] [UW-9.03] [UW-7.15] end users: role 256, newest first, page 1 of 10, with the related parts the columns read', () => {
    const users = table('users');
    expect(usersListParams(users, initialTableQuery(users))).toEqual({
      include: 'account,photo,phonenumber,email,wallet',
      'page[number]': '1',
      'page[size]': '10',
      sort: '-created',
      'filter[account.roles]': '256',
    });
  });

  it('[UW-6.11] [UW-7.16] admins: every role but 256, with the column filters typed', () => {
    const admins = table('admins');
    const query = { ...initialTableQuery(admins), page: 3, sort: 'email', filters: { email: 'demo.test', status: 'Verified' } };
    expect(usersListParams(admins, query)).toMatchObject({
      'page[number]': '3',
      sort: 'email',
      'filter[email]': 'demo.test',
      'filter[status]': 'Verified',
      'filter[account.roles]': '-256',
    });
  });

  it('a filter on the fixed role key cannot widen it: the fixed condition is sent first, and both must hold', () => {
    const users = table('users');
    const params = usersListParams(users, { ...initialTableQuery(users), filters: { 'account.roles': '-256' } });
    expect(params['filter[account.roles]']).toBe('256,-256');
  });

  it('[UW-6.22] admins: the chosen role narrows every role but 256', () => {
    const admins = table('admins');
    expect(usersListParams(admins, { ...initialTableQuery(admins), filters: { 'account.roles': '64' } })['filter[account.roles]']).toBe('-256,64');
    expect(adminRoleChoices([{ id: '16', value: 16, name: 'Group Admin' }, { id: '256', value: 256, name: 'Customer' }]).map((role) => role.value)).toEqual([16]);
  });
});

describe('list title and rows', () => {
  it('[UW-1.03] takes the label the tenant menu gives the route', () => {
    const menu = { id: 'credit-union', group: 'default' as const, items: [{ label: 'Members', route: '/wallet/users' }, { label: 'Products', children: [{ label: 'Agents', route: '/wallet/admins' }] }] };
    expect(menuLabelFor(menu, '/wallet/users')).toBe('Members');
    expect(menuLabelFor(menu, '/Wallet/Admins/')).toBe('Agents');
    expect(menuLabelFor(menu, '/users')).toBeUndefined();
    expect(menuLabelFor(null, '/users')).toBeUndefined();
  });

  it('shows group ids as the groups’ names', () => {
    const row = { id: '1', type: 'user', account: { id: '1', groups: [18, 99] } } as unknown as UserRecord;
    const [shown] = withGroupNames([row], [{ id: '18', value: 18, name: 'Latrikunda Branch' }]);
    expect((shown?.account as { groups: unknown }).groups).toBe('Latrikunda Branch, 99');
  });
});
