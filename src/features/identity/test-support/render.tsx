// Test support: renders identity screens as the app does (Mantine, react-query, a router with the screens' routes,
// toasts, the identity tables' sources) for a signed-in member of the admin tenant, and shows the path in use.
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, type RenderResult } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../../../api/session';
import { loadCompiledForm } from '../../../render/form/compiled-forms';
import { Loading } from '../../../render/Loading';
import { Toaster } from '../../../render/Toaster';
import { TableSourcesProvider } from '../../../render/table';
import { identityTableSources } from '../table-sources';

// The form engine loads lazily; a busy machine needs more than the default waits.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
// Toasts live in a store shared by every test: a test sees only its own.
afterEach(() => act(() => notifications.clean()));

/** super@demo.test: role 4 of the admin tenant (dssc, flagged admin), or another tenant's admin. */
export function signInAs({
  tenantId = 'dssc',
  claim = 'dssc',
  roles = [4],
  adminTenant = tenantId === 'dssc',
}: { tenantId?: string; claim?: string | null; roles?: number[]; adminTenant?: boolean } = {}): void {
  sessionStore.signIn({
    userId: '1',
    email: 'super@demo.test',
    accessToken: 'session-token',
    roles,
    tenantId,
    claim,
    adminTenant,
    expiresAt: Date.now() + 3_600_000,
  });
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

export interface ScreenRoute {
  path: string;
  element: ReactElement;
}

/** Renders `routes` at `route`; `screen.getByTestId('path')` tells where the screen went. */
export function renderRoutes(routes: readonly ScreenRoute[], route: string): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={identityTableSources}>
            <Toaster />
            {children}
            <CurrentPath />
          </TableSourcesProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  const ui = (
    <Suspense fallback={<Loading />}>
      <Routes>
      {routes.map((screenRoute) => (
        <Route key={screenRoute.path} path={screenRoute.path} element={screenRoute.element} />
      ))}
      <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
  return render(ui, { wrapper });
}

/** Loads form modules before a screen that suspends on them is navigated to (a suspended transition is not retried
 * inside a test's act scope, unlike in the app). */
export async function preloadForms(...ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => loadCompiledForm(id)));
}
