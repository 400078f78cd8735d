// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { referenceLists, userDocument } from '../test-support/fixtures';
import { renderScreen, selectTenant, signInAs } from '../test-support/render';
import { ProfileScreen } from '../profile/ProfileScreen';

const SECRET = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Teller:super%40demo.test?secret=JBSWY3DPEHPK3PXP&issuer=Teller' };
const CODES = Array.from({ length: 10 }, (_, index) => `CODE${index}-ABCDE`);
const FACTOR_REQUIRED = 'Your role must sign in with a second factor: enrol another before removing this one.';
const WRONG_CODE = 'The code is wrong, expired or already used. Enter the current code from your authenticator app.';

interface Factors {
  required: boolean;
  totp: { created: string; lastUsed: string | null } | null;
  passkeys: Array<{ id: string; name: string; transports: string[]; created: string; lastUsed: string | null }>;
  recoveryCodesLeft: number;
}

let factors: Factors;
let gateway: FakeGateway;
beforeEach(() => {
  factors = { required: false, totp: null, passkeys: [], recoveryCodesLeft: 0 };
  gateway = new FakeGateway()
    .on('GET', /\/um\/User\/1$/, () => ({ body: userDocument({ id: '1', firstname: 'Awa', lastname: 'Sowe', roles: [4], email: 'super@demo.test' }) }))
    .on('GET', /\/um\/countries$/, () => ({ body: referenceLists.countries }))
    .on('GET', /\/id\/second-factors$/, () => ({ body: { data: { type: 'secondfactors', id: '1', attributes: factors } } }))
    .on('POST', /\/id\/second-factors\/totp$/, () => ({ body: { data: { type: 'totpenrolment', id: '1', attributes: SECRET } } }))
    .on('POST', /\/id\/second-factors\/totp\/confirmation$/, (call) => {
      const { code } = (call.body as { data: { attributes: { code: string } } }).data.attributes;
      if (code !== '123456') return { status: 422, body: { errors: [{ status: '422', detail: WRONG_CODE, source: { pointer: '/data/attributes/code' } }] } };
      factors = { ...factors, totp: { created: '2025-01-15T12:00:00.000Z', lastUsed: '2025-01-15T12:00:00.000Z' }, recoveryCodesLeft: 10 };
      return { body: { data: { type: 'secondfactorenrolment', id: '1', attributes: { recoveryCodes: CODES } } } };
    })
    .on('POST', /\/id\/second-factors\/recovery-codes$/, () => ({ body: { data: { type: 'secondfactorenrolment', id: '1', attributes: { recoveryCodes: CODES } } } }))
    .on('DELETE', /\/id\/second-factors\/totp$/, () => {
      if (factors.required && factors.passkeys.length === 0) return { status: 409, body: { errors: [{ status: '409', code: 'factor_required', title: FACTOR_REQUIRED }] } };
      factors = { ...factors, totp: null };
      return { status: 204 };
    })
    .on('DELETE', /\/id\/second-factors\/passkeys\/([A-Za-z0-9_-]+)$/, (_call, match) => {
      factors = { ...factors, passkeys: factors.passkeys.filter((passkey) => passkey.id !== match[1]) };
      return { status: 204 };
    });
  fetchProxy.handle = gateway.handle;
  signInAs({ roles: [4], tenantId: 'dssc', claim: 'dssc', userId: '1', email: 'super@demo.test' });
  selectTenant('teller');
});

async function openTab() {
  renderScreen(<ProfileScreen />, { route: '/user/profile' });
  await userEvent.click(await screen.findByRole('tab', { name: 'Second factor' }));
  return screen.findByRole('tabpanel', { name: 'Second factor' }).then(async (panel) => {
    await within(panel).findByRole('heading', { name: 'Authenticator app' });
    return panel;
  });
}

