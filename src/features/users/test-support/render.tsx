// Test support: renders a users screen as the app does (Mantine, react-query, router, toasts) for a signed-in staff
// member, with the users tables' sources. A test that draws from edited config files wraps its screen in the app's
// ConfigProvider.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '../../../api/session';
import { getTenant } from '../../../config';
import { Toaster } from '../../../render/Toaster';
import { TableSourcesProvider } from '../../../render/table';
import { tableSources } from '../manifest';


export interface StaffLogin {
  userId?: string;
  email?: string;
  roles: number[];
  tenantId: string;
  claim?: string | null;
  /** The sign-in answer's adminTenant; the demo's admin tenant is dssc. */
  adminTenant?: boolean;
}

export function signInAs(login: StaffLogin): void {
  sessionStore.signIn({
    userId: login.userId ?? '1',
    email: login.email ?? 'partner@demo.test',
    accessToken: 'session-token',
    roles: login.roles,
    tenantId: login.tenantId,
    claim: login.claim ?? null,
    adminTenant: login.adminTenant ?? login.tenantId === 'dssc',
    expiresAt: Date.now() + 3_600_000,
  });
}

export function selectTenant(id: string): void {
  const tenant = getTenant(id);
  if (!tenant) throw new Error(`no tenant ${id}`);
  sessionStore.selectTenant({ id, name: tenant.name, type: tenant.type, accessToken: `${id}-token` });
}

export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={tableSources}>
            <Toaster />
            {children}
          </TableSourcesProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
