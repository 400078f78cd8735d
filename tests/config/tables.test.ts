// The table files and colour maps as a tenant shows them (users-and-wallets §2, §4, §7, §9).
import { describe, expect, it } from 'vitest';
import { configApi, contextFor, tableView } from '../../src/config/catalogue.ts';
import { loadConfigSet } from '../../src/config/fs-source.ts';
import type { TableConfig, Tenant } from '../../src/config/types.ts';
import { REPOSITORY_ROOT } from './config-copy.ts';

const config = configApi(loadConfigSet(REPOSITORY_ROOT));

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}
const table = (id: string): TableConfig => required(config.getTable(id), `table ${id}`);
const tenant = (id: string): Tenant => required(config.getTenant(id), `tenant ${id}`);
const headers = (view: TableConfig) => view.columns.map((column) => column.header);

describe('users and admins tables', () => {
  it('[UW-2.28] users: row number, Account Id, Name with photo, Groups, Email, Phone, Wallet balance, Currency, Created, Status, Actions', () => {
    const users = table('users');
    expect(headers(users)).toEqual(['#', 'Account Id', 'Name', 'Groups', 'Email', 'Phone', 'Wallet Balance', 'Currency', 'Created', 'Status', 'Actions']);
    expect(users.columns[0]?.format).toBe('rowNumber');
    expect(users.columns[2]).toMatchObject({ field: 'fullname', format: 'avatarName', avatarField: 'photo.url' });
    expect(users.columns[10]?.format).toBe('actions');
  });

  it('[UW-2.29] admins: Email, Phone, Account Id, Name, Wallet, Created, Status and a view action', () => {
    const admins = table('admins');
    expect(headers(admins)).toEqual(['Email', 'Phone', 'Account Id', 'Name', 'Wallet', 'Created', 'Status', 'Actions']);
    expect(admins.rowActions?.map((action) => action.id)).toEqual(['view']);
  });

  it('[UW-2.30] the admins list has an Add user button', () => {
    expect(table('admins').toolbarActions?.map((action) => action.label)).toEqual(['Add user']);
  });

  it('[UW-6.14] shows Add user only to role 64 when the tenant is not the main tenant', () => {
    const buttons = (id: string, role: number) =>
      tableView(table('admins'), tenant(id), contextFor(tenant(id), role)).toolbarActions?.map((action) => action.id);
    expect(buttons('naccug', 64)).toEqual(['addUser']);
    expect(buttons('teller', 64)).toEqual([]);
    expect(buttons('naccug', 4)).toEqual([]);
  });

  it('[UW-2.27] users and admins are paged, sortable and filterable on the server', () => {
    for (const id of ['users', 'admins']) {
      const columns = table(id).columns;
      expect(columns.some((column) => column.sortable)).toBe(true);
      expect(columns.some((column) => column.filter)).toBe(true);
      expect(table(id).pageSize).toBe(10);
    }
  });

  it('[UW-6.11] [UW-6.12] admins list every role but 256, users only role 256', () => {
    expect(table('users').fixedFilters).toEqual({ 'account.roles': '256' });
    expect(table('admins').fixedFilters).toEqual({ 'account.roles': '-256' });
  });

  it('sorts users newest first (users-and-wallets §9)', () => {
    expect(table('users').defaultSort).toBe('-created');
  });

  it('[UW-2.31] removes the Groups column for ss-gmb only', () => {
    const view = (id: string) => tableView(table('users'), tenant(id), contextFor(tenant(id), 4));
    expect(view('ss-gmb').columns.map((column) => column.id)).not.toContain('groups');
    expect(headers(view('ss-gmb'))).toHaveLength(10);
    expect(view('naccug').columns.map((column) => column.id)).toContain('groups');
    const withGroups = config.loadTenants().filter((each) => each.hiddenColumns?.users?.includes('groups'));
    expect(withGroups.map((each) => each.id)).toEqual(['ss-gmb']);
  });

  it('[UW-1.03] titles the lists by the tenant labels: Members, Agents', () => {
    expect(tableView(table('users'), tenant('naccug'), contextFor(tenant('naccug'), 4)).title).toBe('Members');
    expect(tableView(table('admins'), tenant('ss-gmb'), contextFor(tenant('ss-gmb'), 4)).title).toBe('Agents');
    expect(tableView(table('users'), tenant('guulpay'), contextFor(tenant('guulpay'), 4)).title).toBe('Users');
  });
});

describe('transaction tables', () => {
  it('fetches user transactions 20 a page, by referenceNumber descending (users-and-wallets §7)', () => {
    expect(table('user-transactions')).toMatchObject({ operation: 'listWalletTransactions', pageSize: 20, defaultSort: '-referenceNumber' });
  });

  it('shows the wallet Actions column only to users who are not payout admins (remittances-and-payouts §6)', () => {
    const wallet = table('wallet-transactions');
    const shown = (payoutAdmin: boolean) =>
      tableView(wallet, tenant('tawakal-swift'), contextFor(tenant('tawakal-swift'), 4, { payoutAdmin })).columns.map((column) => column.id);
    expect(shown(false)).toContain('actions');
    expect(shown(true)).not.toContain('actions');
    expect(headers(wallet)).toEqual(['#', 'Sender Name', 'Receiver Name', 'Currency Code', 'Amount', 'Service Type', 'Status', 'Date and Time', 'Actions']);
  });
});

describe('colour maps', () => {
  it.each([
    ['UW-4.05', 'Pending', 'warning'],
    ['UW-4.05', 'KYC Rejected', 'warning'],
    ['UW-4.06', 'Verified', 'success'],
    ['UW-4.07', 'On Hold', 'danger'],
    ['UW-4.07', 'LockOut', 'danger'],
    ['UW-4.07', 'Sanctioned', 'danger'],
    ['UW-4.08', 'Duplicate', 'inactive'],
    ['UW-4.08', 'Expired', 'inactive'],
    ['UW-4.09', 'Active', 'primary'],
  ])('[%s] user status %s is %s', (_row, status, color) => {
    expect(config.colorFor('userStatus', status)).toBe(color);
  });

  it.each([
    ['UW-4.24', 'Cash Out', 'red'],
    ['UW-4.25', 'Loan', 'warning'],
    ['UW-4.26', 'P2P', 'info'],
    ['UW-4.27', 'Request Money', 'green'],
    ['UW-4.27', 'Top Up', 'green'],
  ])('[%s] transaction type %s is %s', (_row, type, color) => {
    expect(config.colorFor('transactionType', type)).toBe(color);
  });

  it('[UW-4.02] [UW-4.03] role badge: 4 success, 16 primary', () => {
    expect(config.colorFor('roleBadge', 4)).toBe('success');
    expect(config.colorFor('roleBadge', 16)).toBe('primary');
  });

  it('colours the user status and transaction type columns with those maps', () => {
    expect(table('users').columns.find((column) => column.id === 'status')?.colorMap).toBe('userStatus');
    expect(table('user-transactions').columns.find((column) => column.id === 'serviceType')?.colorMap).toBe('transactionType');
  });
});