describe('the Second factor tab of the own profile (issue 28 item 1)', () => {
  it('[issue 28] says what the user has: no app, the passkeys with their use, the recovery codes left, and that the role requires a factor', async () => {
    factors = {
      required: true,
      totp: null,
      passkeys: [
        { id: 'cred-one', name: 'Work laptop', transports: ['internal'], created: '2025-01-10T09:00:00.000Z', lastUsed: null },
        { id: 'cred-two', name: 'Phone', transports: ['hybrid'], created: '2025-01-11T09:00:00.000Z', lastUsed: '2025-01-14T09:00:00.000Z' },
      ],
      recoveryCodesLeft: 7,
    };
    const panel = await openTab();
    expect(within(panel).getByText('Your role requires a second factor. Keep at least one authenticator app or passkey.')).toBeInTheDocument();
    expect(within(panel).getByText('No authenticator app is set up.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Add authenticator app' })).toBeEnabled();
    const table = within(panel).getByRole('table', { name: 'Passkeys' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Added', 'Last used', 'Actions']);
    const laptop = within(table).getByRole('row', { name: /Work laptop/ });
    expect(within(laptop).getByText('Never')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Phone/ })).queryByText('Never')).not.toBeInTheDocument();
    expect(within(panel).getByText('7 recovery codes are left.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'New recovery codes' })).toBeEnabled();
    // Asked with the session's own token, whichever tenant is selected.
    expect(gateway.callsTo('GET', /\/id\/second-factors$/)[0]?.authorization).toBe('Bearer session-token');
  });

  it('[issue 28] without a factor, new recovery codes cannot be asked for, and a role that does not require one is told so', async () => {
    const panel = await openTab();
    expect(within(panel).getByText('Your role does not require a second factor; adding one protects your account.')).toBeInTheDocument();
    expect(within(panel).getByText('No passkeys yet.')).toBeInTheDocument();
    expect(within(panel).getByText('Recovery codes come with your first authenticator app or passkey.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'New recovery codes' })).toBeDisabled();
  });

  it('[issue 28] adds an authenticator app: the secret as text and an otpauth link, a refused code with its reason, then the recovery codes once', async () => {
    const panel = await openTab();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add authenticator app' });
    const code = await within(dialog).findByRole('textbox', { name: /^Code from the app/ });
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(dialog).getByText(SECRET.secret)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute('href', SECRET.uri);

    await userEvent.type(code, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(WRONG_CODE)).toBeInTheDocument();
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.type(code, '123456{Enter}');
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(within(codes).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    const done = within(codes).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(within(codes).getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    await userEvent.click(done);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The authenticator app has been added.')).toBeInTheDocument();
    expect(await within(panel).findByText('10 recovery codes are left.')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0] ?? '')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove the authenticator app' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Authenticator app' })).toHaveFocus());
  });

  it("[issue 28] removing the app is asked first; the gateway's factor_required refusal stays in the dialog; Cancel gives focus back", async () => {
    factors = { required: true, totp: { created: '2025-01-10T09:00:00.000Z', lastUsed: null }, passkeys: [], recoveryCodesLeft: 10 };
    const panel = await openTab();
    const trigger = within(panel).getByRole('button', { name: 'Remove the authenticator app' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Remove the authenticator app' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FACTOR_REQUIRED);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(within(panel).getByText(/^Added .+; last used never\.$/)).toBeInTheDocument();
  });

  it('[issue 28] removes a passkey once confirmed, by keyboard, and leaves focus on the Passkeys heading', async () => {
    factors = { required: false, totp: null, passkeys: [{ id: 'cred-one', name: 'Work laptop', transports: [], created: '2025-01-10T09:00:00.000Z', lastUsed: null }], recoveryCodesLeft: 10 };
    const panel = await openTab();
    within(panel).getByRole('button', { name: 'Remove passkey Work laptop' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey Work laptop' });
    expect(within(dialog).getByText('Remove the passkey "Work laptop"? It will no longer sign you in.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The passkey has been removed.')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', /\/passkeys\/cred-one$/)).toHaveLength(1);
    expect(await within(panel).findByText('No passkeys yet.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Passkeys' })).toHaveFocus());
  });

  it('[issue 28] new recovery codes are asked first, then shown once; Cancel makes none', async () => {
    factors = { required: false, totp: { created: '2025-01-10T09:00:00.000Z', lastUsed: null }, passkeys: [], recoveryCodesLeft: 3 };
    const panel = await openTab();
    await userEvent.click(within(panel).getByRole('button', { name: 'New recovery codes' }));
    let dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo('POST', /\/recovery-codes$/)).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'New recovery codes' }));
    dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(within(dialog).getByText('Make ten new recovery codes? Every code you have now stops working.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(within(codes).getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo('POST', /\/recovery-codes$/)).toHaveLength(1);
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Recovery codes' })).toHaveFocus());
  });
});
