// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { FakeGateway, type FakeCall, type FakeReply } from '../../../api/test-support/fake-gateway';
import { listDocument, namedEntries, scopeResource, tenantResource } from '../test-support/fixtures';
import { preloadForms, renderRoutes, signInAs } from '../test-support/render';
import { TenantFormScreen } from './TenantFormScreen';
import { TenantsScreen } from './TenantsScreen';

const routes = [
  { path: '/admin/tenants', element: <TenantsScreen /> },
  { path: '/admin/tenants/create', element: <TenantFormScreen /> },
  { path: '/admin/tenants/:action/:id', element: <TenantFormScreen /> },
  { path: '/admin/tenants/:action', element: <TenantFormScreen /> },
];

const naccug = tenantResource('naccug', {
  clientName: 'NACCUG',
  description: 'Credit unions of The Gambia',
  clientClaimsPrefix: 'naccug_',
  requireClientSecret: true,
  grantTypes: ['delegation', 'custom_exchange'],
  scopes: ['openid', 'wallet'],
  claims: [{ type: 'tenant', value: 'naccug' }],
  secrets: [{ id: 's-7', type: 'SharedSecret', description: 'Back office', created: '2024-01-15T08:00:00Z', value: null }],
});

beforeAll(() => preloadForms('tenant'));

let gateway: FakeGateway;
beforeEach(() => {
  signInAs();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/id/tenant', () => ({ body: listDocument([naccug, tenantResource('teller')], { itemTotal: 25, pageTotal: 3 }) }))
    .on('GET', '/api/v1/id/tenant/naccug', () => ({ body: { data: naccug } }))
    .on('GET', '/api/v1/id/tenant/granttypes', () => ({ body: namedEntries('granttype', ['client_credentials', 'custom_exchange', 'delegation']) }))
    .on('GET', '/api/v1/id/tenant/claimsprefixes', () => ({ body: namedEntries('claimsprefix', ['naccug_', 'teller_']) }))
    .on('GET', '/api/v1/id/apiscope', () => ({ body: listDocument([scopeResource('1', 'openid'), scopeResource('2', 'wallet'), scopeResource('3', 'um')]) }))
    .on('PUT', '/api/v1/id/tenant', (call) => ({ status: 201, body: { data: tenantResource('kombo', { ...attributesOf(call), secrets: [] }) } }))
    .on('PATCH', '/api/v1/id/tenant/naccug', (call) => ({ body: { data: tenantResource('naccug', { ...attributesOf(call), secrets: [] }) } }));
  fetchProxy.handle = gateway.handle;
});

