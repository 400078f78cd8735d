// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';


import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { referenceLists, userDocument } from '../test-support/fixtures';
import { renderScreen, selectTenant, signInAs } from '../test-support/render';
import { ProfileScreen } from './ProfileScreen';

let gateway: FakeGateway;
beforeEach(() => {
  gateway = new FakeGateway()
    .on('GET', /\/um\/User\/1$/, () => ({ body: userDocument({ id: '1', firstname: 'Awa', lastname: 'Sowe', roles: [4], email: 'super@demo.test' }) }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }))
    .on('PATCH', /\/um\/user\/1$/, () => ({ body: userDocument({ id: '1', firstname: 'Awa', lastname: 'Sowe Jallow', roles: [4] }) }))
    .on('PUT', /\/um\/account$/, () => ({ body: { meta: { message: 'Your password has been changed.' } } }));
  fetchProxy.handle = gateway.handle;
  signInAs({ roles: [4], tenantId: 'dssc', claim: 'dssc', userId: '1', email: 'super@demo.test' });
  selectTenant('teller');
});

describe('own profile (users-and-wallets §2)', () => {
  it('[UW-2.48] [UW-2.49] shows avatar, ID and username badges and the profile fields, phone, email and country read-only', async () => {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    expect(await screen.findByLabelText('ID 1001')).toBeInTheDocument();
    expect(screen.getByLabelText('Username super@demo.test')).toBeInTheDocument();
    expect(screen.getByTitle('Awa Sowe')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveValue('Awa');
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toHaveValue('Sowe');
    for (const name of [/Phone/, /Email/, /Country/]) expect(screen.getByRole('textbox', { name })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Birth Date/ })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Gender/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Nationality/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('reads and saves the own profile with the session’s own token, whichever tenant is selected', async () => {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    const lastName = await screen.findByRole('textbox', { name: /Last Name/ });
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Sowe Jallow');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User details has successfully been updated')).toBeInTheDocument();
    const [patch] = gateway.callsTo('PATCH', /\/um\/user\/1$/);
    expect(patch?.body).toEqual({ data: { type: 'User', id: '1', attributes: { lastname: 'Sowe Jallow' } } });
    expect(patch?.authorization).toBe('Bearer session-token');
    expect(gateway.callsTo('GET', /\/um\/User\/1$/)[0]?.authorization).toBe('Bearer session-token');
  });

  it('[UW-2.49] draws the read-only fields filled, unlike the fields staff can type into', async () => {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    expect(await screen.findByRole('textbox', { name: /First Name/ })).toHaveAttribute('data-variant', 'default');
    for (const name of [/Phone/, /Email/, /Country/]) expect(screen.getByRole('textbox', { name })).toHaveAttribute('data-variant', 'filled');
  });

  it('[UW-2.48] Save with nothing changed sends nothing and says so, with no validator wording', async () => {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    await screen.findByRole('textbox', { name: /First Name/ });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing was changed, so nothing was saved.')).toBeInTheDocument();
    expect(screen.queryByText('An Error Occured!')).not.toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/user\/1$/)).toHaveLength(0);
  });

  it('[UW-5.38] a birth date typed key by key stays as typed; one before 1900 gets its message and is not sent', async () => {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    const birthDate = await screen.findByRole('textbox', { name: /Birth Date/ });
    await userEvent.clear(birthDate);
    await userEvent.type(birthDate, '0201-01-01');
    await userEvent.tab();
    expect(birthDate).toHaveValue('0201-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid birth of date.')).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/user\/1$/)).toHaveLength(0);
  });

  it('[UW-5.38] requires first name, last name and birth date', async () => {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    await userEvent.clear(await screen.findByRole('textbox', { name: /First Name/ }));
    await userEvent.clear(screen.getByRole('textbox', { name: /Last Name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid First Name')).toBeInTheDocument();
    expect(screen.getByText('Invalid Last name')).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/um\/user\/1$/)).toHaveLength(0);
  });
});

describe('Change Password (users-and-wallets §2, §5)', () => {
  async function openModal() {
    renderScreen(<ProfileScreen />, { route: '/user/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    return screen.findByRole('dialog', { name: 'Change Password' });
  }
  const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByLabelText(name, { selector: 'input' });

  it('[UW-5.07] [UW-5.08] needs old, new and confirm, and confirm equal to new', async () => {
    const dialog = await openModal();
    await within(dialog).findByLabelText(/Old Password/, { selector: 'input' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findAllByText('Invalid Password')).toHaveLength(3);
    await userEvent.type(field(dialog, /Old Password/), 'Demo@12345');
    await userEvent.type(field(dialog, /New Password/), 'Fresh@12345');
    await userEvent.type(field(dialog, /Confirm Password/), 'Fresh@1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();
    expect(gateway.callsTo('PUT', /\/um\/account$/)).toHaveLength(0);
  });

  it('[UW-7.14] [UW-2.55] sends old and new password with the own token and says so', async () => {
    const dialog = await openModal();
    await userEvent.type(await within(dialog).findByLabelText(/Old Password/, { selector: 'input' }), 'Demo@12345');
    await userEvent.type(field(dialog, /New Password/), 'Fresh@12345');
    await userEvent.type(field(dialog, /Confirm Password/), 'Fresh@12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    const [put] = gateway.callsTo('PUT', /\/um\/account$/);
    expect(put?.body).toEqual({ data: { type: 'Account', attributes: { oldpassword: 'Demo@12345', newpassword: 'Fresh@12345' } } });
    expect(put?.authorization).toBe('Bearer session-token');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
  });

  it('a wrong old password keeps the modal open with the server’s message', async () => {
    gateway.on('PUT', /\/um\/account$/, () => ({
      status: 422,
      body: { errors: [{ status: '422', title: 'The old password is not correct.', source: { pointer: '/data/attributes/oldpassword' } }] },
    }));
    const dialog = await openModal();
    await userEvent.type(await within(dialog).findByLabelText(/Old Password/, { selector: 'input' }), 'Wrong@12345');
    await userEvent.type(field(dialog, /New Password/), 'Fresh@12345');
    await userEvent.type(field(dialog, /Confirm Password/), 'Fresh@12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The old password is not correct.');
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });
});
