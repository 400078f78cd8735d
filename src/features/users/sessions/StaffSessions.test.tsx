// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { UserDetails } from '../details/UserDetails';
import { referenceLists, userDocument } from '../test-support/fixtures';
import { renderScreen, signInAs } from '../test-support/render';

let live: unknown[];
let gateway: FakeGateway;
beforeEach(() => {
  live = [
    { type: 'session', id: 'A'.repeat(43), attributes: { device: 'Chrome on Windows', userAgent: null, address: '203.0.113.9', signedIn: '2025-01-15T12:00:00.000Z', lastUsed: '2025-01-15T12:20:00.000Z', expires: '2025-01-15T14:00:00.000Z', current: false } },
  ];
  gateway = new FakeGateway()
    .on('GET', /\/um\/User\/64$/, () => ({ body: userDocument({ id: '64', firstname: 'Modou', lastname: 'Touray', roles: [64] }) }))
    .on('GET', /\/um\/User\/7$/, () => ({ body: userDocument({ id: '7', firstname: 'Awa', lastname: 'Jallow', roles: [256] }) }))
    .on('GET', /\/um\/groups$/, () => ({ body: referenceLists.groups }))
    .on('GET', /\/um\/roles$/, () => ({ body: referenceLists.roles }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }))
    .on('GET', /\/audit$/, () => ({ body: { data: [], meta: { pageNumber: 1, pageSize: 10, pageTotal: 0, itemTotal: 0 } } }))
    .on('GET', /\/um\/user\/64\/sessions$/, () => ({ body: { data: live } }))
    .on('DELETE', /\/um\/user\/64\/sessions$/, () => {
      const ended = live.length;
      live = [];
      return { body: { meta: { ended } } };
    });
  fetchProxy.handle = gateway.handle;
});

async function renderDetails(userId: string, roles: number[]) {
  signInAs({ roles, tenantId: 'teller', userId: '1' });
  renderScreen(<UserDetails userId={userId} openedFrom="users" />);
  await screen.findByRole('tab', { name: 'User Details' });
}

describe('a top admin ends a staff member’s sessions (issue 28 item 3)', () => {
  it('[issue 28] lists the staff member’s sessions and ends them all once confirmed', async () => {
    await renderDetails('64', [4]);
    await userEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    const table = await screen.findByRole('table', { name: 'Sessions of Modou Touray' });
    expect(within(table).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.9')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions' });
    expect(within(dialog).getByText('End every session of Modou Touray? They are signed out everywhere at once.')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', /\/um\/user\/64\/sessions$/)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('Their sessions have been ended.')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', /\/um\/user\/64\/sessions$/)).toHaveLength(1);
    expect(await screen.findByText('No live sessions.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'End all sessions' })).toBeDisabled());
  });

  it('[issue 28] shows no Sessions tab to an admin below role 4', async () => {
    await renderDetails('64', [16]);
    expect(screen.queryByRole('tab', { name: 'Sessions' })).not.toBeInTheDocument();
  });

  it('[issue 28] shows no Sessions tab on an end user, who cannot sign in', async () => {
    await renderDetails('7', [4]);
    expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sessions' })).not.toBeInTheDocument();
    expect(gateway.callsTo('GET', /\/sessions$/)).toHaveLength(0);
  });
});