function attributesOf(call: FakeCall): Record<string, unknown> {
  return (call.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

const path = () => screen.getByTestId('path').textContent;
const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());

type User = ReturnType<typeof userEvent.setup>;

/** Types a whole text at once (pasted), as the form reads it the same way key by key. */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillRequired(user: User) {
  await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Kombo Savings');
  await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Kombo savings and credit union');
  await fill(user, screen.getByRole('combobox', { name: 'Client Claims Prefix' }), 'kombo_');
}

async function saveAndConfirm(user: User) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save tenant' });
  // The spec gives no wording for the question (IC-4.01): the dialog asks one about the tenant.
  expect(within(dialog).getByText(/tenant.*\?$/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

describe('tenants list (identity-and-catalogue §2)', () => {
  it('[IC-2.10] [IC-2.46] shows row number, Id, Client Id, Name, Description, Prefix and View / Duplicate actions', async () => {
    renderRoutes(routes, '/admin/tenants');
    expect(await screen.findByText('NACCUG')).toBeInTheDocument();
    expect(headers().slice(0, 7)).toEqual(['#', 'Id', 'Client Id', 'Name', 'Description', 'Prefix', 'Actions']);
    const row = screen.getByText('NACCUG').closest('tr') as HTMLElement;
    expect(within(row).getByText('naccug-client')).toBeInTheDocument();
    expect(within(row).getByText('naccug_')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
  });

  it('[IC-2.47] [IC-2.48] filters every column on the server and pages on the server', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants');
    await screen.findByText('NACCUG');
    for (const header of ['Id', 'Client Id', 'Name', 'Description', 'Prefix']) expect(screen.getByRole('textbox', { name: `Filter ${header}` })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter Prefix' }), 'nac');
    await waitFor(() => expect(gateway.callsTo('GET', '/api/v1/id/tenant').at(-1)?.query.get('filter[clientClaimsPrefix]')).toBe('nac'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(gateway.callsTo('GET', '/api/v1/id/tenant').at(-1)?.query.get('page[number]')).toBe('2'));
    expect(gateway.callsTo('GET', '/api/v1/id/tenant').at(-1)?.query.get('page[size]')).toBe('10');
  });

  it('[IC-2.49] [IC-2.11] Create Tenant opens the empty form', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants');
    await screen.findByText('NACCUG');
    await user.click(screen.getByRole('button', { name: 'Create Tenant' }));
    await waitFor(() => expect(path()).toBe('/admin/tenants/create'));
    expect(await screen.findByRole('heading', { name: 'Create Tenant' })).toBeInTheDocument();
  });

  it('[IC-2.50] [IC-2.12] View opens the form in update mode with the tenant', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants');
    const row = (await screen.findByText('NACCUG')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'View' }));
    expect(path()).toBe('/admin/tenants/update/naccug');
    expect(await screen.findByRole('heading', { name: 'Update Tenant' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Credit unions of The Gambia')).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/api/v1/id/tenant/naccug')[0]?.query.get('include')).toBe('grantTypes,scopes,claims,secrets');
  });
});

describe('tenant form, add mode (identity-and-catalogue §2-§5)', () => {
  it('[IC-3.06] [IC-3.08] [IC-3.02] [IC-4.01] [IC-2.52] [IC-8.11] saves with the defaults after confirming, then returns to the list', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    expect(screen.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Require client secret' })).not.toBeChecked();
    await saveAndConfirm(user);
    expect(await screen.findByText('Tenant has successfully been created!')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/tenants'));
    const sent = gateway.callsTo('PUT', '/api/v1/id/tenant')[0]?.body as { data: { type: string; id?: string; attributes: Record<string, unknown> } };
    expect(sent.data.type).toBe('Tenant');
    expect(sent.data.id).toBeUndefined();
    expect(sent.data.attributes).toMatchObject({ clientName: 'Kombo Savings', clientClaimsPrefix: 'kombo_', enabled: true, requireClientSecret: false });
    expect(sent.data.attributes).not.toHaveProperty('clientId');
  });

  it('[IC-4.07] the confirmation shows its loading flag while the save is on its way, then the success', async () => {
    const user = userEvent.setup();
    let answer: (value: FakeReply) => void = () => undefined;
    gateway.on('PUT', '/api/v1/id/tenant', () => new Promise<FakeReply>((resolve) => (answer = resolve)));
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    await saveAndConfirm(user);
    const dialog = screen.getByRole('dialog', { name: 'Save tenant' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toHaveAttribute('data-loading'));
    expect(screen.queryByText('Tenant has successfully been created!')).not.toBeInTheDocument();
    answer({ status: 201, body: { data: tenantResource('kombo', { secrets: [] }) } });
    expect(await screen.findByText('Tenant has successfully been created!')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/tenants'));
  });

  it('[IC-5.01] [IC-5.02] [IC-5.03] [IC-5.04] Name, Description and Client Claims Prefix are required, nothing else', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Client Claims Prefix is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Save tenant' })).toBeInTheDocument();
  });

  it('[IC-5.05] [IC-3.10] grant types come from the list plus comma-separated manual ones without spaces', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    await user.click(screen.getByRole('combobox', { name: 'Grant Types' }));
    await user.click(await screen.findByRole('option', { name: 'client_credentials' }));
    const manual = screen.getByRole('textbox', { name: 'Manual grant types' });
    await fill(user, manual, 'custom_one, partner');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Grant types are comma separated with no spaces')).toBeInTheDocument();
    await user.clear(manual);
    await fill(user, manual, 'custom_one,partner');
    await saveAndConfirm(user);
    await screen.findByText('Tenant has successfully been created!');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/tenant')[0] as FakeCall)).toMatchObject({ grantTypes: ['client_credentials'], manualGrantTypes: 'custom_one,partner' });
  });

  it('[IC-3.05] the claims prefix is chosen from the list or typed', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    const prefix = await screen.findByRole('combobox', { name: 'Client Claims Prefix' });
    await user.click(prefix);
    await user.click(await screen.findByRole('option', { name: 'teller_' }));
    expect(prefix).toHaveValue('teller_');
    await user.clear(prefix);
    await user.type(prefix, 'brand_new_');
    expect(prefix).toHaveValue('brand_new_');
  });

  it('[IC-3.03] Generate fills a base64 GUID client id, which is sent', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const clientId = screen.getByRole('textbox', { name: 'Client Id' });
    expect((clientId as HTMLInputElement).value).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    await saveAndConfirm(user);
    await screen.findByText('Tenant has successfully been created!');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/tenant')[0] as FakeCall).clientId).toBe((clientId as HTMLInputElement).value);
  });

  it('[IC-3.09] [IC-3.12] [IC-3.13] [IC-3.14] [IC-3.15] [IC-3.16] [IC-3.17] [IC-3.18] client roles are a checkbox set of the role bits', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    const roles = screen.getByRole('group', { name: 'Client Roles' });
    expect(within(roles).getByRole('checkbox', { name: 'None' })).toBeChecked();
    const names = within(roles)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-label') ?? box.closest('label, .mantine-Checkbox-root')?.textContent);
    expect(names).toEqual([
      'None',
      'DSSC Admin (1)',
      'Unassigned (2)',
      'Partner Admin (4)',
      'Unassigned (8)',
      'Group Admin (16)',
      'Unassigned (32)',
      'Field Officer (64)',
      'Unassigned (128)',
      'Customer (256)',
    ]);
    await user.click(within(roles).getByRole('checkbox', { name: 'Partner Admin (4)' }));
    await user.click(within(roles).getByRole('checkbox', { name: 'Field Officer (64)' }));
    expect(within(roles).getByRole('checkbox', { name: 'None' })).not.toBeChecked();
    await saveAndConfirm(user);
    await screen.findByText('Tenant has successfully been created!');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/tenant')[0] as FakeCall).clientRoles).toEqual([4, 64]);
  });

  it('[IC-3.11] claims are type and value pairs', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add claim' }));
    await fill(user, screen.getByRole('textbox', { name: 'Claim 1 type' }), 'tenant');
    await fill(user, screen.getByRole('textbox', { name: 'Claim 1 value' }), 'kombo');
    await saveAndConfirm(user);
    await screen.findByText('Tenant has successfully been created!');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/tenant')[0] as FakeCall).claims).toEqual([{ type: 'tenant', value: 'kombo' }]);
  });

  it('[IC-4.02] [IC-4.07] [IC-8.01] [IC-8.02] a failed save shows the server message, else the generic text, and hides the loader', async () => {
    const user = userEvent.setup();
    gateway.on('PUT', '/api/v1/id/tenant', () => ({
      status: 409,
      body: { errors: [{ status: '409', code: 'tenant_id_taken', title: 'Tenant id already in use', source: { pointer: '/data/id' } }] },
    }));
    renderRoutes(routes, '/admin/tenants/create');
    await fillRequired(user);
    await saveAndConfirm(user);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('An Error Occured!')).toBeInTheDocument();
    expect(within(toast).getByText('Tenant id already in use')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAccessibleDescription(/Tenant id already in use/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save tenant' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading');
    expect(path()).toBe('/admin/tenants/create');

    act(() => notifications.clean());
    fetchProxy.handle = undefined;
    await saveAndConfirm(user);
    expect(await screen.findByText('There was a problem in connecting to the server. Please check your internet and try again.')).toBeInTheDocument();
  });

  it('[IC-2.51] [IC-2.13] Duplicate opens add mode with the data copied, a new id and client id, and creates', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/duplicate/naccug');
    expect(await screen.findByRole('heading', { name: 'Duplicate Tenant' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Credit unions of The Gambia')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Client Id' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Client Id' })).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('group', { name: 'Secrets' })).not.toBeInTheDocument();
    await saveAndConfirm(user);
    await screen.findByText('Tenant has successfully been created!');
    expect(attributesOf(gateway.callsTo('PUT', '/api/v1/id/tenant')[0] as FakeCall)).toMatchObject({
      clientName: 'NACCUG',
      grantTypes: ['delegation', 'custom_exchange'],
      scopes: ['openid', 'wallet'],
      claims: [{ type: 'tenant', value: 'naccug' }],
    });
  });

  it('[IC-2.14] /admin/tenants/{action} without an id shows the empty form', async () => {
    renderRoutes(routes, '/admin/tenants/add');
    expect(await screen.findByRole('heading', { name: 'Create Tenant' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});

describe('tenant form, update mode (identity-and-catalogue §2-§5)', () => {
  it('[IC-3.04] [IC-3.07] [IC-3.10] client id is read-only; secrets and the single grant type show', async () => {
    renderRoutes(routes, '/admin/tenants/update/naccug');
    const clientId = await screen.findByDisplayValue('naccug-client');
    expect(clientId).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
    const secrets = screen.getByRole('group', { name: 'Secrets' });
    expect(within(secrets).getByText(/SharedSecret · Back office/)).toBeInTheDocument();
    expect(screen.getByText('Grant type: delegation')).toBeInTheDocument();
  });

  it('[IC-2.53] [IC-2.54] copies the client id and confirms for 3 seconds', async () => {
    userEvent.setup(); // its clipboard is the one the copy writes to
    renderRoutes(routes, '/admin/tenants/update/naccug');
    await screen.findByDisplayValue('naccug-client');
    // identity-and-catalogue §9: "Copy confirmation shows for 3 seconds." The clock moves only when the test moves
    // it, so a busy machine cannot take the confirmation down early.
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Client Id' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('Client Id copied!')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2_999));
      expect(screen.getByText('Client Id copied!')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.queryByText('Client Id copied!')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(await navigator.clipboard.readText()).toBe('naccug-client');
  });

  it('[IC-4.01] [IC-8.12] [IC-2.52] saves every field, keeps secrets by id, adds a new one, and returns to the list', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/tenants/update/naccug');
    const description = await screen.findByDisplayValue('Credit unions of The Gambia');
    await user.clear(description);
    await fill(user, description, 'Credit unions');
    await user.click(screen.getByRole('button', { name: 'Add secret' }));
    await fill(user, screen.getByRole('textbox', { name: 'Secret 2 value' }), 'typed-secret');
    await saveAndConfirm(user);
    expect(await screen.findByText('Tenant has successfully been updated!')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/tenants'));
    const sent = gateway.callsTo('PATCH', '/api/v1/id/tenant/naccug')[0]?.body as { data: { id: string; attributes: Record<string, unknown> } };
    expect(sent.data.id).toBe('naccug');
    expect(sent.data.attributes).toMatchObject({ description: 'Credit unions', secrets: [{ id: 's-7' }, { type: 'SharedSecret', value: 'typed-secret' }] });
    expect(sent.data.attributes).not.toHaveProperty('clientId');
  });

  it('shows a secret the save generated once before going back to the list', async () => {
    const user = userEvent.setup();
    gateway.on('PATCH', '/api/v1/id/tenant/naccug', () => ({
      body: { data: tenantResource('naccug', { secrets: [{ id: 's-9', type: 'SharedSecret', description: null, created: '2024-03-01T09:30:00Z', value: 'clear-value-once' }] }) },
    }));
    renderRoutes(routes, '/admin/tenants/update/naccug');
    await screen.findByDisplayValue('naccug-client');
    await user.click(screen.getByRole('button', { name: 'Add secret' }));
    await saveAndConfirm(user);
    const dialog = await screen.findByRole('dialog', { name: 'New secrets' });
    expect(within(dialog).getByText('clear-value-once')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to list' }));
    await waitFor(() => expect(path()).toBe('/admin/tenants'));
  });
});
