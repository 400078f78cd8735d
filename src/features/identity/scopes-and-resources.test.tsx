// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway, type FakeCall } from '../../api/test-support/fake-gateway';
import { listDocument, resourceResource, scopeResource } from './test-support/fixtures';
import { preloadForms, renderRoutes, signInAs } from './test-support/render';
import { ResourceFormScreen } from './resources/ResourceFormScreen';
import { ResourcesScreen } from './resources/ResourcesScreen';
import { ScopeFormScreen } from './scopes/ScopeFormScreen';
import { ScopesScreen } from './scopes/ScopesScreen';

const routes = [
  { path: '/admin/scopes', element: <ScopesScreen /> },
  { path: '/admin/scopes/add-scope', element: <ScopeFormScreen /> },
  { path: '/admin/scopes/:resourceId/:id', element: <ScopeFormScreen /> },
  { path: '/admin/scopes/:id', element: <ScopeFormScreen /> },
  { path: '/admin/Resources', element: <ResourcesScreen /> },
  { path: '/admin/resources/add-resource', element: <ResourceFormScreen /> },
  { path: '/admin/resources/:id', element: <ResourceFormScreen /> },
];

const wallet = scopeResource('12', 'wallet', '3', { displayName: 'Wallet API' });
const teller = resourceResource('3', 'teller', ['catalogue', 'um', 'wallet']);

beforeAll(() => preloadForms('api-scope', 'api-resource'));

let gateway: FakeGateway;
beforeEach(() => {
  signInAs();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/id/apiscope', () => ({ body: listDocument([wallet, scopeResource('13', 'um')]) }))
    .on('GET', '/api/v1/id/apiscope/3/12', () => ({ body: { data: wallet } }))
    .on('PUT', '/api/v1/id/apiscope', (call) => ({ status: 201, body: { data: scopeResource('14', String(attributesOf(call).name)) } }))
    .on('PATCH', '/api/v1/id/apiscope/12', () => ({ body: { data: wallet } }))
    .on('GET', '/api/v1/id/apiresource', () => ({ body: listDocument([teller, resourceResource('4', 'payouts')]) }))
    .on('GET', '/api/v1/id/apiresource/3', () => ({ body: { data: teller } }))
    .on('PUT', '/api/v1/id/apiresource', () => ({ status: 201, body: { data: resourceResource('5', 'fx') } }))
    .on('PATCH', '/api/v1/id/apiresource/3', () => ({ body: { data: teller } }));
  fetchProxy.handle = gateway.handle;
});

