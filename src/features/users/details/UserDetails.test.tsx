// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';


import { pendingApproval } from '../../../api/test-support/approvals';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { referenceLists, userDocument, type FakeUser } from '../test-support/fixtures';
import { renderScreen, signInAs } from '../test-support/render';
import { UserSlotsContext, type UserSlots } from '../slots';
import { UserDetails } from './UserDetails';

// jsdom has no scrollIntoView; Mantine's combobox scrolls the selected option into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

let awa: FakeUser;
let gateway: FakeGateway;

beforeEach(() => {
  awa = {
    id: '7',
    firstname: 'Awa',
    lastname: 'Jallow',
    roles: [256],
    groups: [18],
    statusName: 'Verified',
    externalid: 'CU-00912',
    flags: { showDuplicate: true, showOnHold: true, showRejectKYC: true, showAddToSanction: true },
    services: [{ id: 'svc-topup', name: 'Top Up', icon: null, type: 1 }],
  };
  gateway = new FakeGateway()
    .on('GET', /\/um\/User\/7$/, () => ({ body: userDocument(awa) }))
    .on('GET', /\/um\/User\/1$/, () => ({ body: userDocument({ id: '1', firstname: 'Paul', lastname: 'Partner', roles: [4] }) }))
    .on('GET', /\/um\/groups$/, () => ({ body: referenceLists.groups }))
    .on('GET', /\/um\/roles$/, () => ({ body: referenceLists.roles }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }))
    .on('GET', /\/audit$/, () => ({
      body: {
        data: [
          {
            type: 'audit-event',
            id: '90',
            attributes: {
              at: '2026-11-20T10:00:00Z',
              actorId: '1',
              actorEmail: 'partner@demo.test',
              tenant: 'teller',
              action: 'account.status',
              entity: 'account',
              entityId: '7',
              before: { status: 9, statusName: 'Verified' },
              after: { status: 73, statusName: 'On Hold', action: 64, actionName: 'On Hold' },
              reason: 'Documents under review',
            },
          },
        ],
        meta: { itemTotal: 1, pageNumber: 1, pageSize: 10, pageTotal: 1 },
      },
    }))
    .on('PATCH', /\/um\/account\/7$/, () => {
      awa = { ...awa, statusName: 'On Hold', flags: { showDuplicate: true, showRejectKYC: true, showAddToSanction: true } };
      return { body: { data: { type: 'account', id: '7', attributes: { roles: [256], groups: [18], status: 73, statusName: 'On Hold', accountId: '1007', created: '2024-03-01T09:30:00Z' }, relationships: { 'account-action': { data: { type: 'account-action', id: '7' } } } } } };
    })
    .on('PATCH', /\/um\/user\/7$/, (call) => {
      const attributes = (call.body as { data: { attributes: { firstname?: string } } }).data.attributes;
      awa = { ...awa, firstname: attributes.firstname ?? awa.firstname };
      return { body: userDocument(awa) };
    });
  fetchProxy.handle = gateway.handle;
});

