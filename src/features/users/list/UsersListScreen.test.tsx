// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';


import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { referenceLists, userDocument, userListDocument, type FakeUser } from '../test-support/fixtures';
import { renderScreen, selectTenant, signInAs } from '../test-support/render';
import { UserSlotsContext } from '../slots';
import { UsersListScreen } from './UsersListScreen';

const members: FakeUser[] = [
  { id: '7', firstname: 'Awa', lastname: 'Jallow', groups: [18], statusName: 'Verified' },
  { id: '8', firstname: 'Musa', lastname: 'Ceesay', groups: [18], statusName: 'On Hold' },
];

let gateway: FakeGateway;
beforeEach(() => {
  gateway = new FakeGateway()
    .on('GET', /\/um\/user$/, () => ({ body: userListDocument(members, { itemTotal: 25, pageSize: 10, pageTotal: 3 }) }))
    .on('GET', /\/um\/User\/(\w+)$/, (_call, match) => ({ body: userDocument(members.find((user) => user.id === match[1]) ?? members[0]!) }))
    .on('GET', /\/um\/groups$/, () => ({ body: referenceLists.groups }))
    .on('GET', /\/um\/status$/, () => ({ body: referenceLists.statuses }))
    .on('GET', /\/um\/roles$/, () => ({ body: referenceLists.roles }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }));
  fetchProxy.handle = gateway.handle;
});

const headers = () => within(screen.getByRole('table', { name: /./ })).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
const listCalls = () => gateway.callsTo('GET', /\/um\/user$/);