function attributesOf(call: FakeCall | undefined): Record<string, unknown> {
  return (call?.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

const path = () => screen.getByTestId('path').textContent;
const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Saves and says Yes to the question; the spec gives no wording for it (IC-4.03, IC-4.04), only that one is asked about the `subject`. */
async function confirm(user: ReturnType<typeof userEvent.setup>, subject: 'scope' | 'resource') {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(new RegExp(`${subject}.*\\?$`))).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

describe('scopes (identity-and-catalogue §2, §3, §5, §8)', () => {
  it('[IC-2.15] [IC-2.55] [IC-2.56] lists Name with View Scope, and a Create Scope button', async () => {
    renderRoutes(routes, '/admin/scopes');
    expect(await screen.findByText('wallet')).toBeInTheDocument();
    expect(headers().slice(0, 2)).toEqual(['Name', 'Actions']);
    expect(screen.getAllByRole('button', { name: 'View Scope' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Create Scope' })).toBeInTheDocument();
  });

  it('[IC-2.17] View Scope opens the scope of its resource in update mode', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/scopes');
    const row = (await screen.findByText('wallet')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'View Scope' }));
    await waitFor(() => expect(path()).toBe('/admin/scopes/3/12'));
    expect(await screen.findByRole('heading', { name: 'Update Scope' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Wallet API')).toBeInTheDocument();
  });

  it('[IC-2.18] /admin/scopes/{id} finds the scope among all scopes', async () => {
    renderRoutes(routes, '/admin/scopes/12');
    expect(await screen.findByDisplayValue('Wallet API')).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/api/v1/id/apiscope')[0]?.query.get('getAll')).toBe('true');
  });

  it('[IC-2.16] [IC-3.20] [IC-5.06] [IC-5.07] [IC-4.03] [IC-8.13] creates a scope: resource and name required, shown in discovery by default', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/scopes/add-scope');
    expect(await screen.findByRole('heading', { name: 'Create Scope' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Show in discovery document' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please select a Resource')).not.toHaveLength(0);
    expect(screen.getByText('Name is required, without spaces')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'teller' }));
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'payouts.read');
    await confirm(user, 'scope');
    expect(await screen.findByText('Scope has successfully been created!')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/scopes'));
    const sent = gateway.callsTo('PUT', '/api/v1/id/apiscope')[0]?.body as { data: { type: string } };
    expect(sent.data.type).toBe('Scope');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/apiscope')[0])).toMatchObject({ apiResourceId: '3', name: 'payouts.read', showInDiscoveryDocument: true });
  });

  it('[IC-4.03] [IC-8.14] updates only what changed', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/scopes/3/12');
    const displayName = await screen.findByDisplayValue('Wallet API');
    await fill(user, displayName, ' (full)');
    await confirm(user, 'scope');
    expect(await screen.findByText('Scope has successfully been updated!')).toBeInTheDocument();
    expect(attributesOf(gateway.callsTo('PATCH', '/api/v1/id/apiscope/12')[0])).toEqual({ displayName: 'Wallet API (full)' });
  });

  // Issue 22 defect 8 overrides IC-8.03 ("not surfaced"): a refused save that stays on the form says why.
  it('a failed scope update shows the gateway\'s message and stays on the form (issue 22, over IC-8.03)', async () => {
    const user = userEvent.setup();
    gateway.on('PATCH', '/api/v1/id/apiscope/12', () => ({ status: 409, body: { errors: [{ status: '409', code: 'scope_in_use', title: 'The scope wallet is listed by naccug' }] } }));
    renderRoutes(routes, '/admin/scopes/3/12');
    await fill(user, await screen.findByDisplayValue('Wallet API'), '!');
    await confirm(user, 'scope');
    expect(await screen.findByText('The scope wallet is listed by naccug')).toBeInTheDocument();
    expect(screen.getByText('An Error Occured!')).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', '/api/v1/id/apiscope/12')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(path()).toBe('/admin/scopes/3/12');
  });
});

describe('resources (identity-and-catalogue §2, §3, §5, §8)', () => {
  it('[IC-2.19] [IC-2.57] [IC-2.58] lists Name, Display Name and actions, and a Create Resource button', async () => {
    renderRoutes(routes, '/admin/Resources');
    expect(await screen.findByText('teller API')).toBeInTheDocument();
    expect(headers().slice(0, 3)).toEqual(['Name', 'Display Name', 'Actions']);
    expect(screen.getByRole('button', { name: 'Create Resource' })).toBeInTheDocument();
  });

  it('[IC-2.20] [IC-5.08] [IC-5.09] [IC-4.04] [IC-8.15] creates a resource: name and display name required', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/resources/add-resource');
    expect(await screen.findByRole('heading', { name: 'Create Resource' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required, without spaces')).toBeInTheDocument();
    expect(screen.getByText('Display Name is required')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Scopes' })).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'fx');
    await fill(user, screen.getByRole('textbox', { name: 'Display Name' }), 'Forex API');
    await confirm(user, 'resource');
    expect(await screen.findByText('Resource has successfully been created!')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/Resources'));
    expect((gateway.callsTo('PUT', '/api/v1/id/apiresource')[0]?.body as { data: { type: string } }).data.type).toBe('Resource');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/apiresource')[0])).toMatchObject({ name: 'fx', displayName: 'Forex API', enabled: true });
  });

  it('[IC-2.21] [IC-2.59] [IC-3.21] [IC-8.16] unchecking a scope on the resource removes it on save', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/Resources');
    const row = (await screen.findByText('teller API')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(path()).toBe('/admin/resources/3'));
    const scopes = await screen.findByRole('group', { name: 'Scopes' });
    for (const name of ['catalogue', 'um', 'wallet']) expect(within(scopes).getByRole('checkbox', { name })).toBeChecked();
    await user.click(within(scopes).getByRole('checkbox', { name: 'um' }));
    await confirm(user, 'resource');
    expect(await screen.findByText('Resource has successfully been updated!')).toBeInTheDocument();
    expect(attributesOf(gateway.callsTo('PATCH', '/api/v1/id/apiresource/3')[0])).toEqual({ scopes: ['catalogue', 'wallet'] });
  });

  it('a failed resource update shows the gateway\'s message and stays on the form (issue 22)', async () => {
    const user = userEvent.setup();
    gateway.on('PATCH', '/api/v1/id/apiresource/3', () => ({ status: 409, body: { errors: [{ status: '409', code: 'scope_in_use', title: 'The scope um is listed by naccug' }] } }));
    renderRoutes(routes, '/admin/resources/3');
    await user.click(within(await screen.findByRole('group', { name: 'Scopes' })).getByRole('checkbox', { name: 'um' }));
    await confirm(user, 'resource');
    expect(await screen.findByText('The scope um is listed by naccug')).toBeInTheDocument();
    expect(screen.queryByText('Resource has successfully been updated!')).not.toBeInTheDocument();
    expect(path()).toBe('/admin/resources/3');
  });
});
