// docs/architecture.md's promise to product owners: a column header and a validation message change by editing schemas/ only.
// The files are edited in a temporary copy, and the screen is rendered from the config built from that copy.
// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';


import { copyConfig, type ConfigCopy } from '../../tests/config/config-copy';
import { ConfigProvider } from './ConfigProvider';
import { loadConfigSet } from '../config/fs-source';
import type { ConfigSet } from '../config/types';
import { compileTestForm, removeTestForms } from '../render/form/test-forms';
import { UsersListScreen } from '../features/users/list/UsersListScreen';
import { FakeGateway } from '../api/test-support/fake-gateway';
import { referenceLists, userDocument, userListDocument, type FakeUser } from '../features/users/test-support/fixtures';
import { renderScreen, signInAs } from '../features/users/test-support/render';

interface EditableTable {
  columns: { id: string; header: string }[];
}
interface EditableForm {
  schema: { properties: { firstname: { errorMessage: string } }; errorMessage: { required: Record<string, string> } };
}

const awa: FakeUser = { id: '7', firstname: 'Awa', lastname: 'Jallow' };
let copy: ConfigCopy;
let edited: ConfigSet;

beforeAll(async () => {
  copy = copyConfig();
  copy.editJson<EditableTable>('schemas/tables/users.json', (table) => {
    const column = table.columns.find((each) => each.id === 'accountId');
    if (column) column.header = 'Member Number';
  });
  copy.editJson<EditableForm>('schemas/forms/edit-user.json', (form) => {
    form.schema.properties.firstname.errorMessage = 'Please give the first name';
    form.schema.errorMessage.required.firstname = 'Please give the first name';
  });
  edited = loadConfigSet(copy.root);
  // The form exactly as the edited file reads, compiled by the build's own step.
  await compileTestForm(copy.readJson<{ id: string } & Record<string, unknown>>('schemas/forms/edit-user.json'));

  fetchProxy.handle = new FakeGateway()
    .on('GET', /\/um\/user$/, () => ({ body: userListDocument([awa]) }))
    .on('GET', /\/um\/User\/7$/, () => ({ body: userDocument(awa) }))
    .on('GET', /\/um\/groups$/, () => ({ body: referenceLists.groups }))
    .on('GET', /\/um\/status$/, () => ({ body: referenceLists.statuses }))
    .on('GET', /\/um\/roles$/, () => ({ body: referenceLists.roles }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries })).handle;
});

afterAll(() => {
  copy.dispose();
  removeTestForms();
});

describe('config changes show on screen', () => {
  it('a column header and a validation message edited in schemas/ appear in the users list and the edit form', async () => {
    signInAs({ roles: [4], tenantId: 'teller' });
    renderScreen(
      <ConfigProvider config={edited}>
        <UsersListScreen tableId="users" />
      </ConfigProvider>,
      { route: '/wallet/users' },
    );

    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('columnheader', { name: /Member Number/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Account Id/ })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByText('Awa Jallow'));
    const panel = await screen.findByRole('dialog', { name: 'User Information' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Edit' }));
    await userEvent.clear(await within(panel).findByRole('textbox', { name: /First Name/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Please give the first name')).toBeInTheDocument();
    expect(within(panel).queryByText('Invalid First Name')).not.toBeInTheDocument();
  });
});