describe('users list (users-and-wallets §2, §6)', () => {
  it('[UW-2.28] [UW-1.03] shows the users columns under the tenant menu label', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByText('Awa Jallow')).toBeInTheDocument();
    expect(headers().slice(0, 11)).toEqual(['#', 'Account Id', 'Name', 'Groups', 'Email', 'Phone', 'Wallet Balance', 'Currency', 'Created', 'Status', 'Actions']);
    const row = screen.getByText('Awa Jallow').closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Latrikunda Branch')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('1,250.00')).toBeInTheDocument();
  });

  it('[UW-6.12] [UW-9.03] fetches end users only (role 256), newest first', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await screen.findByText('Awa Jallow');
    const query = listCalls()[0]?.query;
    expect(query?.get('filter[account.roles]')).toBe('256');
    expect(query?.get('sort')).toBe('-created');
    expect(query?.get('page[number]')).toBe('1');
  });

  it('[UW-2.31] removes the Groups column for ss-gmb', async () => {
    signInAs({ roles: [4], tenantId: 'ss-gmb' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await screen.findByText('Awa Jallow');
    expect(headers()).not.toContain('Groups');
    expect(headers()).toContain('Wallet Balance');
  });

  it('[UW-2.29] [UW-6.11] admins: its columns, every role but 256, labelled Agents on ss-gmb', async () => {
    signInAs({ roles: [4], tenantId: 'ss-gmb' });
    renderScreen(<UsersListScreen tableId="admins" />, { route: '/wallet/admins' });
    expect(await screen.findByRole('heading', { name: 'Agents' })).toBeInTheDocument();
    await screen.findByText('Awa Jallow');
    expect(headers().slice(0, 8)).toEqual(['Email', 'Phone', 'Account Id', 'Name', 'Wallet', 'Created', 'Status', 'Actions']);
    expect(listCalls()[0]?.query.get('filter[account.roles]')).toBe('-256');
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(2);
  });

  it('[UW-9.02] [UW-9.03] admins take the default page sort account.accountId; users keep created descending', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    const admins = renderScreen(<UsersListScreen tableId="admins" />, { route: '/wallet/admins' });
    await screen.findByText('Awa Jallow');
    expect(listCalls()[0]?.query.get('sort')).toBe('account.accountId');
    expect(screen.getByRole('columnheader', { name: /Account Id/ })).toHaveAttribute('aria-sort', 'ascending');
    admins.unmount();

    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await screen.findByText('Awa Jallow');
    expect(listCalls().at(-1)?.query.get('sort')).toBe('-created');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('[UW-6.14] [UW-2.30] shows Add user to role 64 outside the main tenant only, and opens the wizard slot', async () => {
    const createUser = vi.fn(({ opened }: { opened: boolean }) => (opened ? <p>Create User wizard</p> : null));
    signInAs({ roles: [64], tenantId: 'naccug' });
    const first = renderScreen(
      <UserSlotsContext value={{ createUser }}>
        <UsersListScreen tableId="admins" />
      </UserSlotsContext>,
      { route: '/wallet/admins' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    expect(screen.getByText('Create User wizard')).toBeInTheDocument();
    expect(createUser).toHaveBeenLastCalledWith(expect.objectContaining({ audience: 'admin', opened: true }), undefined);
    first.unmount();

    signInAs({ roles: [64], tenantId: 'teller' });
    const second = renderScreen(<UsersListScreen tableId="admins" />, { route: '/wallet/admins' });
    await screen.findByText('Awa Jallow');
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    second.unmount();

    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="admins" />, { route: '/wallet/admins' });
    await screen.findByText('Awa Jallow');
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
  });

  it('[UW-2.32] [UW-2.33] a row opens the User Information panel, its content after a second', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await userEvent.click(await screen.findByText('Musa Ceesay'));
    const panel = await screen.findByRole('dialog', { name: 'User Information' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading...');
    expect(await within(panel).findByText('Musa Ceesay')).toBeInTheDocument();
    expect(within(panel).getByRole('tab', { name: 'User Details' })).toBeInTheDocument();
  });

  it('[UW-2.32] the view action opens the panel too', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await screen.findByText('Awa Jallow');
    await userEvent.click(screen.getAllByRole('button', { name: 'View' })[0]!);
    const panel = await screen.findByRole('dialog', { name: 'User Information' });
    expect(await within(panel).findByText('Awa Jallow')).toBeInTheDocument();
  });

  it('[UW-9.04] [UW-2.27] pages with the server meta and sorts on the server', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await screen.findByText('Awa Jallow');
    expect(screen.getByText('Showing 1 to 2 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('page[number]')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: /Account Id/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('sort')).toBe('account.accountId'));
    expect(listCalls().at(-1)?.query.get('page[number]')).toBe('1');
  });

  it('[UW-4.10] offers KYC Rejected in the status filter only while it is the chosen one', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    await screen.findByText('Awa Jallow');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter Status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pending', 'Verified']);
  });

  it('[UW-8.01] a failed load shows the connection text', async () => {
    fetchProxy.handle = () => Promise.reject(new TypeError('Failed to fetch'));
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    expect(await screen.findByText('There was a problem in connecting to the server. Please check your internet and try again.')).toBeInTheDocument();
  });
});

describe('[UW-6.22] the role filter of the admin lists', () => {
  const admins: FakeUser[] = [
    { id: '21', firstname: 'Lamin', lastname: 'Touray', roles: [16] },
    { id: '22', firstname: 'Isatou', lastname: 'Njie', roles: [64] },
    { id: '23', firstname: 'Omar', lastname: 'Bah', roles: [64] },
  ];
  // Answers as the gateway does: comma-separated role conditions that must all hold.
  const holds = (user: FakeUser, condition: string) => {
    const role = Number(condition);
    const has = (user.roles ?? [256]).some((own) => own === Math.abs(role));
    return role < 0 ? !has : has;
  };
  beforeEach(() => {
    gateway.on('GET', /\/um\/user$/, (call) => {
      const conditions = (call.query.get('filter[account.roles]') ?? '').split(',').filter(Boolean);
      const rows = admins.filter((user) => conditions.every((condition) => holds(user, condition)));
      return { body: userListDocument(rows, { itemTotal: rows.length, pageSize: 10, pageTotal: 1 }) };
    });
  });

  it('[UW-6.22] the network admin role (16) filters by role: the tenant’s roles but 256, sent with -256, listing only that role', async () => {
    signInAs({ roles: [16], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="admins" />, { route: '/wallet/admins' });
    await screen.findByText('Lamin Touray');
    expect(headers().slice(0, 8)).toEqual(['Email', 'Phone', 'Account Id', 'Name', 'Wallet', 'Created', 'Status', 'Actions']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Partner Admin', 'Group Admin', 'Field Officer']);
    await userEvent.click(screen.getByRole('option', { name: 'Field Officer' }));
    await waitFor(() => expect(screen.queryByText('Lamin Touray')).not.toBeInTheDocument());
    expect(listCalls().at(-1)?.query.get('filter[account.roles]')).toBe('-256,64');
    expect(screen.getByText('Isatou Njie')).toBeInTheDocument();
    expect(screen.getByText('Omar Bah')).toBeInTheDocument();
  });

  it.each([4, 64])('[UW-6.22] role %i gets no role filter', async (role) => {
    signInAs({ roles: [role], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="admins" />, { route: '/wallet/admins' });
    await screen.findByText('Lamin Touray');
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
  });

  it('[UW-6.22] a screen that forces it shows it to any role', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="admins" forceFilters={['role']} />, { route: '/admins' });
    await screen.findByText('Lamin Touray');
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
  });
});

describe('a tenant selected by the admin tenant', () => {
  it('fetches with the selected tenant and labels as its menu does', async () => {
    signInAs({ roles: [4], tenantId: 'dssc', claim: 'dssc' });
    selectTenant('teller');
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users' });
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    await screen.findByText('Awa Jallow');
    expect(listCalls()[0]?.authorization).toBe('Bearer teller-token');
  });
  it('opens the panel of the user the address names (?user=), and closing it drops it from the address', async () => {
    signInAs({ roles: [4], tenantId: 'naccug' });
    renderScreen(<UsersListScreen tableId="users" />, { route: '/wallet/users?user=8' });
    const panel = await screen.findByRole('dialog', { name: 'User Information' });
    expect(await within(panel).findByText('Musa Ceesay')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'User Information' })).not.toBeInTheDocument());
  });
});