async function renderDetails(options: { tenantId?: string; roles?: number[]; userId?: string; slots?: UserSlots; openedFrom?: 'users' | 'transactions' | 'adminTransactions' } = {}) {
  signInAs({ roles: options.roles ?? [4], tenantId: options.tenantId ?? 'teller', userId: '1' });
  renderScreen(
    <UserSlotsContext value={options.slots ?? {}}>
      <UserDetails userId={options.userId ?? '7'} openedFrom={options.openedFrom} />
    </UserSlotsContext>,
  );
  await screen.findByRole('tab', { name: 'User Details' });
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('user details (users-and-wallets §2)', () => {
  it('[UW-2.34] [UW-2.47] has the User Details and Transactions tabs, the created-by line and the profile', async () => {
    await renderDetails();
    expect(screen.getByRole('tab', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByText(/^Created by Grace Group on 01-Mar-2024/)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'First Name' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Awa' })).toBeInTheDocument();
  });

  it('shows the role from the role map and the status in badges', async () => {
    await renderDetails();
    expect(await screen.findByLabelText('Role Customer')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Customer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status Verified').getAttribute('style')).toContain('teal');
  });

  it('[UW-4.02] the role badge of role 4 uses success styling', async () => {
    await renderDetails({ userId: '1' });
    expect((await screen.findByLabelText('Role Partner Admin')).getAttribute('style')).toContain('teal');
  });

  it('[UW-4.03] the role badge of role 16 uses primary styling', async () => {
    gateway.on('GET', /\/um\/User\/16$/, () => ({ body: userDocument({ id: '16', firstname: 'Grace', lastname: 'Group', roles: [16] }) }));
    await renderDetails({ userId: '16' });
    expect((await screen.findByLabelText('Role Group Admin')).getAttribute('style')).toContain('blue');
  });

  it('[UW-2.35] [UW-2.36] a payin tenant hides Transactions, edit and uploads', async () => {
    const documents = vi.fn(({ canUpload }: { canUpload: boolean }) => <p>{canUpload ? 'Upload Documents' : 'Attachments only'}</p>);
    await renderDetails({ tenantId: 'amal', slots: { documents } });
    expect(screen.queryByRole('tab', { name: 'Transactions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByText('Attachments only')).toBeInTheDocument();
  });

  it('[UW-2.44] places Upload Documents (documents slot) where uploads are allowed', async () => {
    await renderDetails({ slots: { documents: ({ canUpload }) => (canUpload ? <button type="button">Upload Documents</button> : null) } });
    expect(screen.getByRole('button', { name: 'Upload Documents' })).toBeInTheDocument();
  });

  it('[UW-2.37] [UW-4.23] [UW-7.22] lists the allowed actions, asks for reason notes and applies the change', async () => {
    await renderDetails();
    await userEvent.click(screen.getByRole('combobox', { name: 'Change Status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Duplicate', 'On Hold', 'Reject KYC', 'Add To Sanction']);
    await userEvent.click(screen.getByRole('option', { name: 'On Hold' }));

    const dialog = await screen.findByRole('dialog', { name: 'On Hold: Awa Jallow' });
    await userEvent.type(within(dialog).getByLabelText('Reason notes'), 'Documents under review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed Status Change!' }));

    await waitFor(() => expect(gateway.callsTo('PATCH', /\/um\/account\/7$/)).toHaveLength(1));
    expect(gateway.callsTo('PATCH', /\/um\/account\/7$/)[0]?.body).toEqual({
      data: { type: 'Account', attributes: { status: 64, reason: 'Documents under review' } },
    });
    expect(await screen.findByLabelText('Status On Hold')).toBeInTheDocument();
  });

  it("[UW-5.57] an emptied status in the status change dialog says 'Please select a status' and sends nothing", async () => {
    await renderDetails();
    await choose('Change Status', 'On Hold');
    const dialog = await screen.findByRole('dialog', { name: 'On Hold: Awa Jallow' });
    const status = within(dialog).getByRole('combobox', { name: /^Status/ });
    expect(status).toHaveValue('On Hold');
    // Choosing the chosen action again empties the choice (Mantine's allowDeselect), by mouse or keyboard.
    await userEvent.click(status);
    await userEvent.click(await screen.findByRole('option', { name: 'On Hold' }));
    expect(status).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed Status Change!' }));

    expect(await within(dialog).findByText('Please select a status')).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/account\/7$/)).toHaveLength(0);

    await userEvent.click(status);
    await userEvent.click(await screen.findByRole('option', { name: 'Duplicate' }));
    expect(within(dialog).queryByText('Please select a status')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed Status Change!' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', /\/um\/account\/7$/)[0]?.body).toEqual({ data: { type: 'Account', attributes: { status: 2 } } }));
  });

  it('a status change a four-eyes rule holds back says it waits for approval, never that it was applied', async () => {
    const { id, ...attributes } = pendingApproval({ operationId: 'updateAccountStatus', rule: 'sanction', summary: 'Add To Sanction for the user Awa Jallow' });
    gateway.on('PATCH', /\/um\/account\/7$/, () => ({ status: 202, body: { data: { type: 'approval', id, attributes } } }));
    await renderDetails();
    await choose('Change Status', 'Add To Sanction');
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed Status Change!' }));
    const toast = (await screen.findByText('Waiting for approval')).closest('[data-toast-type]');
    expect(toast?.getAttribute('data-toast-type')).toBe('info');
    expect(toast).toHaveTextContent(/Add To Sanction for the user Awa Jallow\. A second person must approve it/);
    expect(gateway.callsTo('PATCH', /\/um\/account\/7$/)).toHaveLength(1);
  });

  it('[UW-4.23] the reason is optional', async () => {
    await renderDetails();
    await choose('Change Status', 'Duplicate');
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed Status Change!' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', /\/um\/account\/7$/)[0]?.body).toEqual({ data: { type: 'Account', attributes: { status: 2 } } }));
  });

  it('[UW-2.38] [UW-2.45] [UW-2.41] the own profile has no status or top-up dropdown, and offers Change Password', async () => {
    await renderDetails({ userId: '1', slots: { topUp: () => null } });
    expect(screen.queryByRole('combobox', { name: 'Change Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Top-up service' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('[UW-2.39] [UW-2.43] from the admin transactions source neither dropdown shows', async () => {
    await renderDetails({ openedFrom: 'adminTransactions', slots: { topUp: () => null } });
    expect(screen.queryByRole('combobox', { name: 'Change Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Top-up service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('[UW-2.40] the top-up service dropdown lists the user’s services and opens the top-up slot', async () => {
    await renderDetails({ slots: { topUp: ({ service }) => <p>{`Top-up modal: ${service.name}`}</p> } });
    await choose('Top-up service', 'Top Up');
    expect(screen.getByText('Top-up modal: Top Up')).toBeInTheDocument();
  });

  it('[UW-2.46] [UW-7.21] [UW-8.15] Save Changes asks to confirm, then sends only the changes', async () => {
    await renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const firstName = await screen.findByRole('textbox', { name: /First Name/ });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Awaa');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save Changes' });
    expect(within(dialog).getByText('Are you sure want to modify this user?')).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/user\/7$/)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('User details has successfully been updated')).toBeInTheDocument();
    const [call] = gateway.callsTo('PATCH', /\/um\/user\/7$/);
    expect(call?.query.get('include')).toBe('account-action');
    expect(call?.body).toEqual({ data: { type: 'User', id: '7', attributes: { firstname: 'Awaa' } } });
    expect(await screen.findByRole('cell', { name: 'Awaa' })).toBeInTheDocument();
  });

  it('[UW-2.46] Save Changes with nothing changed sends nothing, says so and leaves edit mode, with no validator wording', async () => {
    await renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Nothing was changed, so nothing was saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByText('An Error Occured!')).not.toBeInTheDocument();
    expect(screen.queryByText(/must NOT|properties/)).not.toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/user\/7$/)).toHaveLength(0);
  });

  it('[UW-5.34] a birth date typed key by key in edit mode stays as typed; one before 1900 gets its message and is not sent', async () => {
    await renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const birthDate = await screen.findByRole('textbox', { name: /Birth Date/ });
    expect(birthDate).toHaveValue('1990-04-12');
    await userEvent.clear(birthDate);
    await userEvent.type(birthDate, '0201-01-01');
    await userEvent.tab();
    expect(birthDate).toHaveValue('0201-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid birth of date.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/user\/7$/)).toHaveLength(0);
  });

  it('[UW-9.08] the edit-user form’s phone offers gm and ae, each with its own mask, and saves the chosen dial code', async () => {
    await renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const country = await screen.findByRole('combobox', { name: /Mobile Number country code/ });
    expect(country).toHaveValue('gm');
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['GM +220', 'AE +971']);
    const phone = () => screen.getByRole('textbox', { name: /^Mobile Number/ });
    expect(phone()).toHaveValue('701 2345');
    await userEvent.selectOptions(country, 'ae');
    await userEvent.clear(phone());
    await userEvent.type(phone(), '501234567');
    expect(phone()).toHaveValue('50 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', /\/um\/user\/7$/)).toHaveLength(1));
    expect(gateway.callsTo('PATCH', /\/um\/user\/7$/)[0]?.body).toEqual({ data: { type: 'User', id: '7', attributes: { phonenumber: '971501234567' } } });
  });

  it('[UW-5.32] [UW-5.37] edit mode requires a first name and keeps the email disabled', async () => {
    await renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('textbox', { name: /Email/ })).toBeDisabled();
    await userEvent.clear(screen.getByRole('textbox', { name: /First Name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Invalid First Name')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('[UW-3.06] [UW-6.15] [UW-6.16] [UW-6.18] the main tenant shows the Credit Union group and the externalid as member id, neither group nor role editable', async () => {
    await renderDetails({ tenantId: 'teller' });
    expect(screen.getByRole('rowheader', { name: 'Credit Union' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Latrikunda Branch' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Member ID' }).closest('tr')).toHaveTextContent('CU-00912');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('combobox', { name: /Credit Union/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Role/ })).toBeDisabled();
  });

  it('[UW-6.15] a wallet tenant that is neither main nor credit union shows neither field', async () => {
    await renderDetails({ tenantId: 'guulpay' });
    expect(screen.queryByRole('rowheader', { name: 'Credit Union' })).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Member ID' })).not.toBeInTheDocument();
  });

  it('[UW-8.01] [UW-8.03] a refused save shows the server’s message, a network failure the connection text', async () => {
    gateway.on('PATCH', /\/um\/user\/7$/, () => ({
      status: 409,
      body: { errors: [{ status: '409', title: 'Conflict', detail: 'The phone number is already registered.' }] },
    }));
    await renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Middle Name/ }), 'Binta');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The phone number is already registered.')).toBeInTheDocument();

    fetchProxy.handle = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('There was a problem in connecting to the server. Please check your internet and try again.'),
    ).toBeInTheDocument();
  });

  it('shows the History tab of the user with the reason and the diff of a status change to role 4', async () => {
    await renderDetails();
    expect(gateway.callsTo('GET', /\/audit$/)).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('table', { name: 'History' });
    expect(within(history).getByText('On Hold: Verified → On Hold')).toBeInTheDocument();
    expect(within(history).getByText('Documents under review')).toBeInTheDocument();
    const diff = within(history).getAllByRole('table', { name: /^Changes of / })[0];
    expect(diff && within(diff).getByRole('rowheader', { name: /Status name/ })).toBeInTheDocument();
    const [call] = gateway.callsTo('GET', /\/audit$/);
    expect(call?.query.get('filter[entityId]')).toBe('7');
    expect(call?.query.get('filter[entity]')).toBe('user,account,document,photo');
  });

  it('hides the History from roles the audit trail refuses', async () => {
    await renderDetails({ roles: [16], tenantId: 'naccug' });
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
  });
});
