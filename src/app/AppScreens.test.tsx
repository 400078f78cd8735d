// A config problem on one screen stays in that screen: it says which file and what to run, while the header, the
// menu and the other screens keep working (docs/architecture.md, the product owners' promise).
// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGateway } from '../api/test-support/fake-gateway';
import { config } from '../config';
import type { ConfigSet } from '../config/types';
import { TableSourcesProvider } from '../render/table';
import { referenceLists, userListDocument } from '../features/users/test-support/fixtures';
import { signInAs } from '../features/users/test-support/render';
import { AppScreens } from './AppScreens';
import { ConfigProvider } from './ConfigProvider';
import { FeatureSlots } from './feature-slots';
import { SCREEN_CONFIG_PROBLEM } from './ScreenBoundary';
import { Shell } from './Shell';
import { tableSources } from './features.gen';

beforeEach(() => {
  localStorage.clear();
  fetchProxy.handle = new FakeGateway()
    .on('GET', /\/um\/user$/, () => ({ body: userListDocument([{ id: '7', firstname: 'Awa', lastname: 'Jallow' }]) }))
    .on('GET', /\/um\/roles$/, () => ({ body: referenceLists.roles }))
    .on('GET', /\/um\/groups$/, () => ({ body: referenceLists.groups }))
    .on('GET', /\/um\/status$/, () => ({ body: referenceLists.statuses }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }))
    .on('GET', /\/tx\/transactiontypes$/, () => ({ body: { data: [] } })).handle;
});

function renderApp(set: ConfigSet, route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <ConfigProvider config={set}>
            <TableSourcesProvider sources={tableSources}>
              <Shell>
                <FeatureSlots>
                  <AppScreens />
                </FeatureSlots>
              </Shell>
            </TableSourcesProvider>
          </ConfigProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a screen whose config is broken', () => {
  it('says which file and what to run inside the screen; the header, the menu and another screen keep working (regression: a missing admins.json took the app down)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAs({ roles: [4], tenantId: 'teller' });
    const { admins: _admins, ...tables } = config.tables;
    renderApp({ ...config, tables }, '/wallet/admins');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(SCREEN_CONFIG_PROBLEM)).toBeInTheDocument();
    expect(within(alert).getByText('schemas/tables/admins.json')).toBeInTheDocument();
    expect(within(alert).getByText('npm run check:config')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home$/ })).toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Members' }));
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByText('Awa Jallow')).toBeInTheDocument();
    expect(screen.queryByText(SCREEN_CONFIG_PROBLEM)).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
