// Test support for the users' create and documents components: the providers the app gives them, a session, the
// real form files compiled as the build compiles them, and the shared fake gateway behind a stubbed fetch.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Mock } from 'vitest';
import { sessionStore, type StaffSession } from '../../../api/session';
import { compileTestForm } from '../../../render/form/test-forms';
import { Toaster } from '../../../render/Toaster';
import { FakeGateway, replyOf } from '../../../api/test-support/fake-gateway';

// jsdom has no scrollIntoView; Mantine's combobox scrolls the selected option into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

const formsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../schemas/forms');

/** Compiles schemas/forms/<id>.json as the build does, so a test sees the form file as it is now. */
export async function compileFormFile(id: string): Promise<void> {
  await compileTestForm(JSON.parse(readFileSync(path.join(formsDir, `${id}.json`), 'utf8')) as { id: string });
}

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) => replyOf({ status, body, headers });

type Handler = (request: Request) => Response | Promise<Response>;

export interface DocumentsFakeGateway {
  /** Every request, in order. */
  requests: Request[];
  /** The requests to `METHOD /path`. */
  calls: (route: string) => Request[];
  on: (route: string, handler: Handler) => void;
}

/** The shared FakeGateway behind `fetchMock`, with routes written `METHOD /path` (path without query). */
export function fakeGateway(fetchMock: FetchMock, handlers: Record<string, Handler> = {}): DocumentsFakeGateway {
  const gateway = new FakeGateway();
  const split = (route: string): [string, string] => {
    const [method = '', path = ''] = route.split(' ');
    return [method, path];
  };
  const on = (route: string, handler: Handler) => {
    const [method, path] = split(route);
    gateway.on(method, path, (call) => handler(call.request.clone()));
  };
  for (const [route, handler] of Object.entries(handlers)) on(route, handler);
  fetchMock.mockImplementation((input, init) => gateway.handle(input instanceof Request ? input : new Request(input, init)));
  return {
    get requests() {
      return gateway.calls.map((call) => call.request);
    },
    calls: (route) => gateway.callsTo(...split(route)).map((call) => call.request),
    on,
  };
}

export const list = (type: string, rows: Record<string, unknown>[]) => ({
  data: rows.map(({ id, ...attributes }) => ({ type, id: String(id), attributes })),
});

export const ROLES = list('role', [
  { id: 4, value: 4, name: 'Partner Admin' },
  { id: 16, value: 16, name: 'Group Admin' },
  { id: 64, value: 64, name: 'Field Officer' },
  { id: 256, value: 256, name: 'Customer' },
]);
export const GROUPS = list('group', [
  { id: 5, value: 5, name: 'Kanifing CU' },
  { id: 6, value: 6, name: 'Serrekunda CU' },
]);
export const COUNTRIES = list('country', [
  { id: 'GM', iso: 'GM', name: 'Gambia', nationality: 'Gambian' },
  { id: 'AE', iso: 'AE', name: 'United Arab Emirates', nationality: 'Emirati' },
]);

export function signInAs(roles: number[], tenantId: string, userId = '9'): StaffSession {
  const session: StaffSession = {
    userId,
    email: 'staff@demo.test',
    accessToken: 'token',
    roles,
    tenantId,
    claim: tenantId,
    adminTenant: tenantId === 'dssc',
    expiresAt: Date.now() + 3_600_000,
  };
  sessionStore.signIn(session);
  return session;
}

export function renderInApp(ui: ReactElement, { route = '/wallet/admins' }: { route?: string } = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Toaster />
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}

export function clearToasts() {
  act(() => notifications.clean());
}

/** A file of `size` bytes without allocating them. */
export function sizedFile(name: string, size: number, type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
