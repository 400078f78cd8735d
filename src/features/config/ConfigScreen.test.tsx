// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/session';
import { FakeGateway } from '../../api/test-support/fake-gateway';
import ConfigScreen, { CONFIG_ADMIN_ONLY_TEXT } from './ConfigScreen';

const HEALTH = /\/api\/v1\/config\/health$/;

function renderScreen(route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(<ConfigScreen />, { wrapper });
}

const verdict = (file: string, kind: string, problems: Array<{ pointer: string; message: string; fix: string }> = []) => ({
  type: 'config-file',
  id: file,
  attributes: { file, kind, ok: problems.length === 0, problems },
});

let gateway: FakeGateway;
function signIn(tenantId: string, roles: number[]) {
  sessionStore.signIn({ userId: '1', email: 'super@demo.test', accessToken: 'token', roles, tenantId, claim: tenantId, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
}

beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway().on('GET', HEALTH, () => ({
    body: {
      data: [
        verdict('schemas/tables/users.json', 'table', [{ pointer: '/columns/1/header', message: 'is empty', fix: "write the column's heading as staff read it" }]),
        verdict('tenants/naccug.json', 'tenant'),
      ],
      meta: { fileCount: 2, problemCount: 1, notices: [], checked: '2026-11-24T04:00:00.000Z' },
    },
  }));
  fetchProxy.handle = gateway.handle;
});

describe('the Config page', () => {
  it("shows each file's verdict: ok, or each problem with its file, pointer and fix", async () => {
    signIn('dssc', [4]);
    renderScreen('/admin/config');
    const files = await screen.findByRole('table', { name: 'Config files and their verdicts' });
    expect(screen.getByText('1 problem in 1 of 2 files.')).toBeInTheDocument();
    const users = within(files).getByRole('rowheader', { name: 'schemas/tables/users.json' }).closest('tr');
    expect(users).toHaveTextContent('schemas/tables/users.json#/columns/1/header is empty');
    expect(users).toHaveTextContent("Fix: write the column's heading as staff read it");
    const naccug = within(files).getByRole('rowheader', { name: 'tenants/naccug.json' }).closest('tr');
    expect(naccug).toHaveTextContent('ok');

    await userEvent.click(screen.getByRole('switch', { name: 'Only files with problems' }));
    expect(within(files).queryByRole('rowheader', { name: 'tenants/naccug.json' })).not.toBeInTheDocument();
    expect(within(files).getByRole('rowheader', { name: 'schemas/tables/users.json' })).toBeInTheDocument();
  });

  it("shows the gateway's refusal in its words", async () => {
    signIn('dssc', [4]);
    gateway.on('GET', HEALTH, () => ({ status: 403, body: { errors: [{ status: '403', title: 'Forbidden', detail: 'Only top admins of the admin tenant may read the config health', code: 'role_not_allowed' }] } }));
    renderScreen('/admin/config');
    expect(await screen.findByText('Only top admins of the admin tenant may read the config health')).toBeInTheDocument();
  });

  it("tells staff outside the admin tenant's top admins that it is not theirs, and asks the gateway nothing", () => {
    signIn('naccug', [4]);
    renderScreen('/admin/config');
    expect(screen.getByText(CONFIG_ADMIN_ONLY_TEXT)).toBeInTheDocument();
    expect(gateway.callsTo('GET', HEALTH)).toHaveLength(0);
  });

  it('previews the tenant and role in the address: its menu, a table with demo rows, a form with its validation', async () => {
    signIn('dssc', [4]);
    renderScreen('/admin/config?tab=preview&tenant=naccug&role=64&table=users&form=product');
    const menu = screen.getByRole('navigation', { name: /as role 64$/ });
    expect(within(menu).getByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Audit' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Members' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid Title')).toBeInTheDocument();
    expect(gateway.callsTo('GET', HEALTH)).toHaveLength(0);
  });

  it('takes the top admin for a role the address gets wrong', () => {
    signIn('dssc', [4]);
    renderScreen('/admin/config?tab=preview&tenant=naccug&role=46');
    expect(screen.getByRole('navigation', { name: /as role 4$/ })).toBeInTheDocument();
  });
});
