// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../api/test-support/fetch-proxy';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callOperation } from '../api/resource';
import { sessionStore } from '../api/session';
import { FakeGateway } from '../api/test-support/fake-gateway';
import type { PasskeyRequestOptions } from '../lib/passkeys';
import { StepUpDialog } from './StepUpDialog';

const ASSERTION = { id: 'cred-one', type: 'public-key' as const, response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln' } };
const asked: PasskeyRequestOptions[] = [];
vi.mock('../lib/passkeys', () => ({
  getPasskey: (options: PasskeyRequestOptions) => {
    asked.push(options);
    return Promise.resolve(ASSERTION);
  },
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 120000, userVerification: 'preferred', allowCredentials: [{ type: 'public-key', id: 'cred-one', transports: ['internal'] }] };
const DETAIL = 'This action needs a second-factor check within the last 5 minutes.';

let proved = false;
let gateway: FakeGateway;
function withFactors(attributes: { totp: { created: string; lastUsed: null } | null; passkeys: Array<{ id: string; name: string; transports: string[]; created: string; lastUsed: null }> }) {
  gateway.on('GET', /\/id\/second-factors$/, () => ({ body: { data: { type: 'secondfactors', id: '1', attributes: { required: true, recoveryCodesLeft: 10, ...attributes } } } }));
}

beforeEach(() => {
  proved = false;
  asked.length = 0;
  gateway = new FakeGateway()
    .on('POST', /\/approvals\/7\/approve$/, () =>
      proved ? { body: { data: { type: 'approval', id: '7', attributes: {} } } } : { status: 403, body: { errors: [{ status: '403', code: 'step_up_required', title: 'Confirm it is you', detail: DETAIL }] } },
    )
    .on('POST', /\/second-factors\/step-up\/passkey-options$/, () => ({ body: { data: { type: 'passkeyrequestoptions', id: '1', attributes: OPTIONS } } }))
    .on('POST', /\/second-factors\/step-up$/, () => {
      proved = true;
      return { body: { data: { type: 'stepup', id: '1', attributes: { freshUntil: '2025-01-15T12:05:00.000Z' } } } };
    });
  fetchProxy.handle = gateway.handle;
  sessionStore.signIn({ userId: '1', email: 'sschecker@demo.test', accessToken: 'session-token', roles: [4], tenantId: 'ss-swift', claim: null, adminTenant: false, expiresAt: Date.now() + 3_600_000 });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <StepUpDialog />
      </QueryClientProvider>
    </MantineProvider>,
  );
});

describe('the step-up dialog (issue 28 item 2)', () => {
  it('[issue 28] offers "Use a passkey" to a user who has one; the passkey proves it and the same request goes through', async () => {
    withFactors({ totp: { created: '2025-01-10T09:00:00.000Z', lastUsed: null }, passkeys: [{ id: 'cred-one', name: 'Work laptop', transports: ['internal'], created: '2025-01-10T09:00:00.000Z', lastUsed: null }] });
    const approval = callOperation('approveApproval', { path: { id: '7' } });
    // The dialog asks once the factors are read (a spinner in it before).
    await screen.findByRole('textbox', { name: /^Authentication code/ });
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
    await expect(approval).resolves.toMatchObject({ data: { id: '7' } });
    expect(asked).toEqual([OPTIONS]);
    const proofs = gateway.callsTo('POST', /\/second-factors\/step-up$/).map((call) => call.body);
    expect(proofs).toEqual([{ data: { type: 'stepup', attributes: { passkey: ASSERTION } } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[issue 28] offers no passkey to a user without one', async () => {
    withFactors({ totp: { created: '2025-01-10T09:00:00.000Z', lastUsed: null }, passkeys: [] });
    void callOperation('approveApproval', { path: { id: '7' } }).catch(() => undefined);
    await screen.findByRole('textbox', { name: /^Authentication code/ });
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[issue 28] asks a user without an authenticator app for a recovery code or the passkey', async () => {
    withFactors({ totp: null, passkeys: [{ id: 'cred-one', name: 'Work laptop', transports: [], created: '2025-01-10T09:00:00.000Z', lastUsed: null }] });
    void callOperation('approveApproval', { path: { id: '7' } }).catch(() => undefined);
    await screen.findByRole('textbox', { name: /^Recovery code/ });
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).queryByRole('button', { name: 'Use the authenticator app instead' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
  });
});
