// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { referenceLists, userDocument } from '../test-support/fixtures';
import { renderScreen, selectTenant, signInAs } from '../test-support/render';
import { ProfileScreen } from '../profile/ProfileScreen';

const HERE = 'H'.repeat(43);
const PHONE = 'P'.repeat(43);
const TABLET = 'T'.repeat(43);

function sessionResource(handle: string, attributes: { device: string; address: string | null; signedIn: string; lastUsed: string; current: boolean }) {
  return { type: 'session', id: handle, attributes: { userAgent: null, expires: '2025-01-15T14:00:00.000Z', ...attributes } };
}

let live: Array<ReturnType<typeof sessionResource>>;
let gateway: FakeGateway;
beforeEach(() => {
  live = [
    sessionResource(PHONE, { device: 'Safari on iOS', address: '198.51.100.20', signedIn: '2025-01-15T12:05:00.000Z', lastUsed: '2025-01-15T12:30:00.000Z', current: false }),
    sessionResource(HERE, { device: 'Firefox on Linux', address: '203.0.113.7', signedIn: '2025-01-15T12:00:00.000Z', lastUsed: '2025-01-15T12:31:00.000Z', current: true }),
    sessionResource(TABLET, { device: 'Chrome on Android', address: null, signedIn: '2025-01-15T11:00:00.000Z', lastUsed: '2025-01-15T11:10:00.000Z', current: false }),
  ];
  gateway = new FakeGateway()
    .on('GET', /\/um\/User\/1$/, () => ({ body: userDocument({ id: '1', firstname: 'Awa', lastname: 'Sowe', roles: [4], email: 'super@demo.test' }) }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }))
    .on('GET', /\/id\/sessions$/, () => ({ body: { data: live } }))
    .on('DELETE', /\/id\/sessions\/[A-Za-z0-9_-]{43}$/, (call) => {
      live = live.filter((session) => !call.path.endsWith(session.id));
      return { status: 204 };
    })
    .on('DELETE', /\/id\/sessions$/, () => {
      const ended = live.filter((session) => !session.attributes.current).length;
      live = live.filter((session) => session.attributes.current);
      return { body: { meta: { ended } } };
    });
  fetchProxy.handle = gateway.handle;
  signInAs({ roles: [4], tenantId: 'dssc', claim: 'dssc', userId: '1', email: 'super@demo.test' });
  selectTenant('teller');
});

async function openSessionsTab() {
  renderScreen(<ProfileScreen />, { route: '/user/profile' });
  await userEvent.click(await screen.findByRole('tab', { name: 'Sessions' }));
  return screen.findByRole('table', { name: 'Sessions' });
}

const rowOf = (table: HTMLElement, device: string) => {
  const row = within(table).getByText(device).closest('tr');
  if (!row) throw new Error(`no row for ${device}`);
  return row;
};

describe('the Sessions tab of the own profile (issue 28 item 3)', () => {
  it('[issue 28] lists device, address, sign-in time and last use of each live session, the one in use marked', async () => {
    const table = await openSessionsTab();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Device', 'Address', 'Signed in', 'Last used', 'Actions']);
    const here = rowOf(table, 'Firefox on Linux');
    expect(here).toHaveAttribute('aria-current', 'true');
    expect(within(here).getByText('This session')).toBeInTheDocument();
    expect(within(here).getByText('203.0.113.7')).toBeInTheDocument();
    const phone = rowOf(table, 'Safari on iOS');
    expect(phone).not.toHaveAttribute('aria-current');
    expect(within(phone).getByText('198.51.100.20')).toBeInTheDocument();
    expect(within(rowOf(table, 'Chrome on Android')).getByText('Unknown')).toBeInTheDocument();
    // Asked with the session's own token, whichever tenant is selected.
    expect(gateway.callsTo('GET', /\/id\/sessions$/)[0]?.authorization).toBe('Bearer session-token');
  });

  it('[issue 28] "Sign out this one" is on every other session, not on the one in use, and ends just that one', async () => {
    const table = await openSessionsTab();
    expect(within(rowOf(table, 'Firefox on Linux')).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(rowOf(table, 'Safari on iOS')).getByRole('button', { name: 'Sign out this one: Safari on iOS, 198.51.100.20' }));
    expect(await screen.findByText('That session has been signed out.')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', /\/id\/sessions\/[A-Za-z0-9_-]{43}$/).map((call) => call.path.split('/').pop())).toEqual([PHONE]);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(screen.getByText('Chrome on Android')).toBeInTheDocument();
  });

  it('[issue 28] "Sign out all others" asks first, with focus in the dialog; Cancel sends nothing and gives focus back', async () => {
    await openSessionsTab();
    const trigger = screen.getByRole('button', { name: 'Sign out all others' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all others' });
    expect(within(dialog).getByText('Sign out every other session of yours? Each of them has to sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(gateway.callsTo('DELETE', /\/id\/sessions$/)).toHaveLength(0);
  });

  it('[issue 28] confirmed, "Sign out all others" ends every other session and keeps this one', async () => {
    await openSessionsTab();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all others' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all others' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out all others' }));
    expect(await screen.findByText('Your other sessions have been signed out.')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', /\/id\/sessions$/)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(screen.getByText('Firefox on Linux')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all others' })).toBeDisabled();
  });

  it('shows the gateway’s refusal and keeps the row when a session cannot be signed out', async () => {
    gateway.on('DELETE', /\/id\/sessions\/[A-Za-z0-9_-]{43}$/, () => ({ status: 404, body: { errors: [{ status: '404', title: 'Session not found' }] } }));
    const table = await openSessionsTab();
    await userEvent.click(within(rowOf(table, 'Safari on iOS')).getByRole('button', { name: /^Sign out this one/ }));
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
  });
});
