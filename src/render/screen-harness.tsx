// Test support: renders screens as the app does (Mantine, react-query, a router with the screens' routes, toasts,
// the tables' sources) for a signed-in staff member, and shows the path in use. Each feature binds it to its tables
// and its usual login (screenHarness).
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { sessionStore } from '../api/session';
import { loadCompiledForm } from './form/compiled-forms';
import { Loading } from './Loading';
import { Toaster } from './Toaster';
import { TableSourcesProvider, type TableSources } from './table';

// Toasts live in a store shared by every test: a test sees only its own.
afterEach(() => act(() => notifications.clean()));

export interface StaffLogin {
  userId: string;
  email: string;
  tenantId: string;
  /** The token's tenant claim; the admin tenant's is dssc. */
  claim: string | null;
  roles: number[];
  /** The sign-in answer's adminTenant; the demo's admin tenant is dssc. */
  adminTenant?: boolean;
}

interface ScreenRoute {
  path: string;
  element: ReactElement;
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

/** Signs `login` in; `selected` switches into that tenant (its own token). */
function signInStaff(login: StaffLogin, selected?: string): void {
  const { adminTenant = login.tenantId === 'dssc', ...staff } = login;
  sessionStore.signIn({ ...staff, adminTenant, accessToken: 'session-token', expiresAt: Date.now() + 3_600_000 });
  if (selected) sessionStore.selectTenant({ id: selected, name: selected, type: 'wallet', accessToken: `${selected}-token` });
}

/** Renders `routes` at `route` with the tables' `sources`; `screen.getByTestId('path')` tells where the screen went. */
function renderRoutes(routes: readonly ScreenRoute[], route: string, sources: TableSources = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={sources}>
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

/** A feature's harness: its tables' sources and its usual login, which a test may vary. */
export function screenHarness(sources: TableSources, login: StaffLogin) {
  return {
    signInAs: ({ selected, ...changes }: Partial<StaffLogin> & { selected?: string } = {}) => signInStaff({ ...login, ...changes }, selected),
    renderRoutes: (routes: readonly ScreenRoute[], route: string) => renderRoutes(routes, route, sources),
  };
}

/** Loads form modules before a screen that suspends on them is navigated to (a suspended transition is not retried
 * inside a test's act scope, unlike in the app). */
export async function preloadForms(...ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => loadCompiledForm(id)));
}
